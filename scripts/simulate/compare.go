package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"schedlab/policies"
	"schedlab/policies/scenario"
)

// writeComparison prints, under the run table of a scenario run on its own workload, every number
// the paper published beside ours in the same unit (times in hours) and the difference in per
// cent of the published value, so that how close a reproduction is needs no arithmetic. A
// published number for a policy that was not run (-policy chose others) is left out; one whose
// metric the run did not produce says so.
func writeComparison(w io.Writer, sc scenario.Scenario, outs []policies.Outcome) error {
	byPolicy := map[string]map[string]float64{}
	for _, o := range outs {
		fields, err := policies.SummaryFields(o)
		if err != nil {
			return err
		}
		byPolicy[o.Summary.Policy] = fields
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	rows := 0
	for _, e := range sc.Expected {
		fields, ran := byPolicy[e.Policy]
		if !ran {
			continue
		}
		if rows == 0 {
			fmt.Fprintf(w, "\npublished numbers (%s, %s):\n", sc.Name, sc.Paper)
			fmt.Fprintln(tw, "policy\tmetric\tpaper\tours\tdifference\tsource\t")
		}
		rows++
		name, scale := metricUnit(e.Metric)
		ours, ok := fields[e.Metric]
		if !ok {
			fmt.Fprintf(tw, "%s\t%s\t%s\t-\t-\t%s\t\n", e.Policy, name, num(e.Value/scale), e.Source)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t\n", e.Policy, name, num(e.Value/scale), num(ours/scale), diffPercent(ours, e.Value), e.Source)
	}
	if rows == 0 {
		return nil
	}
	return tw.Flush()
}

// metricUnit names a runner JSON field for the table and gives the divisor to its display unit:
// seconds become hours, as in the run table.
func metricUnit(field string) (string, float64) {
	if base, ok := strings.CutSuffix(field, "_s"); ok {
		return base + " h", 3600
	}
	return field, 1
}

func num(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }

// diffPercent is (ours - paper) / paper in per cent with its sign; "-" when the paper's value is 0.
func diffPercent(ours, paper float64) string {
	if paper == 0 {
		return "-"
	}
	return fmt.Sprintf("%+.2f %%", 100*(ours-paper)/paper)
}
