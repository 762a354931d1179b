package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"schedlab/core/export"
	"schedlab/policies"
)

// writeJSON prints one JSON object per run.
func writeJSON(w io.Writer, outs []policies.Outcome) error {
	for _, o := range outs {
		b, err := json.Marshal(o.Summary)
		if err != nil {
			return err
		}
		if _, err := w.Write(append(b, '\n')); err != nil {
			return err
		}
	}
	return nil
}

// writeTable prints a readable table, hours for JCTs.
func writeTable(w io.Writer, outs []policies.Outcome) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "policy\tjobs\tdone\trejected\tmeasured\tmean JCT h\tp50 h\tp99 h\tqueue h\tmakespan h\tGPU util\tpreempt\t")
	h := func(p *float64) string {
		if p == nil {
			return "-"
		}
		return strconv.FormatFloat(*p/3600, 'f', 3, 64)
	}
	for _, o := range outs {
		s := o.Summary
		util := "-"
		if s.GPUUtil != nil {
			util = strconv.FormatFloat(*s.GPUUtil, 'f', 3, 64)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t\n", s.Policy, s.Jobs, s.Completed, s.Rejected,
			s.MeasuredJobs, h(s.MeanJCT), h(s.P50JCT), h(s.P99JCT), h(s.MeanQueue), h(s.Makespan), util, s.Preemptions)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(outs) > 0 && outs[0].Summary.Rho != nil {
		fmt.Fprintf(w, "rho (A-SRPT Lemma 1, max alpha_max/alpha_min over the workload) = %.3f\n", *outs[0].Summary.Rho)
	}
	for _, o := range outs {
		for _, wn := range o.Summary.Warnings {
			fmt.Fprintf(w, "warning (%s): %s\n", o.Summary.Policy, wn)
		}
	}
	return nil
}

// writeJobs writes the per-job CSV of every run.
func writeJobs(w io.Writer, outs []policies.Outcome) error { return export.WriteJobsCSV(w, runs(outs)) }

func runs(outs []policies.Outcome) []export.Run {
	rs := make([]export.Run, len(outs))
	for i, o := range outs {
		rs[i] = export.Run{Policy: o.Summary.Policy, Result: o.Result}
	}
	return rs
}
