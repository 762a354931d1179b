package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"schedlab/policies/figure"
)

// indexBlock is the README's reproduction table, one row per catalogue figure.
var indexBlock = regexp.MustCompile(`(?s)<!-- figure-index -->\n.*?<!-- /figure-index -->`)

// figureCell finds a figure's ID in the first cell of a generated row or in the list of figures
// without a published reference.
var figureCell = regexp.MustCompile("`([a-z0-9-]+)` \\(")

// verdictsOf reads the generated tables of a family's document: for each figure ID, its rows'
// verdicts in order ("no published reference" for a figure listed without one).
func verdictsOf(doc string) map[string][]string {
	out := map[string][]string{}
	for _, b := range block.FindAllString(doc, -1) {
		for line := range strings.Lines(b) {
			switch {
			case strings.HasPrefix(line, "| `"):
				cells := strings.Split(strings.ReplaceAll(line, `\|`, "\x00"), "|")
				// "", figure, series, x, metric, reference, ours, difference, verdict, source, "\n"
				if len(cells) != 11 {
					continue
				}
				if m := figureCell.FindStringSubmatch(cells[1]); m != nil {
					out[m[1]] = append(out[m[1]], strings.TrimSpace(cells[8]))
				}
			case strings.HasPrefix(line, "Without a published reference: "):
				for _, m := range figureCell.FindAllStringSubmatch(line, -1) {
					out[m[1]] = append(out[m[1]], "no published reference")
				}
			}
		}
	}
	return out
}

// verdictOrder is the order of the counts in a row: agreement first, then the rest; our own
// checks ("… (our check)") after the paper's claims.
var verdictOrder = []string{"agrees", "direction holds", "trend holds", "inconclusive", "disagrees", "direction fails",
	"trend fails", "shown, not judged", "no data", "no published reference"}

// rank is a verdict's place in verdictOrder (an unknown verdict last), our checks' after all the
// paper's.
func rank(v string) int {
	ours := 0
	if s, ok := strings.CutSuffix(v, " (our check)"); ok {
		v, ours = s, len(verdictOrder)+1
	}
	if i := slices.Index(verdictOrder, v); i >= 0 {
		return ours + i
	}
	return ours + len(verdictOrder)
}

// indexTable is the README's table: paper, figure, command and a count of each verdict, linked to
// the family's document that holds the rows (docs maps a family to its path and text).
func indexTable(figs []*figure.Figure, docs map[string][2]string) (string, error) {
	var b strings.Builder
	b.WriteString("| paper | figure | command | verdicts |\n|---|---|---|---|\n")
	for _, f := range figs {
		if f.Smoke {
			continue
		}
		doc, ok := docs[f.Family]
		if !ok {
			return "", fmt.Errorf("figure %s: no document of family %s given", f.ID, f.Family)
		}
		vs := verdictsOf(doc[1])[f.ID]
		if len(vs) == 0 {
			return "", fmt.Errorf("figure %s: no rows in %s (run make doc-figures)", f.ID, doc[0])
		}
		var order []string
		count := map[string]int{}
		for _, v := range vs {
			if count[v] == 0 {
				order = append(order, v)
			}
			count[v]++
		}
		slices.SortStableFunc(order, func(a, b string) int { return rank(a) - rank(b) })
		var parts []string
		for _, v := range order {
			if v == "no published reference" {
				parts = append(parts, v)
				continue
			}
			parts = append(parts, fmt.Sprintf("%d %s", count[v], plural(v, count[v])))
		}
		verdict := fmt.Sprintf("[%s](%s)", strings.Join(parts, ", "), doc[0])
		b.WriteString("| " + strings.Join([]string{md(f.Paper), md(f.Number), "`build/simulate -figure " + f.ID + "`", verdict}, " | ") + " |\n")
	}
	return b.String(), nil
}

// plurals are the verdicts' words for more than one row: "3 trends hold", not "3 trend holds".
var plurals = map[string]string{
	"agrees": "agree", "disagrees": "disagree",
	"direction holds": "directions hold", "direction fails": "directions fail",
	"trend holds": "trends hold", "trend fails": "trends fail",
}

// plural writes verdict v for n rows, our checks' suffix included.
func plural(v string, n int) string {
	if n == 1 {
		return v
	}
	base, ours := strings.CutSuffix(v, " (our check)")
	if p, ok := plurals[base]; ok {
		base = p
	}
	if ours {
		return base + " (our checks)"
	}
	return base
}
