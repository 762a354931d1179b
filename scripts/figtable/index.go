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

// claim is one generated row as the index reads it back: its kind of evidence and its verdict.
type claim struct{ kind, verdict string }

// verdictsOf reads the generated tables of a family's document: for each figure ID, its rows'
// kinds and verdicts in order (the verdict "no published reference" for a figure listed without
// one).
func verdictsOf(doc string) map[string][]claim {
	out := map[string][]claim{}
	for _, b := range block.FindAllString(doc, -1) {
		for line := range strings.Lines(b) {
			switch {
			case strings.HasPrefix(line, "| `"):
				cells := strings.Split(strings.ReplaceAll(line, `\|`, "\x00"), "|")
				// "", figure, kind, series, x, metric, reference, ours, difference, verdict, published, why, source, "\n"
				if len(cells) != 14 {
					continue
				}
				if m := figureCell.FindStringSubmatch(cells[1]); m != nil {
					out[m[1]] = append(out[m[1]], claim{strings.TrimSpace(cells[2]), strings.TrimSpace(cells[9])})
				}
			case strings.HasPrefix(line, "Without a published reference: "):
				for _, m := range figureCell.FindAllStringSubmatch(line, -1) {
					out[m[1]] = append(out[m[1]], claim{verdict: "no published reference"})
				}
			}
		}
	}
	return out
}

// verdictOrder is the order of the counts within a kind: agreement first, then the rest.
var verdictOrder = []string{"agrees", "direction holds", "trend holds", "inconclusive", "disagrees", "direction fails",
	"trend fails", "shown, not judged", "refused", "no data", "no published reference"}

// rank is a verdict's place in verdictOrder (an unknown verdict last).
func rank(v string) int {
	if i := slices.Index(verdictOrder, v); i >= 0 {
		return i
	}
	return len(verdictOrder)
}

// kindRank is a row's kind's place in figure.Evidences (a shown number under its kind), an
// unknown kind len(figure.Evidences).
func kindRank(k string) int {
	k, _ = strings.CutSuffix(k, ", shown")
	if i := slices.Index(figure.Evidences, figure.Evidence(k)); i >= 0 {
		return i
	}
	return len(figure.Evidences)
}

// paperLine finds a family table's sentence on one paper: "**PAPER**, each claim once: SENTENCE".
var paperLine = regexp.MustCompile(`(?m)^\*\*(.+?)\*\*, each claim once: (.*?) *$`)

// indexTable is the README's table: paper, figure, command and a count of each verdict, linked to
// the family's document that holds the rows (docs maps a family to its path and text); under it,
// each paper's sentence as its family's table gives it (the paper's own numbers and words, each
// claim once).
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
		var parts []string
		for _, v := range vs {
			switch {
			case v.verdict == "no published reference":
				parts = append(parts, v.verdict)
			case kindRank(v.kind) == len(figure.Evidences):
				return "", fmt.Errorf("figure %s: a row of kind %q in %s, not one of %q (run make doc-figures)", f.ID, v.kind, doc[0], figure.Evidences)
			}
		}
		for k := range figure.Evidences {
			var order []string
			count := map[string]int{}
			for _, v := range vs {
				if v.verdict == "no published reference" || kindRank(v.kind) != k {
					continue
				}
				if count[v.verdict] == 0 {
					order = append(order, v.verdict)
				}
				count[v.verdict]++
			}
			if len(order) == 0 {
				continue
			}
			slices.SortStableFunc(order, func(a, b string) int { return rank(a) - rank(b) })
			var counts []string
			for _, v := range order {
				counts = append(counts, fmt.Sprintf("%d %s", count[v], plural(v, count[v])))
			}
			parts = append(parts, string(figure.Evidences[k])+": "+strings.Join(counts, ", "))
		}
		verdict := fmt.Sprintf("[%s](%s)", strings.Join(parts, "; "), doc[0])
		b.WriteString("| " + strings.Join([]string{md(f.Paper), md(f.Number), "`build/simulate -figure " + f.ID + "`", verdict}, " | ") + " |\n")
	}
	var papers []string
	for _, f := range figs {
		if f.Smoke || slices.Contains(papers, md(f.Paper)) {
			continue
		}
		for _, m := range paperLine.FindAllStringSubmatch(strings.Join(block.FindAllString(docs[f.Family][1], -1), "\n"), -1) {
			if m[1] == md(f.Paper) {
				papers = append(papers, m[1])
				fmt.Fprintf(&b, "\n**%s**: %s\n", m[1], m[2])
				break
			}
		}
	}
	return b.String(), nil
}

// plurals are the verdicts' words for more than one row: "3 trends hold", not "3 trend holds".
var plurals = map[string]string{
	"agrees": "agree", "disagrees": "disagree",
	"direction holds": "directions hold", "direction fails": "directions fail",
	"trend holds": "trends hold", "trend fails": "trends fail",
}

// plural writes verdict v for n rows.
func plural(v string, n int) string {
	if p, ok := plurals[v]; ok && n != 1 {
		return p
	}
	return v
}
