// Package report writes the reviewer's report: per paper every claim of the figures run — its
// words and source, the figure, ours ± 95 % interval, the seeds and the verdict
// (figure.Claims.Rows) — with each figure's and each paper's tally, and the program version.
//
// The runner's -judge … -report FILE writes it as one self-contained HTML page (inline CSS, no
// script, no request), and the page's Claims view shows the same body (Body) for the figures
// stored in the browser and downloads the same page (Write). One template for both is what makes
// the two agree by construction: a change to a row's words reaches both.
// Every string from the catalogue or the rows is escaped (esc).
package report

import (
	"fmt"
	"html"
	"io"
	"slices"
	"strings"

	"schedlab/policies/figure"
)

// Table is one figure's claims table, with a note on how it was run ("" or "partial: 3 of 12
// cells").
type Table struct {
	figure.Claims
	Note string
}

// Paper is one paper's claims tables, the catalogue figures of it not run (only when the caller
// asks for them, Papers), and its tallies over the tables (figure.ByPaper's).
type Paper struct {
	Paper   string
	Tables  []Table
	NotRun  []*figure.Figure
	Tallies figure.Tallies // per kind of evidence, each claim once (figure.ByPaper's)
	// Sentence says in one sentence what of the paper was reproduced and what was not
	// (figure.PaperClaims.Sentence).
	Sentence string
}

// Report is what Write and Body show.
type Report struct {
	Papers  []Paper
	Version string // the program version: the runner's hash and commit, or the page's build
	From    string // where the rows come from: a file or directory, or "this browser's stored figures"
	// Problems are stored rows that could not be read, each naming the figure and why; they are
	// listed above the papers and judge nothing.
	Problems []string
	// RunButtons gives each figure not run a button (data-run-figure="ID") the page wires to run
	// it in its Figures view; the standalone file has none (it runs nothing).
	RunButtons bool
}

// Papers groups tables by paper, papers and figures in the catalogue's order. With notRun,
// every catalogue figure without a table (smoke figures aside) is listed under its paper as not
// run. A table of a figure the catalogue lacks comes last, under its own paper.
func Papers(catalogue []*figure.Figure, tables []Table, notRun bool) []Paper {
	pos := func(id string) int {
		i := slices.IndexFunc(catalogue, func(f *figure.Figure) bool { return f.ID == id })
		if i < 0 {
			return len(catalogue)
		}
		return i
	}
	tables = slices.Clone(tables)
	slices.SortStableFunc(tables, func(a, b Table) int { return pos(a.Figure.ID) - pos(b.Figure.ID) })

	var out []Paper
	paper := func(name string) *Paper {
		i := slices.IndexFunc(out, func(p Paper) bool { return p.Paper == name })
		if i < 0 {
			i, out = len(out), append(out, Paper{Paper: name})
		}
		return &out[i]
	}
	for _, f := range catalogue {
		has := slices.ContainsFunc(tables, func(t Table) bool { return t.Figure.ID == f.ID })
		switch {
		case has:
			paper(f.Paper)
		case notRun && !f.Smoke:
			p := paper(f.Paper)
			p.NotRun = append(p.NotRun, f)
		}
	}
	var claims []figure.Claims
	for _, t := range tables {
		p := paper(t.Figure.Paper)
		p.Tables = append(p.Tables, t)
		claims = append(claims, t.Claims)
	}
	for _, pc := range figure.ByPaper(claims) {
		p := paper(pc.Paper)
		p.Tallies, p.Sentence = pc.Tallies, pc.Sentence()
	}
	return out
}

// Write writes r as one self-contained HTML page: inline CSS, no script, and a
// Content-Security-Policy that forbids every request.
func Write(w io.Writer, r Report) error {
	var b strings.Builder
	b.WriteString(head)
	body(&b, r)
	b.WriteString("</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// Body writes the part of the page inside <body>: what the page's Claims view shows.
func Body(w io.Writer, r Report) error {
	var b strings.Builder
	body(&b, r)
	_, err := io.WriteString(w, b.String())
	return err
}

// groupClass is a row's class: "shown" for a number only shown, "paper" for the paper's numbers
// and words, "other" for the other kinds of evidence (drawn quieter).
func groupClass(group string) string {
	switch {
	case group == "shown":
		return "shown"
	case figure.Evidence(group).Papers():
		return "paper"
	}
	return "other"
}

// VerdictClass colours a verdict: held claims "v-hold", failed ones "v-fail", others none.
func VerdictClass(v string) string {
	var t figure.Tally
	t.Add(figure.Verdict{Verdict: v})
	switch {
	case t.Hold > 0:
		return "v-hold"
	case t.Fail > 0:
		return "v-fail"
	}
	return ""
}

// The page is written by hand, every string from the catalogue or the rows through esc, rather
// than with html/template: a template's reflection keeps every exported method of the program
// alive, which tripled the page's wasm binary.
func esc(s string) string { return html.EscapeString(s) }

// or is s, or "–" when s is empty.
func or(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

const head = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>schedlab: the papers' claims against our runs</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 80em; padding: 0 1em; color: #1d2330; }
h1 { font-size: 1.5em; } h2 { font-size: 1.25em; margin-top: 2em; } h3 { font-size: 1.05em; margin-bottom: .3em; }
table { border-collapse: collapse; width: 100%; margin: .3em 0 .6em; }
th, td { border-bottom: 1px solid #dde1ea; padding: .25em .5em; text-align: left; vertical-align: top; }
th { background: #f3f5f9; font-weight: 600; }
td.src { color: #5a6375; font-size: .92em; }
tr.shown td, tr.other td { color: #5a6375; }
.why { font-style: italic; } p.sentence { font-weight: 600; }
td.v-hold { color: #1a7f37; font-weight: 600; } td.v-fail { color: #b00020; font-weight: 600; }
p.tally { margin: .2em 0 1em; color: #3a4254; }
.note { color: #5a6375; } .problem { color: #b00020; }
</style>
</head>
<body>
`

const rule = `Ours is the mean over seeds
with its 95 % Student-t interval; an effect against a baseline is the mean of the per-seed log ratios,
shown as a percentage with its asymmetric interval. A value or effect with a band agrees when the
whole interval lies inside the band, disagrees when it lies wholly outside, and is inconclusive
otherwise; a band of ±50 % or wider is judged as a direction. A direction or trend holds or fails when
the whole interval lies on one side of zero. One seed is judged on the point only on the authors' own
seed or a replayed trace. Every claim names its kind of evidence: "paper: number", "paper: words",
"authors' code", "our set-up" or "our check"; a paper's tally counts only its numbers and words, each
claim once, and the other kinds are tallied on their own lines. Numbers shown, not judged, count in
no tally.`

func body(b *strings.Builder, r Report) {
	fmt.Fprintf(b, "<h1>The papers' claims against our runs</h1>\n<p class=\"note\">Program version %s; rows judged from %s. %s</p>\n",
		esc(r.Version), esc(r.From), rule)
	for _, p := range r.Problems {
		fmt.Fprintf(b, "<p class=\"problem\" data-problem>%s</p>\n", esc(p))
	}
	for _, p := range r.Papers {
		fmt.Fprintf(b, "<section data-paper=\"%s\">\n<h2>%s</h2>\n", esc(p.Paper), esc(p.Paper))
		if len(p.Tables) > 0 {
			fmt.Fprintf(b, "<p class=\"sentence\" data-paper-sentence>%s</p>\n", esc(p.Sentence))
			b.WriteString("<ul class=\"tally\" data-paper-tally>\n")
			for _, k := range p.Tallies {
				fmt.Fprintf(b, "<li data-evidence=\"%s\">%s: %s</li>\n", esc(string(k.Evidence)), esc(string(k.Evidence)), esc(k.Tally.String()))
			}
			b.WriteString("</ul>\n")
		}
		for _, t := range p.Tables {
			table(b, t)
		}
		if len(p.NotRun) > 0 {
			b.WriteString("<p class=\"note\">Not run yet:</p>\n<ul class=\"notrun\">\n")
			for _, f := range p.NotRun {
				fmt.Fprintf(b, "<li data-not-run=\"%s\">%s — %s: not run", esc(f.ID), esc(f.Number), esc(f.ID))
				if r.RunButtons {
					fmt.Fprintf(b, " <button type=\"button\" class=\"link\" data-run-figure=\"%s\">run it in Figures</button>", esc(f.ID))
				}
				b.WriteString("</li>\n")
			}
			b.WriteString("</ul>\n")
		}
		b.WriteString("</section>\n")
	}
}

// table writes one figure's heading, its claims and its tally.
func table(b *strings.Builder, t Table) {
	f := t.Figure
	fmt.Fprintf(b, "<h3 id=\"%s\">%s — %s</h3>\n<p class=\"note\">%s", esc(f.ID), esc(f.Number), esc(f.ID), esc(f.Caption))
	if t.Note != "" {
		fmt.Fprintf(b, " (%s)", esc(t.Note))
	}
	b.WriteString("</p>\n")
	rows := t.Rows()
	if len(rows) == 0 {
		b.WriteString("<p class=\"note\">No published reference for this figure.</p>\n")
		return
	}
	fmt.Fprintf(b, "<table data-figure=\"%s\">\n<tr><th>claim</th><th>source</th><th>ours (95 %% CI)</th><th>seeds</th><th>verdict</th><th>published value, why</th></tr>\n", esc(f.ID))
	for _, row := range rows {
		prefix := string(row.Evidence) + ": "
		if row.Group == "shown" {
			prefix = "shown, " + prefix
		}
		class := ""
		if c := VerdictClass(row.Verdict); c != "" {
			class = " class=\"" + c + "\""
		}
		fmt.Fprintf(b, "<tr class=\"%s\" data-verdict=\"%s\"><td>%s%s</td><td class=\"src\">%s</td><td>%s</td><td>%s</td><td%s>%s</td><td>",
			groupClass(row.Group), esc(row.Verdict), esc(prefix), esc(row.Claim), esc(row.Source), esc(or(row.Ours)), esc(or(row.Seeds)), class, esc(row.Verdict))
		if row.Published != "" {
			fmt.Fprintf(b, "<span class=\"note\" data-published>%s</span>", esc(row.Published))
		}
		if row.Why != "" {
			if row.Published != "" {
				b.WriteString("<br>")
			}
			fmt.Fprintf(b, "<span class=\"why\" data-why>why: %s</span>", esc(row.Why))
		}
		b.WriteString("</td></tr>\n")
	}
	fmt.Fprintf(b, "</table>\n<p class=\"tally\" data-figure-tally=\"%s\">Tally: %s.</p>\n", esc(f.ID), esc(t.TallyText()))
}
