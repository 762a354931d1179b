package main

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"

	"schedlab/policies/figure"
)

var findingsBlock = regexp.MustCompile(`(?s)<!-- findings -->\n.*?<!-- /findings -->`)

// readingLines are a figure's claims judged under every reading (figure.MatrixOf), one line each:
// "model similarity (2023) below first fit, any type, makespan (paper: words): holds under 5 of
// 12 readings (…); …". Nothing for a figure without choices.
func readingLines(f *figure.Figure, rows []figure.Row) []string {
	if len(f.Choices) == 0 {
		return nil
	}
	m := figure.MatrixOf(f, rows)
	var out []string
	for _, c := range m.Claims {
		if c.Ref.Shown {
			continue
		}
		out = append(out, claimText(f, c.Ref)+" ("+string(c.Ref.Evidence)+"): "+c.Summary)
	}
	return out
}

// claimText is a claim in words: series, what it claims against what, the metric, the point.
func claimText(f *figure.Figure, r figure.Ref) string {
	title := func(name string) string {
		if i := f.SeriesIndex(name); i >= 0 {
			return f.Series[i].Title()
		}
		return name
	}
	s := title(r.Series) + " "
	switch r.Kind {
	case figure.Direction:
		s += map[bool]string{true: "below ", false: "above "}[r.Lower] + title(r.Baseline)
	case figure.Relative:
		s += fmt.Sprintf("%+.4g %% vs %s", r.Value*100, title(r.Baseline))
	case figure.Trend:
		s += "vs " + title(r.Baseline) + " over " + r.X + " → " + r.To
	default:
		s += fmt.Sprintf("%g %s", r.Value, r.Unit)
	}
	metric := ""
	if i := f.MetricIndex(r.Metric); i >= 0 {
		metric = f.Metrics[i].Title()
	}
	for _, c := range f.Choices {
		if slices.Contains(c.Metrics, r.Metric) {
			metric = "the " + c.Name + " reading's metric"
		}
	}
	if metric != "" {
		s += ", " + metric
	}
	if r.X != "" && r.Kind != figure.Trend {
		s += ", " + f.Sweep.Name + " " + r.X
	}
	return s
}

// findings is the README's "what the reproductions find", per paper: for each figure with
// choices, each claim's one-line summary over the readings; for the others, their tally.
func findings(open func(id string) (io.ReadCloser, error), figs []*figure.Figure) (string, error) {
	var b bytes.Buffer
	var papers []string
	for _, f := range figs {
		if !f.Smoke && len(f.Refs) > 0 && !slices.Contains(papers, f.Paper) {
			papers = append(papers, f.Paper)
		}
	}
	for _, p := range papers {
		fmt.Fprintf(&b, "- **%s**\n", p)
		for _, f := range figs {
			if f.Smoke || f.Paper != p || len(f.Refs) == 0 {
				continue
			}
			rows, err := readRows(f, open)
			if err != nil {
				return "", err
			}
			lines := readingLines(f, rows)
			if len(lines) == 0 {
				fmt.Fprintf(&b, "  - `%s` (%s): %s.\n", f.ID, f.Number, figure.ClaimsOf(f, rows).TallyText())
				continue
			}
			fmt.Fprintf(&b, "  - `%s` (%s), under %d readings (%s; default %s):\n", f.ID, f.Number, len(figure.ReadingsIn(rows)),
				f.ChoicesText(), f.Readings()[0].Name)
			for _, l := range lines {
				fmt.Fprintf(&b, "    - %s.\n", l)
			}
		}
	}
	return b.String(), nil
}

// rewriteFindings rewrites the findings block of the index file's text, when it has one.
func rewriteFindings(text string, open func(id string) (io.ReadCloser, error), figs []*figure.Figure) (string, error) {
	if !findingsBlock.MatchString(text) {
		return text, nil
	}
	body, err := findings(open, figs)
	if err != nil {
		return "", err
	}
	return findingsBlock.ReplaceAllLiteralString(text, "<!-- findings -->\n"+strings.TrimSuffix(body, "\n")+"\n<!-- /findings -->"), nil
}
