package report

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"schedlab/policies/figure"
	"schedlab/policies/scenario"
)

// testFigure is a two-series figure of paper; its one reference says SRTF's mean JCT is below
// FIFO's, with a source that tries to break out of the HTML.
func testFigure(id, paper string, smoke bool) *figure.Figure {
	return &figure.Figure{
		ID: id, Paper: paper, Number: "Fig " + id, Caption: "caption of " + id, Smoke: smoke,
		Series:  []figure.Series{{Name: "fifo"}, {Name: "srtf"}},
		Seeds:   []uint64{1, 2, 3},
		Metrics: []figure.Metric{{Name: "mean_jct_s", Unit: "s"}},
		Refs: []figure.Ref{{Kind: figure.Direction, Series: "srtf", Metric: "mean_jct_s", Baseline: "fifo", Lower: true,
			Evidence: figure.PaperNumber, Source: `Schrage 1968 <script>alert(1)</script>`}},
		Cell: func(x, s int, seed uint64) scenario.Spec { return scenario.Spec{} },
	}
}

// rows gives SRTF the mean JCTs srtf against FIFO's 1000 s, one seed each.
func rows(f *figure.Figure, srtf ...float64) []figure.Row {
	var out []figure.Row
	for i, v := range srtf {
		seed := uint64(i + 1)
		out = append(out, figure.Row{S: 0, Seed: seed, Value: 1000}, figure.Row{S: 1, Seed: seed, Value: v})
	}
	return out
}

// TestPapers: papers and figures in the catalogue's order whatever the tables' order; with notRun
// every other figure but the smoke ones is listed under its paper; the tallies are ByPaper's.
func TestPapers(t *testing.T) {
	a1, b1, a2, smoke := testFigure("a1", "Paper A", false), testFigure("b1", "Paper B", false), testFigure("a2", "Paper A", false), testFigure("s", "Paper C", true)
	catalogue := []*figure.Figure{a1, b1, a2, smoke}
	holds := Table{Claims: figure.ClaimsOf(a2, rows(a2, 500, 510, 490))}
	fails := Table{Claims: figure.ClaimsOf(b1, rows(b1, 1500, 1510, 1490)), Note: "partial: 3 of 6 cells"}

	got := Papers(catalogue, []Table{holds, fails}, true)
	var names []string
	for _, p := range got {
		names = append(names, p.Paper)
	}
	if strings.Join(names, "|") != "Paper A|Paper B" {
		t.Fatalf("papers %v: want Paper A, Paper B (the catalogue's order; the smoke paper left out)", names)
	}
	if len(got[0].Tables) != 1 || got[0].Tables[0].Figure != a2 || len(got[0].NotRun) != 1 || got[0].NotRun[0] != a1 {
		t.Errorf("Paper A: tables %v, not run %v: want a2 run, a1 not run", got[0].Tables, got[0].NotRun)
	}
	if got[0].Tallies.Paper().Hold != 1 || got[1].Tallies.Paper().Fail != 1 || got[1].Tables[0].Note == "" {
		t.Errorf("tallies A %v, B %v: want one hold, one fail", got[0].Tallies, got[1].Tallies)
	}
	if p := Papers(catalogue, []Table{holds}, false); len(p) != 1 || len(p[0].NotRun) != 0 {
		t.Errorf("without notRun: %+v, want Paper A alone, nothing listed as not run", p)
	}
}

// TestWriteIsBodyInAPage: the downloaded page holds the view's body byte for byte, makes no
// request, escapes the catalogue's strings, and marks every claim row with its verdict; run
// buttons only where asked for.
func TestWriteIsBodyInAPage(t *testing.T) {
	a1, b1 := testFigure("a1", "Paper A", false), testFigure("b1", "Paper B", false)
	tables := []Table{{Claims: figure.ClaimsOf(b1, rows(b1, 500, 510, 490))}}
	r := Report{Papers: Papers([]*figure.Figure{a1, b1}, tables, true), Version: "v1 (commit abc)", From: "test rows",
		Problems: []string{`stored figure "x": <b>gone</b>`}}
	var page, body bytes.Buffer
	if err := Write(&page, r); err != nil {
		t.Fatal(err)
	}
	if err := Body(&body, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page.String(), body.String()) {
		t.Errorf("the page does not hold the body")
	}
	for _, want := range []string{`data-verdict="direction holds"`, "srtf below fifo, mean_jct_s", "&lt;script&gt;", "&lt;b&gt;gone&lt;/b&gt;",
		"<td>1-3</td>", "Program version v1 (commit abc)", `data-not-run="a1"`, "Tally: paper: number: 1 judged: 1 agree or hold"} {
		if !strings.Contains(page.String(), want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(page.String(), "data-run-figure") {
		t.Errorf("the standalone page has run buttons")
	}
	if m := regexp.MustCompile(`(?i)<script|<link|\bsrc=|https?://|url\(|@import`).FindString(page.String()); m != "" {
		t.Errorf("page would make a request: %q", m)
	}
	r.RunButtons = true
	body.Reset()
	if err := Body(&body, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(body.String(), `data-run-figure="a1"`) {
		t.Errorf("the view's body lacks the run button of the figure not run")
	}
}
