// Package figure describes a paper's figure as what a reviewer reads it as: a parameter swept over
// values, a few series (policies), several seeds per point, metrics with units, a chart kind, and the
// published references with the rule that turns ours into a verdict. A cell — one sweep value × one
// series × one seed — is one independent run, so cells can run on a pool of workers, in a browser's
// web workers, or as shards of a cluster array job, and their rows merge into the same bytes.
//
// The package is generic: each policy family declares its figures beside its scenarios, and
// policies.Figures lists them explicitly; running a cell needs the registry and lives in policies.
package figure

import (
	"cmp"
	"fmt"
	"maps"
	"slices"

	"schedlab/policies/scenario"
)

// Chart is how a figure is drawn.
type Chart string

// The chart kinds.
const (
	Lines Chart = "lines" // a line per series over the sweep, with a 95 % band over seeds
	Bars  Chart = "bars"  // grouped bars per sweep value, with 95 % error bars
	CDF   Chart = "cdf"   // a JCT distribution per series (quantile metrics)
	Table Chart = "table" // only the reference table
)

// Figure is one paper figure as a sweep of independent runs.
type Figure struct {
	ID      string // catalogue name, e.g. "synergy-fig8"
	Family  string // the policy family that owns it: "synergy", "similarity", "interference", "asrpt"
	Paper   string // the paper, as cited in the page
	Number  string // the paper's own name for it: "Fig 8", "Table 3", "headline"
	Caption string // what it plots, in one sentence
	Sweep   Sweep  // the swept parameter; Sweep.Name is "" when nothing is swept
	Series  []Series
	Seeds   []uint64 // the default seeds
	Metrics []Metric
	Chart   Chart
	Refs    []Ref
	// Deterministic marks a figure whose cells do not depend on the seed (a replayed trace under
	// policies that draw no random numbers): one seed is the whole figure, and its references are
	// judged on the point, without an interval.
	Deterministic bool
	// Smoke marks a figure small enough for `make test` (tests and the browser test use it); the
	// page's figure list, `-figure all` and the families' generated tables leave smoke figures out.
	Smoke bool
	// Cell is the run of one cell: the spec (with exactly one policy) for sweep value x (an index into
	// Sweep.Values, 0 when nothing is swept), series s (an index into Series) and seed. A figure with
	// Choices has ReadCell instead (Spec calls whichever is set).
	Cell func(x, s int, seed uint64) scenario.Spec
	// Choices are the open choices its claims are judged under (reading.go); every reading — one
	// value per choice — is a set of cells of its own, and its claims are judged per reading.
	Choices []Choice
	// ReadCell is Cell under a reading, for a figure with Choices.
	ReadCell func(r Reading, x, s int, seed uint64) scenario.Spec
}

// Sweep is the parameter a figure varies.
type Sweep struct {
	Name   string   // the CSV x_name, e.g. "rate" (empty: nothing swept)
	Label  string   // the axis title, e.g. "load (jobs/h)"
	Values []string // the CSV x column, in the order they are drawn
}

// Series is one line or bar group: usually a policy with its parameters.
type Series struct {
	Name  string // the CSV series column, unique within the figure
	Label string // the legend's text
	// DefaultOnly marks a series no claim reads (an oracle, a comparison shown): in a figure with
	// choices it runs under the default reading only, and the other readings have no cell of it.
	DefaultOnly bool
}

// Title is the series' legend and table text: its label, or its name when it has none.
func (s Series) Title() string {
	if s.Label != "" {
		return s.Label
	}
	return s.Name
}

// Metric is a measured quantity of a cell.
type Metric struct {
	Name   string // the runner's JSON field, e.g. "mean_jct_s", "p99_jct_s", "makespan_s", "gpu_util"
	Unit   string // the unit of the CSV value: "s", "1" (a fraction), …
	Label  string // the axis title
	Window string // which jobs are measured, e.g. "jobs 4000-4999" ("" = all)
	// Quantile, for a CDF chart's metrics, is the fraction q in (0, 1] of measured jobs whose JCT is at
	// or below this metric's value (the metric is the JCT's q-quantile, e.g. "jct_q0.95_s"); 0 otherwise.
	Quantile float64
	// Match, when set, makes the metric the fraction of the measured jobs that end within MatchWithin
	// of a recorded schedule: Match(x, s) gives, for the cell at sweep value x and series s, each
	// job's recorded end in seconds by job ID (a re-run of the authors' simulator on the same trace
	// and cluster). A job it does not list, or one that did not finish, does not match. Its Unit is
	// "1".
	Match func(x, s int) map[string]float64
}

// MatchWithin is how far, in seconds, a job's end may lie from the recorded one and still match
// (Metric.Match): the authors' simulators log whole seconds.
const MatchWithin = 1.0

// Title is the metric's axis and table text: its label, or its name when it has none.
func (m Metric) Title() string {
	if m.Label != "" {
		return m.Label
	}
	return m.Name
}

// RefKind says what a published reference states.
type RefKind string

// The reference kinds.
const (
	Absolute  RefKind = "absolute"  // a value in a unit: "mean JCT 21.88 h"
	Relative  RefKind = "relative"  // an effect against a baseline series: "mean JCT −22 % vs exclusive"
	Direction RefKind = "direction" // only an ordering against a baseline series: "TUNE below proportional"
	// Trend is how an effect against a baseline changes between two sweep values: "TUNE's gain over
	// proportional shrinks from ratio 3 to 6", judged on the per-seed difference of the two effects.
	Trend RefKind = "trend"
)

// Evidence is the kind of evidence a claim rests on. Every claim carries one, named in these words
// wherever a claim or a tally is shown, and a paper's headline tally counts only the first two.
type Evidence string

// The kinds of evidence.
const (
	// PaperNumber is a value printed in the paper — in its text or plotted in a figure — with where
	// it is printed: a number, or an ordering or trend read from a figure's plotted values.
	PaperNumber Evidence = "paper: number"
	// PaperWords is a statement of the paper without a number, quoted verbatim (Ref.Quote).
	PaperWords Evidence = "paper: words"
	// AuthorsCode is our port against a re-run of the authors' published code: it tests the port's
	// fidelity, not the paper.
	AuthorsCode Evidence = "authors' code"
	// OurSetup is a paper's claim carried over to conditions the paper contradicts or never
	// considers (arrivals over time where the paper submits every job at t = 0, model families
	// hidden from the predictor).
	OurSetup Evidence = "our set-up"
	// OurCheck is a claim of ours: a textbook property, an extension, a mechanism we expect.
	OurCheck Evidence = "our check"
)

// Evidences are the kinds in the order tallies list them.
var Evidences = []Evidence{PaperNumber, PaperWords, AuthorsCode, OurSetup, OurCheck}

// Papers is true for the kinds a paper's headline tally counts: its printed numbers and words.
func (e Evidence) Papers() bool { return e == PaperNumber || e == PaperWords }

// Ref is one published number (or claim) and the rule that judges ours against it (Compare).
type Ref struct {
	Kind   RefKind
	Series string // the series it is about
	X      string // the sweep value it is about ("" when nothing is swept); a Trend's first point
	// To is a Trend's second sweep value: the claim is about the change of the effect from X to To.
	To     string
	Metric string // a Metric.Name of the figure
	// Value is the published number: for Absolute in Unit, for Relative the fractional change
	// against Baseline (−0.22 for "−22 %"); unused for Direction and Trend.
	Value float64
	Unit  string // Absolute only: the reference's unit, e.g. "h" (ours is converted into it)
	// Baseline is the series a Relative, Direction or Trend reference compares with.
	Baseline string
	// Lower is true when the claim is that Series is below Baseline (Direction), or that Series's
	// effect against Baseline is lower at To than at X (Trend: a gain that grows, when the effect is
	// a negative JCT change); false claims above, or higher. An Absolute or Relative reference's band
	// alone decides its verdict: Lower there only documents the sign of the claim.
	Lower bool
	// Tolerance is the half-width of an Absolute or Relative reference's band, relative to Value
	// (0.005 = ±0.5 % of it): ours agrees when its whole 95 % interval lies inside the band. A judged
	// Absolute or Relative reference needs one; Direction and Trend have none. A Relative band of
	// WideBand or wider is no band: the claim is judged as a direction (the sign of Value), its
	// magnitude shown beside it.
	Tolerance float64
	// Band says in one line why the band is as wide as it is ("the authors' simulator prints to 4
	// digits"): every band states its reason beside it.
	Band string
	// Shown marks a number we only show beside ours: it is listed as "shown, not judged" and counts
	// in no tally (a best case "up to", a metric the setup cannot reach, …).
	Shown bool
	// Source is where the claim comes from, in public words a reviewer can look up: the paper
	// (authors, venue, year) and its figure, table or section; an artifact's file with its repository
	// and commit; or a re-run of the authors' simulator with its command.
	Source string
	// Quote is the source's own words behind the claim, verbatim: a test finds each in the papers'
	// abstracts or in the authors' repository file at its pinned commit (whitespace normalised).
	// Without one, Source's words are ours and the claim is shown as a paraphrase, which a "paper:
	// words" claim cannot be.
	Quote string
	// Why explains, for the verdict it is written for, why ours is not agree or hold (or, for a
	// shown number, why it is not judged): the family's one-line explanation. It is shown under that
	// verdict only — should the verdict change, a test finds the new one without a why.
	Why map[string]string
	// Evidence is the kind of evidence the claim rests on (one of Evidences): tables and tallies
	// keep the kinds apart, and only the paper's numbers and words count in its headline tally.
	Evidence Evidence
	// Seeds, when set, are the only seeds the published number is about (the authors' own run at
	// seed 42): ours is then measured on those seeds alone, and a run without them has no data.
	Seeds []uint64
	// Readings, when set, is a reading filter ("gpus=gavel"; Figure.SelectReadings) naming the
	// readings the claim applies to: under any other it has no data (a mechanism the reading's
	// setup cannot exercise, such as packing without co-location measurements).
	Readings string
}

// WideBand is the relative half-width from which a Relative band is no band (±50 %): the claim is
// judged as a direction and its magnitude shown.
const WideBand = 0.5

// SourceText is the source as a reader sees it: Source, then the quote in quotation marks; a
// paper's claim without a quote is marked "(paraphrase)" (a re-run's command or a check of ours
// quotes no text).
func (r Ref) SourceText() string {
	switch {
	case r.Quote != "":
		return r.Source + ": \u201c" + r.Quote + "\u201d"
	case r.Evidence.Papers() || r.Evidence == OurSetup:
		return r.Source + " (paraphrase)"
	}
	return r.Source
}

// Cell is one independent run of a figure: the reading at index R (0 without choices), the sweep
// value at index X, series S, and a seed. Index is its position in the canonical order (see Cells).
type Cell struct {
	Index   int
	R, X, S int
	Seed    uint64
}

// Cells lists the cells of f for seeds in every reading, in the canonical order (CellsIn).
func (f *Figure) Cells(seeds []uint64) []Cell {
	rs := make([]int, len(f.Readings()))
	for i := range rs {
		rs[i] = i
	}
	return f.CellsIn(rs, seeds)
}

// CellsIn lists the cells of f for the readings rs (indices, ascending) and seeds in the canonical
// order: readings outermost, then sweep values, series, and seeds as given. Shards and worker pools
// split this list; its order never depends on anything but f, rs and seeds.
func (f *Figure) CellsIn(rs []int, seeds []uint64) []Cell {
	nx := max(1, len(f.Sweep.Values))
	out := make([]Cell, 0, len(rs)*nx*len(f.Series)*len(seeds))
	for _, r := range rs {
		for x := range nx {
			for s := range f.Series {
				if r != 0 && f.Series[s].DefaultOnly && len(f.Choices) > 0 {
					continue
				}
				for _, seed := range seeds {
					out = append(out, Cell{Index: len(out), R: r, X: x, S: s, Seed: seed})
				}
			}
		}
	}
	return out
}

// RunOrder is cells ordered for running: by sweep value, then seed, then reading and series (then
// index), so that the cells sharing a workload — one per series and reading at each point and
// seed — run one after another and a worker can reuse the workload it just generated
// (policies.Workloads). The CSV does not depend on it: its rows are sorted.
func RunOrder(cells []Cell) []Cell {
	out := slices.Clone(cells)
	slices.SortStableFunc(out, func(a, b Cell) int {
		return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Seed, b.Seed), cmp.Compare(a.R, b.R), cmp.Compare(a.S, b.S),
			cmp.Compare(a.Index, b.Index))
	})
	return out
}

// XValue is the CSV x of cell c ("" when nothing is swept).
func (f *Figure) XValue(c Cell) string {
	if f.Sweep.Name == "" {
		return ""
	}
	return f.Sweep.Values[c.X]
}

// CellName says which cell of f c is, for messages: "rate=8, series las+tune, seed 3".
func (f *Figure) CellName(c Cell) string {
	s := fmt.Sprintf("series %s, seed %d", f.Series[c.S].Name, c.Seed)
	if x := f.XValue(c); x != "" {
		s = f.Sweep.Name + "=" + x + ", " + s
	}
	if len(f.Choices) > 0 {
		s = "reading " + f.Readings()[c.R].Name + ", " + s
	}
	return s
}

// SeriesIndex is the index of f's series called name, -1 when there is none.
func (f *Figure) SeriesIndex(name string) int {
	return slices.IndexFunc(f.Series, func(s Series) bool { return s.Name == name })
}

// MetricIndex is the index of f's metric called name, -1 when there is none.
func (f *Figure) MetricIndex(name string) int {
	return slices.IndexFunc(f.Metrics, func(m Metric) bool { return m.Name == name })
}

// Validate checks that f is complete and self-consistent: names unique, references pointing at
// series, metrics and sweep values that exist.
func (f *Figure) Validate() error {
	if f.ID == "" || len(f.Series) == 0 || len(f.Metrics) == 0 || len(f.Seeds) == 0 {
		return fmt.Errorf("figure %q: id, series, metrics and seeds are required", f.ID)
	}
	if err := f.validateChoices(); err != nil {
		return err
	}
	if (f.Sweep.Name == "") != (len(f.Sweep.Values) == 0) {
		return fmt.Errorf("figure %s: a sweep needs both a name and values", f.ID)
	}
	series := map[string]bool{}
	for _, s := range f.Series {
		if s.Name == "" || series[s.Name] {
			return fmt.Errorf("figure %s: series name %q empty or repeated", f.ID, s.Name)
		}
		series[s.Name] = true
	}
	metrics := map[string]bool{}
	for _, m := range f.Metrics {
		if m.Name == "" || metrics[m.Name] {
			return fmt.Errorf("figure %s: metric name %q empty or repeated", f.ID, m.Name)
		}
		metrics[m.Name] = true
		if m.Match != nil && (m.Unit != "1" || m.Quantile != 0) {
			return fmt.Errorf("figure %s: metric %s: a Match metric is a fraction (unit \"1\") and no quantile", f.ID, m.Name)
		}
	}
	xs := map[string]bool{}
	for _, v := range f.Sweep.Values {
		if xs[v] {
			return fmt.Errorf("figure %s: sweep value %q repeated", f.ID, v)
		}
		xs[v] = true
	}
	for i, r := range f.Refs {
		switch {
		case !series[r.Series]:
			return fmt.Errorf("figure %s: reference %d: unknown series %q", f.ID, i, r.Series)
		case !metrics[r.Metric]:
			return fmt.Errorf("figure %s: reference %d: unknown metric %q", f.ID, i, r.Metric)
		case r.X != "" && !xs[r.X], r.X == "" && f.Sweep.Name != "":
			return fmt.Errorf("figure %s: reference %d: sweep value %q is not one of the figure's", f.ID, i, r.X)
		case r.Kind != Absolute && r.Kind != Relative && r.Kind != Direction && r.Kind != Trend:
			return fmt.Errorf("figure %s: reference %d: unknown kind %q", f.ID, i, r.Kind)
		case r.Kind != Absolute && !series[r.Baseline]:
			return fmt.Errorf("figure %s: reference %d: unknown baseline series %q", f.ID, i, r.Baseline)
		case (r.Kind == Trend) != (r.To != ""):
			return fmt.Errorf("figure %s: reference %d: a trend, and only a trend, names a second sweep value (To)", f.ID, i)
		case r.Kind == Trend && (!xs[r.To] || r.To == r.X):
			return fmt.Errorf("figure %s: reference %d: trend to %q: want a sweep value other than %q", f.ID, i, r.To, r.X)
		case (r.Kind == Absolute || r.Kind == Relative) && !r.Shown && !(r.Tolerance > 0):
			return fmt.Errorf("figure %s: reference %d: a judged %s reference needs a tolerance band (or Shown)", f.ID, i, r.Kind)
		case (r.Kind == Direction || r.Kind == Trend) && (r.Tolerance != 0 || r.Value != 0):
			return fmt.Errorf("figure %s: reference %d: a %s reference has no value or tolerance", f.ID, i, r.Kind)
		case r.Source == "":
			return fmt.Errorf("figure %s: reference %d: no source", f.ID, i)
		case len(f.Choices) > 0 && (f.Series[f.SeriesIndex(r.Series)].DefaultOnly ||
			r.Kind != Absolute && f.Series[f.SeriesIndex(r.Baseline)].DefaultOnly):
			return fmt.Errorf("figure %s: reference %d: reads a series run under the default reading only", f.ID, i)
		case !slices.Contains(Evidences, r.Evidence):
			return fmt.Errorf("figure %s: reference %d: evidence %q is not one of %q", f.ID, i, r.Evidence, Evidences)
		case r.Evidence == PaperWords && r.Quote == "":
			return fmt.Errorf("figure %s: reference %d: the paper's words need a verbatim quote (a paraphrase is not %q)", f.ID, i, PaperWords)
		case r.Tolerance > 0 && r.Band == "":
			return fmt.Errorf("figure %s: reference %d: a band needs its reason (Band)", f.ID, i)
		case r.Kind == Absolute && r.Tolerance >= WideBand:
			return fmt.Errorf("figure %s: reference %d: an absolute band of ±%g %% says nothing", f.ID, i, r.Tolerance*100)
		}
		if r.Readings != "" {
			if _, err := f.SelectReadings(r.Readings); err != nil || len(f.Choices) == 0 {
				return fmt.Errorf("figure %s: reference %d: readings %q: %v", f.ID, i, r.Readings, err)
			}
		}
		if r.Kind == Absolute {
			m := f.Metrics[f.MetricIndex(r.Metric)]
			if _, ok := Convert(1, m.Unit, r.Unit); !ok {
				return fmt.Errorf("figure %s: reference %d: unit %q cannot be compared with %s in %q", f.ID, i, r.Unit, m.Name, m.Unit)
			}
		}
	}
	return nil
}

// Explain returns refs with why set for verdict on each reference about series against baseline
// at sweep value x: how a family keeps its explanation of a verdict with the claim it explains.
func Explain(refs []Ref, series, baseline, x, verdict, why string) []Ref {
	out := slices.Clone(refs)
	for i, r := range out {
		if r.Series == series && r.Baseline == baseline && r.X == x {
			w := maps.Clone(r.Why)
			if w == nil {
				w = map[string]string{}
			}
			w[verdict] = why
			out[i].Why = w
		}
	}
	return out
}
