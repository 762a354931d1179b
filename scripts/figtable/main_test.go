package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"schedlab/core/world"
	"schedlab/policies"
	"schedlab/policies/figure"
)

// smokeCSV runs the smoke figure on one seed-list and returns its CSV as the runner writes it,
// with a copy of the figure that is not marked smoke (the tables leave smoke figures out; the
// smoke figure is used because it is cheap to run).
func smokeCSV(t *testing.T) (*figure.Figure, string) {
	smoke, _ := policies.FindFigure("baselines-smoke")
	plain := *smoke
	plain.Smoke = false
	f := &plain
	var rows []figure.Row
	for _, c := range f.Cells(f.Seeds) {
		r, err := policies.RunCell(policies.Builtin(), world.Models(), f, c, nil, policies.Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r...)
	}
	var b bytes.Buffer
	if err := f.WriteCSV(&b, rows); err != nil {
		t.Fatal(err)
	}
	return f, b.String()
}

func TestRewriteFillsTheBlockFromTheCSV(t *testing.T) {
	f, csv := smokeCSV(t)
	open := func(id string) (io.ReadCloser, error) {
		if id != f.ID {
			return nil, os.ErrNotExist
		}
		return io.NopCloser(strings.NewReader(csv)), nil
	}
	readme := "# x\n\n<!-- figures:core -->\nstale text\n<!-- /figures -->\n\nrest\n"
	got, err := rewrite(readme, open, []*figure.Figure{f})
	if err != nil {
		t.Fatal(err)
	}
	v := figure.Compare(f, mustRead(t, f, csv))[0]
	row := "| `baselines-smoke` (smoke, 3 seeds) | our check | srtf | 12 | mean_jct_s | below FIFO | " + v.Ours + " | – | " + v.Verdict + " | – | " + md(v.Why) + " | [1] |"
	if !strings.Contains(got, row) || strings.Contains(got, "stale") || !strings.HasSuffix(got, "<!-- /figures -->\n\nrest\n") ||
		!strings.Contains(got, "[1] ours, a textbook property: ") {
		t.Errorf("rewritten document:\n%s\nwant the row %s", got, row)
	}
	again, err := rewrite(got, open, []*figure.Figure{f})
	if err != nil || again != got {
		t.Errorf("a second rewrite changed the text (%v)", err)
	}
	if got, err := rewrite("<!-- figures:nope -->\n<!-- /figures -->", open, []*figure.Figure{f}); err != nil ||
		got != "<!-- figures:nope -->\nNo figure of this family in the catalogue.\n<!-- /figures -->" {
		t.Errorf("a family without figures: %q %v", got, err)
	}
	smoke, _ := policies.FindFigure(f.ID)
	if got, err := rewrite("<!-- figures:core -->\n<!-- /figures -->", open, []*figure.Figure{smoke}); err != nil ||
		got != "<!-- figures:core -->\nNo figure of this family in the catalogue.\n<!-- /figures -->" {
		t.Errorf("a smoke figure is not left out: %q %v", got, err)
	}
	none := func(string) (io.ReadCloser, error) { return nil, os.ErrNotExist }
	if _, err := rewrite(readme, none, []*figure.Figure{f}); err == nil || !strings.Contains(err.Error(), "figure baselines-smoke: no CSV") {
		t.Errorf("missing CSV: %v", err)
	}
}

func mustRead(t *testing.T, f *figure.Figure, csv string) []figure.Row {
	rows, err := figure.ReadCSV(f, "smoke.csv", strings.NewReader(csv))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// Every family with catalogue figures keeps its generated table in its own document, where
// `make doc-figures` (which names these files) rewrites it.
func TestEachFamilysDocumentHoldsItsBlock(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range policies.Figures() {
		if f.Smoke || seen[f.Family] {
			continue
		}
		seen[f.Family] = true
		path := filepath.Join("..", "..", "policies", f.Family, "README.md")
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(text), "<!-- figures:"+f.Family+" -->"); n != 1 {
			t.Errorf("%s: %d blocks <!-- figures:%s -->, want 1", path, n, f.Family)
		}
	}
}

func TestRunNeedsDocumentsWithBlocks(t *testing.T) {
	var stderr bytes.Buffer
	if err := run([]string{"-csv", t.TempDir()}, &stderr); err == nil || !strings.Contains(err.Error(), "name the documents") {
		t.Errorf("no documents: %v", err)
	}
	doc := filepath.Join(t.TempDir(), "doc.md")
	if err := os.WriteFile(doc, []byte("# no block\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"-csv", t.TempDir(), doc}, &stderr); err == nil || !strings.Contains(err.Error(), doc+": no <!-- figures:FAMILY --> block") {
		t.Errorf("a document without a block: %v", err)
	}
}

// The index counts what the generated rows say: verdictsOf reads back a rewritten block's verdicts
// in the order figure.Compare gives them, and indexTable counts them per figure.
func TestIndexCountsTheGeneratedVerdicts(t *testing.T) {
	f, csv := smokeCSV(t)
	open := func(string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(csv)), nil }
	doc, err := rewrite("<!-- figures:core -->\n<!-- /figures -->\n", open, []*figure.Figure{f})
	if err != nil {
		t.Fatal(err)
	}
	var want []claim
	for _, v := range figure.ClaimsOf(f, mustRead(t, f, csv)).All() {
		want = append(want, claim{string(v.Ref.Evidence), v.Verdict})
	}
	if got := verdictsOf(doc)[f.ID]; !slices.Equal(got, want) || len(want) == 0 {
		t.Errorf("verdictsOf = %q, want %q", got, want)
	}
	table, err := indexTable([]*figure.Figure{f}, map[string][2]string{"core": {"core.md", doc}})
	if err != nil {
		t.Fatal(err)
	}
	row := fmt.Sprintf("| core | smoke | `build/simulate -figure %s` | [our check: %d %s](core.md) |\n", f.ID, len(want), want[0].verdict)
	if !strings.Contains(table, row) {
		t.Errorf("index:\n%s\nwant the row %s", table, row)
	}
	if _, err := indexTable([]*figure.Figure{f}, map[string][2]string{"core": {"core.md", "no table"}}); err == nil ||
		!strings.Contains(err.Error(), "no rows in core.md") {
		t.Errorf("a document without rows: %v", err)
	}
}

// README.md's reproduction table is the one the families' documents give (make doc-index).
func TestReadmeIndexIsCurrent(t *testing.T) {
	root := filepath.Join("..", "..")
	docs := map[string][2]string{}
	for _, fam := range []string{"baselines", "synergy", "similarity", "interference", "asrpt"} {
		text, err := os.ReadFile(filepath.Join(root, "policies", fam, "README.md"))
		if err != nil {
			t.Fatal(err)
		}
		docs[fam] = [2]string{"policies/" + fam + "/README.md", string(text)}
	}
	table, err := indexTable(policies.Figures(), docs)
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "<!-- figure-index -->\n"+table+"<!-- /figure-index -->") {
		t.Error("README.md's reproduction table is not the families' documents' (run make doc-index)")
	}
}

func TestPlural(t *testing.T) {
	for _, tc := range []struct {
		v    string
		n    int
		want string
	}{
		{"agrees", 1, "agrees"},
		{"agrees", 4, "agree"},
		{"trend holds", 3, "trends hold"},
		{"direction fails", 2, "directions fail"},
		{"direction holds", 1, "direction holds"},
		{"inconclusive", 5, "inconclusive"},
		{"shown, not judged", 2, "shown, not judged"},
	} {
		if got := plural(tc.v, tc.n); got != tc.want {
			t.Errorf("plural(%q, %d) = %q, want %q", tc.v, tc.n, got, tc.want)
		}
	}
}

// TestIndexCarriesEachPapersSentence: under the table, each paper's sentence as its family's
// document gives it, once per paper.
func TestIndexCarriesEachPapersSentence(t *testing.T) {
	f, csv := smokeCSV(t)
	g := *f
	g.Smoke, g.Paper, g.Family = false, "Paper P", "fam"
	open := func(string) (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader(strings.ReplaceAll(csv, "baselines-smoke", g.ID))), nil
	}
	doc, err := rewrite("<!-- figures:fam -->\n<!-- /figures -->\n", open, []*figure.Figure{&g})
	if err != nil {
		t.Fatal(err)
	}
	h := g
	h.ID = "other"
	table, err := indexTable([]*figure.Figure{&g, &h}, map[string][2]string{"fam": {"fam.md", doc + strings.ReplaceAll(doc, "`"+g.ID+"`", "`other`")}})
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(table, "\n**Paper P**: None of the paper's printed numbers or stated words is judged here; beyond them, our own checks hold in "); n != 1 {
		t.Errorf("index:\n%s\nwant Paper P's sentence once, found %d", table, n)
	}
}
