package main

import (
	"html/template"
	"io"
	"runtime/debug"

	"schedlab/policies/figure"
)

// vcsRevision is the commit the binary was built from, as the build info records it (" (commit
// abc123, modified)"), or "" when it records none.
func vcsRevision() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev == "" {
		return ""
	}
	return " (commit " + rev[:min(12, len(rev))] + modified + ")"
}

// writeReport writes the reviewer's report: one self-contained HTML page (inline CSS, no script,
// no request) listing per paper every claim — its words and source, the figure, ours ± 95 %
// interval, the seeds and the verdict (figure.Claims.Rows, the rows the page's Claims view shows)
// — with each figure's and each paper's tally, and the program version.
func writeReport(w io.Writer, papers []figure.PaperClaims, version, from string) error {
	return reportPage.Execute(w, struct {
		Papers        []figure.PaperClaims
		Version, From string
	}{papers, version, from})
}

var reportPage = template.Must(template.New("report").Funcs(template.FuncMap{"verdictClass": verdictClass}).Parse(`<!doctype html>
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
.note { color: #5a6375; }
</style>
</head>
<body>
<h1>The papers' claims against our runs</h1>
<p class="note">Program version {{.Version}}; rows judged from {{.From}}. Ours is the mean over seeds
± its 95 % Student-t interval. A value or effect with a band agrees when the whole interval lies
inside the band, disagrees when it lies wholly outside, and is inconclusive otherwise; a direction or
trend holds or fails when the whole interval lies on one side of zero. One seed is judged on the point
only on the authors' own seed or a replayed trace. Numbers shown, not judged, and our own checks
count apart from the paper's claims.</p>
{{range .Papers}}
<section data-paper="{{.Paper}}">
<h2>{{.Paper}}</h2>
<p class="tally">Paper's claims: {{.Tally}}{{if .OursTally.Judged}}; our checks: {{.OursTally}}{{end}}.</p>
{{range .Figures}}
<h3 id="{{.Figure.ID}}">{{.Figure.Number}} — {{.Figure.ID}}</h3>
<p class="note">{{.Figure.Caption}}</p>
{{if .Rows}}<table data-figure="{{.Figure.ID}}">
<tr><th>claim</th><th>source</th><th>ours (95 % CI)</th><th>seeds</th><th>verdict</th></tr>
{{range .Rows}}<tr class="{{.Group}}" data-verdict="{{.Verdict}}"><td>{{if eq .Group "ours"}}ours: {{else if eq .Group "shown"}}shown: {{end}}{{.Claim}}</td><td class="src">{{.Source}}</td><td>{{or .Ours "–"}}</td><td>{{or .Seeds "–"}}</td><td class="{{verdictClass .Verdict}}">{{.Verdict}}</td></tr>
{{end}}</table>
<p class="tally">Tally: {{.TallyText}}.</p>
{{else}}<p class="note">No published reference for this figure.</p>{{end}}
{{end}}
</section>
{{end}}
</body>
</html>
`))

// verdictClass colours a verdict: held claims green, failed ones red.
func verdictClass(v string) string {
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
