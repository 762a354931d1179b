package figure_test

import (
	"crypto/sha1"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"schedlab/core/shareddata"
	"schedlab/core/world"
	"schedlab/policies"
	"schedlab/policies/figure"
)

// The claims' property tests judge every figure's claims on recorded rows: the rows the claims
// read (figure.ReadRows) of a run of the whole catalogue at its default seeds, in
// testdata/claims/ID.csv, written by `make doc-figures` (or `make claims-rows` from
// build/figures-csv). Running every figure takes minutes, too long for `go test`; that the
// recorded rows are current is checked more cheaply: they hold exactly the cells the current
// claims read at the default seeds (TestRecordedRowsCoverTheClaims), and one cell of each figure,
// run again, gives the recorded values to the bit (TestRecordedRowsRerunOneCell).

// recorded is every figure with references and its recorded rows.
func recorded(t *testing.T) (figs []*figure.Figure, rows [][]figure.Row) {
	t.Helper()
	for _, f := range policies.Figures() {
		if f.Smoke || len(f.Refs) == 0 {
			continue
		}
		path := filepath.Join("testdata", "claims", f.ID+".csv")
		file, err := os.Open(path)
		if err != nil {
			t.Fatalf("figure %s: %v (make claims-rows)", f.ID, err)
		}
		r, err := figure.ReadCSV(f, path, file)
		file.Close()
		if err != nil {
			t.Fatalf("%v (make claims-rows)", err)
		}
		figs, rows = append(figs, f), append(rows, r)
	}
	return figs, rows
}

// TestRecordedRowsCoverTheClaims: each figure's recorded rows are exactly the rows its claims read,
// and every claim is judged on all the seeds it is about (the figure's default seeds, or the
// reference's own).
func TestRecordedRowsCoverTheClaims(t *testing.T) {
	figs, rows := recorded(t)
	for i, f := range figs {
		if got := figure.ReadRows(f, rows[i]); len(got) != len(rows[i]) {
			t.Errorf("figure %s: %d recorded rows, %d of them read by the claims (make claims-rows)", f.ID, len(rows[i]), len(got))
		}
		for k, v := range figure.Compare(f, rows[i]) {
			want := v.Ref.Seeds
			if want == nil {
				want = slices.Sorted(slices.Values(f.Seeds))
			}
			if !slices.Equal(v.Seeds, want) {
				t.Errorf("figure %s, claim %d: judged on seeds %s, want %s (make claims-rows)", f.ID, k+1, figure.FormatSeeds(v.Seeds), figure.FormatSeeds(want))
			}
		}
	}
}

// TestRecordedRowsRerunOneCell runs one cell of every figure again — the first recorded cell of the
// first claim's series — and finds the recorded values to the bit. It takes seconds natively and
// is skipped under -short, the race detector and wasm, where a cell of the authors' workload runs
// ten times slower.
func TestRecordedRowsRerunOneCell(t *testing.T) {
	if testing.Short() || raceEnabled || runtime.GOOS == "js" {
		t.Skip("re-running a cell per figure: natively, without -short or -race")
	}
	figs, rows := recorded(t)
	reg, models := policies.Builtin(), world.Models()
	for i, f := range figs {
		s := f.SeriesIndex(f.Refs[0].Series)
		first := rows[i][slices.IndexFunc(rows[i], func(r figure.Row) bool { return r.S == s })]
		c := figure.Cell{X: first.X, S: s, Seed: first.Seed}
		if f.Cell(c.X, c.S, c.Seed).Trace != "" {
			continue // a replayed trace: synergy's static-trace test pins those runs
		}
		got, err := policies.RunCell(reg, models, f, c, nil, policies.Hooks{})
		if err != nil {
			t.Errorf("figure %s, %s: %v", f.ID, f.CellName(c), err)
			continue
		}
		for _, g := range got {
			k := slices.IndexFunc(rows[i], func(r figure.Row) bool { return r.X == g.X && r.S == g.S && r.M == g.M && r.Seed == g.Seed })
			if k >= 0 && rows[i][k].Value != g.Value {
				t.Errorf("figure %s, %s, %s: recorded %v, run %v (make claims-rows)", f.ID, f.CellName(c), f.Metrics[g.M].Name, rows[i][k].Value, g.Value)
			}
		}
	}
}

// swapped is ref with series and baseline exchanged.
func swapped(ref figure.Ref) figure.Ref {
	ref.Series, ref.Baseline = ref.Baseline, ref.Series
	return ref
}

// opposite is the verdict of the swapped claim: holds and fails exchanged, the rest kept.
var opposite = map[string]string{
	figure.DirectionHolds: figure.DirectionFails, figure.DirectionFails: figure.DirectionHolds,
	figure.TrendHolds: figure.TrendFails, figure.TrendFails: figure.TrendHolds,
	figure.Inconclusive: figure.Inconclusive,
}

// TestSwapNegatesTheEffectOnRecordedRows: for every Relative, Direction and Trend claim of the
// catalogue, judged on its recorded rows, swapping series and baseline negates the log effect
// exactly, keeps its interval, and turns holds into fails and fails into holds (inconclusive
// stays). A Relative claim is swapped as a direction (its sign), with the band's value negated in
// log terms.
func TestSwapNegatesTheEffectOnRecordedRows(t *testing.T) {
	figs, rows := recorded(t)
	n := 0
	for i, f := range figs {
		for k, ref := range f.Refs {
			if ref.Kind == figure.Absolute || ref.Shown {
				continue
			}
			g := *f
			if ref.Kind == figure.Relative {
				ref = figure.Ref{Kind: figure.Direction, Series: ref.Series, Baseline: ref.Baseline, X: ref.X, Metric: ref.Metric,
					Lower: ref.Value < 0, Seeds: ref.Seeds, Evidence: ref.Evidence, Source: ref.Source}
			}
			g.Refs = []figure.Ref{ref, swapped(ref)}
			vs := figure.Compare(&g, rows[i])
			a, b := vs[0], vs[1]
			if a.Log != -b.Log || a.LogHalf != b.LogHalf || math.IsNaN(a.Log) {
				t.Errorf("figure %s, claim %d: log effect %v ± %v, swapped %v ± %v", f.ID, k+1, a.Log, a.LogHalf, b.Log, b.LogHalf)
			}
			if want, ok := opposite[a.Verdict]; !ok || b.Verdict != want {
				t.Errorf("figure %s, claim %d: %s, swapped %s", f.ID, k+1, a.Verdict, b.Verdict)
			}
			n++
		}
	}
	t.Logf("%d claims swapped", n)
}

// TestEveryClaimCanFailOnRecordedRows: every judged claim, on its recorded rows moved just past
// the claim — the series' values scaled so that the interval of ours lies wholly on the wrong
// side of zero or outside the band, its spread kept — fails or disagrees. A claim that could not
// fail whatever the rows say (a band that takes in everything, a series compared with itself)
// fails here.
func TestEveryClaimCanFailOnRecordedRows(t *testing.T) {
	figs, rows := recorded(t)
	for i, f := range figs {
		for k, ref := range f.Refs {
			if ref.Shown {
				continue
			}
			g := *f
			g.Refs = []figure.Ref{ref}
			v := figure.Compare(&g, rows[i])[0]
			moved := moveAgainst(&g, ref, v, rows[i])
			var tally figure.Tally
			w := figure.Compare(&g, moved)[0]
			tally.Add(w)
			if tally.Fail != 1 {
				t.Errorf("figure %s, claim %d (%s, %s): on rows moved against it %s (ours %s); on the recorded rows %s (ours %s)",
					f.ID, k+1, ref.Kind, ref.Series, w.Verdict, w.Ours, v.Verdict, v.Ours)
			}
		}
	}
}

// moveAgainst scales the series' rows the claim reads (at To for a trend) by one factor, so that
// ours moves just past the claim's failing edge: for an effect, the log ratio's interval to a
// margin beyond zero on the wrong side, or beyond the band's far edge; for an absolute value, the
// interval beyond the band.
func moveAgainst(f *figure.Figure, ref figure.Ref, v figure.Verdict, rows []figure.Row) []figure.Row {
	const margin = 0.05
	var shift float64 // in log terms: the factor is e^shift
	switch ref.Kind {
	case figure.Absolute:
		hi := ref.Value + float64(ref.Tolerance*math.Abs(ref.Value))
		shift = math.Log(hi * (1 + margin) / v.Lo) // the interval's low end past the band's top
	case figure.Relative:
		side := 1.0 // the side the failing direction lies on
		if ref.Tolerance >= figure.WideBand {
			if ref.Value > 0 {
				side = -1
			}
			shift = side*(v.LogHalf+margin) - v.Log
			break
		}
		hi := ref.Value + float64(ref.Tolerance*math.Abs(ref.Value))
		shift = math.Log1p(hi) + v.LogHalf + margin - v.Log
	default: // Direction, Trend
		side := 1.0
		if !ref.Lower {
			side = -1
		}
		shift = side*(v.LogHalf+margin) - v.Log
	}
	s, m := f.SeriesIndex(ref.Series), f.MetricIndex(ref.Metric)
	x := max(0, slices.Index(f.Sweep.Values, ref.X))
	if ref.Kind == figure.Trend {
		x = slices.Index(f.Sweep.Values, ref.To)
	}
	out := slices.Clone(rows)
	for j, r := range out {
		if r.S == s && r.M == m && r.X == x {
			out[j].Value = r.Value * math.Exp(shift)
		}
	}
	return out
}

// TestEveryVerdictHasAWhy: on the recorded rows, every verdict that is not agree or hold, and
// every number shown, not judged, says why in one line, written for that verdict.
func TestEveryVerdictHasAWhy(t *testing.T) {
	figs, rows := recorded(t)
	for i, f := range figs {
		for k, v := range figure.Compare(f, rows[i]) {
			switch {
			case figure.Holds(v.Verdict) && v.Why != "":
				t.Errorf("figure %s, claim %d: %s, with a why: %q", f.ID, k+1, v.Verdict, v.Why)
			case !figure.Holds(v.Verdict) && (v.Why == "" || strings.Contains(v.Why, "\n")):
				t.Errorf("figure %s, claim %d (%s %s vs %s at %q, %s): %s (ours %s) without a one-line why", f.ID, k+1,
					v.Ref.Kind, v.Ref.Series, v.Ref.Baseline, v.Ref.X, v.Ref.Evidence, v.Verdict, v.Ours)
			}
			for verdict := range v.Ref.Why {
				if verdict == figure.Agrees || verdict == figure.DirectionHolds || verdict == figure.TrendHolds {
					t.Errorf("figure %s, claim %d: a why for %q", f.ID, k+1, verdict)
				}
			}
		}
	}
}

// space is a run of white space, normalised to one blank when quotes are compared.
var space = regexp.MustCompile(`\s+`)

// synergyFiles are files of the authors' Synergy repository at the pinned commit, kept in
// testdata/sources (MIT licence beside them) and checked to be those files: their git blob
// hashes, as `git ls-tree 1bb2bed6edc9c5f953d0b7f0a40e4fdad053489c` lists them.
var synergyFiles = map[string]string{
	"ae-readme.md": "8c6a6c40c0df22585b167171b8db74f9d90297ee",
	"LICENSE.md":   "69be21bd8ed0832530bac207b84d0b0200dc22f2",
}

// TestQuotesAreVerbatim: every quote of every claim is, white space normalised, a substring of one
// of the papers' abstracts (../shared/seeds: skipped with a message where they are missing, a
// failure under CI=true) or of an authors' repository file at its pinned commit; a paper's words
// are quoted, not paraphrased.
func TestQuotesAreVerbatim(t *testing.T) {
	var texts []string
	dir := filepath.Join("testdata", "sources", "msr-fiddle+synergy@1bb2bed6")
	for name, blob := range synergyFiles {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%x", sha1.Sum(append([]byte(fmt.Sprintf("blob %d\x00", len(b))), b...))); got != blob {
			t.Errorf("%s: git blob %s, not the pinned commit's %s", name, got, blob)
		}
		texts = append(texts, string(b))
	}
	seeds, err := filepath.Glob(filepath.Join(shareddata.Seeds(t), "*.txt"))
	if err != nil || len(seeds) == 0 {
		t.Fatalf("no abstract in the seeds folder: %v", err)
	}
	for _, p := range seeds {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	for i, s := range texts {
		texts[i] = space.ReplaceAllString(s, " ")
	}
	n := 0
	for _, f := range policies.Figures() {
		for k, r := range f.Refs {
			if r.Quote == "" {
				if r.Evidence == figure.PaperWords {
					t.Errorf("figure %s, claim %d: the paper's words without a quote", f.ID, k+1)
				}
				continue
			}
			q := space.ReplaceAllString(r.Quote, " ")
			if !slices.ContainsFunc(texts, func(s string) bool { return strings.Contains(s, q) }) {
				t.Errorf("figure %s, claim %d: %q is in no abstract and no file of the authors' repository", f.ID, k+1, r.Quote)
			}
			n++
		}
	}
	t.Logf("%d quotes found verbatim", n)
}
