// Package report writes the reviewer's report: per paper every claim of the figures run — its
// words and source, the figure, ours ± 95 % interval, the seeds and the verdict
// (figure.Claims.Rows) — with each figure's and each paper's tally, and the program version.
//
// The runner's -judge … -report FILE writes it as one self-contained HTML page (inline CSS, no
// script, no request), and the page's Claims view shows the same body (Body) for the figures
// stored in the browser and downloads the same page (Write). One template for both is what makes
// the two agree by construction: a change to a row's words reaches both.
package report

import (
	"html/template"
	"io"
	"slices"

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
	Paper            string
	Tables           []Table
	NotRun           []*figure.Figure
	Tally, OursTally figure.Tally
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
		p.Tally, p.OursTally = pc.Tally, pc.OursTally
	}
	return out
}

// Write writes r as one self-contained HTML page: inline CSS, no script, and a
// Content-Security-Policy that forbids every request.
func Write(w io.Writer, r Report) error {
	return page.ExecuteTemplate(w, "report", r)
}

// Body writes the part of the page inside <body>: what the page's Claims view shows.
func Body(w io.Writer, r Report) error {
	return page.ExecuteTemplate(w, "body", r)
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

var page = template.Must(template.New("report").Funcs(template.FuncMap{"verdictClass": VerdictClass}).Parse(`<!doctype html>
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
tr.shown td, tr.ours td { color: #5a6375; }
td.v-hold { color: #1a7f37; font-weight: 600; } td.v-fail { color: #b00020; font-weight: 600; }
p.tally { margin: .2em 0 1em; color: #3a4254; }
.note { color: #5a6375; } .problem { color: #b00020; }
</style>
</head>
<body>
{{template "body" .}}
</body>
</html>
{{define "body"}}<h1>The papers' claims against our runs</h1>
<p class="note">Program version {{.Version}}; rows judged from {{.From}}. Ours is the mean over seeds
± its 95 % Student-t interval. A value or effect with a band agrees when the whole interval lies
inside the band, disagrees when it lies wholly outside, and is inconclusive otherwise; a direction or
trend holds or fails when the whole interval lies on one side of zero. One seed is judged on the point
only on the authors' own seed or a replayed trace. Numbers shown, not judged, and our own checks
count apart from the paper's claims.</p>
{{range .Problems}}<p class="problem" data-problem>{{.}}</p>
{{end}}{{range .Papers}}
<section data-paper="{{.Paper}}">
<h2>{{.Paper}}</h2>
{{if .Tables}}<p class="tally" data-paper-tally>Paper's claims: {{.Tally}}{{if .OursTally.Judged}}; our checks: {{.OursTally}}{{end}}.</p>
{{end}}{{range .Tables}}
<h3 id="{{.Figure.ID}}">{{.Figure.Number}} — {{.Figure.ID}}</h3>
<p class="note">{{.Figure.Caption}}{{if .Note}} ({{.Note}}){{end}}</p>
{{if .Rows}}<table data-figure="{{.Figure.ID}}">
<tr><th>claim</th><th>source</th><th>ours (95 % CI)</th><th>seeds</th><th>verdict</th></tr>
{{range .Rows}}<tr class="{{.Group}}" data-verdict="{{.Verdict}}"><td>{{if eq .Group "ours"}}ours: {{else if eq .Group "shown"}}shown: {{end}}{{.Claim}}</td><td class="src">{{.Source}}</td><td>{{or .Ours "–"}}</td><td>{{or .Seeds "–"}}</td><td class="{{verdictClass .Verdict}}">{{.Verdict}}</td></tr>
{{end}}</table>
<p class="tally" data-figure-tally="{{.Figure.ID}}">Tally: {{.TallyText}}.</p>
{{else}}<p class="note">No published reference for this figure.</p>{{end}}
{{end}}{{if .NotRun}}<p class="note">Not run yet:</p>
<ul class="notrun">
{{range .NotRun}}<li data-not-run="{{.ID}}">{{.Number}} — {{.ID}}: not run{{if $.RunButtons}} <button type="button" class="link" data-run-figure="{{.ID}}">run it in Figures</button>{{end}}</li>
{{end}}</ul>
{{end}}</section>
{{end}}{{end}}`))
