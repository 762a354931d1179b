package figure

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Tally counts verdicts: the claims judged, and of those how many agree or hold, disagree or fail,
// or are inconclusive. Shown references, references without data and refused ones are counted
// apart and judge nothing.
type Tally struct {
	Judged, Hold, Fail, Inconclusive int
	Shown, NoData, Refused           int
}

// Add counts one verdict.
func (t *Tally) Add(v Verdict) {
	switch v.Verdict {
	case Agrees, DirectionHolds, TrendHolds:
		t.Judged++
		t.Hold++
	case Disagrees, DirectionFails, TrendFails:
		t.Judged++
		t.Fail++
	case Inconclusive:
		t.Judged++
		t.Inconclusive++
	case Shown:
		t.Shown++
	case Refused:
		t.Refused++
	default:
		t.NoData++
	}
}

// Empty is true when the tally counted nothing.
func (t Tally) Empty() bool { return t == Tally{} }

// String is the tally in words: "5 judged: 3 agree or hold, 1 disagree or fail, 1 inconclusive;
// 1 shown, not judged".
func (t Tally) String() string {
	s := fmt.Sprintf("%d judged: %d agree or hold, %d disagree or fail, %d inconclusive", t.Judged, t.Hold, t.Fail, t.Inconclusive)
	if t.Shown > 0 {
		s += fmt.Sprintf("; %d shown, not judged", t.Shown)
	}
	if t.NoData > 0 {
		s += fmt.Sprintf("; %d without data", t.NoData)
	}
	if t.Refused > 0 {
		s += fmt.Sprintf("; %d refused", t.Refused)
	}
	return s
}

// KindTally is the tally of one kind of evidence.
type KindTally struct {
	Evidence Evidence
	Tally
}

// Tallies is a tally per kind of evidence, in Evidences order, kinds without a claim left out.
type Tallies []KindTally

// Add counts v under its kind.
func (ts *Tallies) Add(v Verdict) {
	i := slices.IndexFunc(*ts, func(k KindTally) bool { return k.Evidence == v.Ref.Evidence })
	if i < 0 {
		*ts = append(*ts, KindTally{Evidence: v.Ref.Evidence})
		slices.SortStableFunc(*ts, func(a, b KindTally) int {
			return slices.Index(Evidences, a.Evidence) - slices.Index(Evidences, b.Evidence)
		})
		i = slices.IndexFunc(*ts, func(k KindTally) bool { return k.Evidence == v.Ref.Evidence })
	}
	(*ts)[i].Add(v)
}

// Of is the tally of kind e (empty when there is none).
func (ts Tallies) Of(e Evidence) Tally {
	for _, k := range ts {
		if k.Evidence == e {
			return k.Tally
		}
	}
	return Tally{}
}

// Paper is the headline tally: the paper's numbers and words together.
func (ts Tallies) Paper() Tally {
	var t Tally
	for _, k := range ts {
		if k.Evidence.Papers() {
			t.Judged, t.Hold, t.Fail, t.Inconclusive = t.Judged+k.Judged, t.Hold+k.Hold, t.Fail+k.Fail, t.Inconclusive+k.Inconclusive
			t.Shown, t.NoData, t.Refused = t.Shown+k.Shown, t.NoData+k.NoData, t.Refused+k.Refused
		}
	}
	return t
}

// Lines are the tallies in words, one per kind: "paper: number: 3 judged: …".
func (ts Tallies) Lines() []string {
	var out []string
	for _, k := range ts {
		out = append(out, string(k.Evidence)+": "+k.Tally.String())
	}
	return out
}

// String is Lines on one line, "; " between kinds ("no claim" when there is none).
func (ts Tallies) String() string {
	if len(ts) == 0 {
		return "no claim"
	}
	return strings.Join(ts.Lines(), "; ")
}

// Claims is a figure's reference table as a reviewer reads it: every claim with its verdict, the
// judged ones grouped by kind of evidence (in Evidences order), then the numbers only shown; the
// seeds the rows hold; and a tally per kind. The runner's table, the report and the page's views
// are all drawn from it, so they agree by construction.
type Claims struct {
	Figure  *Figure
	Seeds   []uint64  // the seeds the rows hold, ascending
	Judged  []Verdict // the judged claims, by kind of evidence, each kind in Refs order
	Shown   []Verdict // numbers set beside ours, not judged, in Refs order
	Tallies Tallies   // a tally per kind of evidence (the shown ones count under their kind)
}

// ClaimsOf judges f's references against rows (Compare) and sorts them into a Claims table.
func ClaimsOf(f *Figure, rows []Row) Claims {
	c := Claims{Figure: f}
	for _, r := range rows {
		if !slices.Contains(c.Seeds, r.Seed) {
			c.Seeds = append(c.Seeds, r.Seed)
		}
	}
	slices.Sort(c.Seeds)
	for _, v := range Compare(f, rows) {
		if v.Ref.Shown {
			c.Shown = append(c.Shown, v)
		} else {
			c.Judged = append(c.Judged, v)
		}
		c.Tallies.Add(v)
	}
	slices.SortStableFunc(c.Judged, func(a, b Verdict) int {
		return slices.Index(Evidences, a.Ref.Evidence) - slices.Index(Evidences, b.Ref.Evidence)
	})
	return c
}

// All is every verdict in the table's order: the judged claims by kind, then the shown numbers.
func (c Claims) All() []Verdict {
	return slices.Concat(c.Judged, c.Shown)
}

// TallyText is the figure's tally line, kind by kind: "paper: number: 2 judged: …; authors'
// code: 5 judged: …".
func (c Claims) TallyText() string {
	return c.Tallies.String()
}

// Group is a verdict's place in the table: "shown" for a number only shown, else its kind of
// evidence ("paper: number", …, "our check").
func Group(v Verdict) string {
	if v.Ref.Shown {
		return "shown"
	}
	return string(v.Ref.Evidence)
}

// ClaimRow is one line of the reviewer's list of claims, in words: the report (`make report`) and
// the page's Claims view both write these rows, so they agree by construction.
type ClaimRow struct {
	Group    string   // "shown" or the kind of evidence (Group)
	Evidence Evidence // the kind of evidence, also for a shown number
	Figure   string   // the figure's id
	Number   string   // the paper's name for the figure: "Fig 8 (left)"
	Claim    string   // what is claimed: "TUNE below Proportional, average JCT, rate 9"
	Source   string   // where the claim comes from (Ref.Source)
	Ours     string   // ours with its 95 % interval, in the claim's unit or form
	Seeds    string   // the seeds ours is measured on: "42", "1-5"
	Verdict  string
	// Published says whether the published value lies inside ours' interval, and for a band the
	// half-width at which ours would agree (Verdict.Published).
	Published string
	Why       string // why the verdict is what it is (Verdict.Why), "" for agree or hold
}

// Rows is the table's claims in words, in All's order.
func (c Claims) Rows() []ClaimRow {
	f := c.Figure
	var out []ClaimRow
	for _, v := range c.All() {
		out = append(out, ClaimRow{Group: Group(v), Evidence: v.Ref.Evidence, Figure: f.ID, Number: f.Number, Claim: ClaimText(f, v),
			Source: v.Ref.SourceText(), Ours: v.Ours, Seeds: FormatSeeds(v.Seeds), Verdict: v.Verdict, Published: v.Published(), Why: v.Why})
	}
	return out
}

// ClaimText is what v's reference claims, in words: "TUNE below Proportional, average JCT, rate 9".
func ClaimText(f *Figure, v Verdict) string {
	r := v.Ref
	claim := seriesTitle(f, r.Series) + " " + v.Reference + ", " + metricTitle(f, r.Metric)
	switch {
	case r.Kind == Trend:
		claim += ", over " + f.Sweep.Name
	case f.Sweep.Name != "":
		claim += ", " + f.Sweep.Name + " " + r.X
	}
	return claim
}

func seriesTitle(f *Figure, name string) string {
	if i := f.SeriesIndex(name); i >= 0 {
		return f.Series[i].Title()
	}
	return name
}

func metricTitle(f *Figure, name string) string {
	if i := f.MetricIndex(name); i >= 0 {
		return f.Metrics[i].Title()
	}
	return name
}

// PaperClaims is one paper's figures with their claims tables, and the paper's tallies over them.
type PaperClaims struct {
	Paper   string
	Figures []Claims
	// Tallies count each claim once, however many figures show it (ClaimKey): the first figure's
	// verdict counts.
	Tallies Tallies
}

// ByPaper groups claims tables by paper, papers and figures in the order given, and tallies each
// paper's claims by kind, each claim once.
func ByPaper(tables []Claims) []PaperClaims {
	var out []PaperClaims
	seen := map[string]bool{}
	for _, c := range tables {
		i := slices.IndexFunc(out, func(p PaperClaims) bool { return p.Paper == c.Figure.Paper })
		if i < 0 {
			i, out = len(out), append(out, PaperClaims{Paper: c.Figure.Paper})
		}
		p := &out[i]
		p.Figures = append(p.Figures, c)
		for _, v := range c.All() {
			k := p.Paper + "\x00" + ClaimKey(c.Figure, v.Ref)
			if seen[k] {
				continue
			}
			seen[k] = true
			p.Tallies.Add(v)
		}
	}
	return out
}

// ClaimKey identifies a claim across figures: the same statement (kind, evidence, source, metric,
// value, direction, seeds) about the same runs — the cell specs of its series, its baseline and a
// trend's second point, at the figure's first default seed. Fig 8 at 9 jobs/h and its CDF figure
// share their runs, so a re-run's number shown in both is one claim.
func ClaimKey(f *Figure, r Ref) string {
	spec := func(series, x string) any {
		s, xi := f.SeriesIndex(series), max(0, slices.Index(f.Sweep.Values, x))
		if s < 0 || f.Cell == nil {
			return series
		}
		return f.Cell(xi, s, f.Seeds[0])
	}
	key := []any{r.Kind, r.Evidence, r.Source, r.Metric, r.Value, r.Unit, r.Lower, r.Shown, r.Seeds,
		spec(r.Series, r.X), spec(r.Baseline, r.X)}
	if r.To != "" {
		key = append(key, spec(r.Series, r.To), spec(r.Baseline, r.To))
	}
	b, err := json.Marshal(key)
	if err != nil {
		// A spec that cannot be encoded (a NaN parameter) is never merged with another figure's.
		return fmt.Sprintf("%s %+v", f.ID, r)
	}
	return string(b)
}

// ReadRows is the rows f's references read, in rows' order: for each reference its metric, its
// series and baseline at its sweep value (and a trend's second one), on its seeds. A figure's
// recorded rows (policies/figure/testdata/claims) are these, so the claims can be judged again
// without running the figure.
func ReadRows(f *Figure, rows []Row) []Row {
	type key struct{ x, s, m int }
	read := map[key][]uint64{} // nil: every seed
	all := map[key]bool{}
	for _, r := range f.Refs {
		m := f.MetricIndex(r.Metric)
		for _, name := range []string{r.Series, r.Baseline} {
			s := f.SeriesIndex(name)
			if s < 0 {
				continue
			}
			xs := []string{r.X}
			if r.To != "" {
				xs = append(xs, r.To)
			}
			for _, x := range xs {
				k := key{max(0, slices.Index(f.Sweep.Values, x)), s, m}
				if r.Seeds == nil {
					all[k] = true
				}
				read[k] = append(read[k], r.Seeds...)
			}
		}
	}
	var out []Row
	for _, row := range rows {
		k := key{row.X, row.S, row.M}
		if seeds, ok := read[k]; ok && (all[k] || slices.Contains(seeds, row.Seed)) {
			out = append(out, row)
		}
	}
	return out
}

// Sentence is the paper's result in one sentence, generated from its tallies: what of the paper's
// own numbers and words was reproduced and what was not, then the other kinds of evidence.
func (p PaperClaims) Sentence() string {
	t := p.Tallies.Paper()
	var s string
	if t.Judged == 0 {
		s = "None of the paper's printed numbers or stated words is judged here"
	} else {
		s = fmt.Sprintf("Of the paper's %s judged here (its numbers and words, each once), %d %s, %d %s and %d %s inconclusive",
			count(t.Judged, "claim", "claims"), t.Hold, verb(t.Hold, "agrees or holds", "agree or hold"),
			t.Fail, verb(t.Fail, "disagrees or fails", "disagree or fail"), t.Inconclusive, verb(t.Inconclusive, "is", "are"))
	}
	if t.Shown > 0 {
		s += fmt.Sprintf(" (%s shown beside ours, not judged)", count(t.Shown, "number", "numbers"))
	}
	var rest []string
	for _, k := range []struct {
		e    Evidence
		what string
	}{
		{AuthorsCode, "our port agrees with a re-run of the authors' code"},
		{OurSetup, "the paper's claims carried over to our set-up hold"},
		{OurCheck, "our own checks hold"},
	} {
		if o := p.Tallies.Of(k.e); o.Judged > 0 {
			rest = append(rest, fmt.Sprintf("%s in %d of %d", k.what, o.Hold, o.Judged))
		}
	}
	if len(rest) > 0 {
		s += "; beyond them, " + strings.Join(rest, ", ")
	}
	return s + "."
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func verb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
