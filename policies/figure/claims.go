package figure

import (
	"fmt"
	"slices"
	"strings"
)

// Tally counts a figure's verdicts: the claims judged, and of those how many agree or hold,
// disagree or fail, or are inconclusive. Shown references and references without data are
// counted apart and judge nothing.
type Tally struct {
	Judged, Hold, Fail, Inconclusive int
	Shown, NoData                    int
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
	default:
		t.NoData++
	}
}

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
	return s
}

// Claims is a figure's reference table as a reviewer reads it: the paper's claims, then the
// numbers only shown, then our own checks, each with its verdict; the seeds the rows hold; and a
// tally of the paper's claims and one of ours. The runner's table, the report and the page's
// views are all drawn from it, so they agree by construction.
type Claims struct {
	Figure  *Figure   // as read under Reading (Figure.Under)
	Reading string    // the reading judged ("" for a figure without choices)
	Seeds   []uint64  // the seeds the rows hold, ascending
	Paper   []Verdict // the paper's claims, judged, in Refs order
	Shown   []Verdict // numbers set beside ours, not judged (the paper's and ours)
	Ours    []Verdict // our own checks (Ref.Ours), judged
	// Tally counts Paper's verdicts (and Shown); OursTally counts Ours.
	Tally, OursTally Tally
}

// ClaimsOf judges f's references against rows (Compare) and sorts them into a Claims table. A
// figure with choices is judged under one reading: the default when rows hold it, else the first
// reading they hold (ClaimsIn judges another; Matrix judges them all).
func ClaimsOf(f *Figure, rows []Row) Claims {
	r := 0
	if in := ReadingsIn(rows); len(in) > 0 && !slices.Contains(in, 0) {
		r = in[0]
	}
	return ClaimsIn(f, rows, r)
}

// ClaimsIn is ClaimsOf under reading r: f.Under(r) judged on rows' rows of that reading.
func ClaimsIn(f *Figure, rows []Row, r int) Claims {
	name := ""
	if len(f.Choices) > 0 {
		name = f.Readings()[r].Name
		f, rows = f.Under(r), RowsOf(rows, r)
	}
	c := Claims{Figure: f, Reading: name}
	for _, r := range rows {
		if !slices.Contains(c.Seeds, r.Seed) {
			c.Seeds = append(c.Seeds, r.Seed)
		}
	}
	slices.Sort(c.Seeds)
	for _, v := range Compare(f, rows) {
		switch {
		case v.Ref.Shown:
			c.Shown = append(c.Shown, v)
			c.Tally.Add(v)
		case v.Ref.Ours:
			c.Ours = append(c.Ours, v)
			c.OursTally.Add(v)
		default:
			c.Paper = append(c.Paper, v)
			c.Tally.Add(v)
		}
	}
	return c
}

// All is every verdict in the table's order: the paper's claims, the shown numbers, our checks.
func (c Claims) All() []Verdict {
	return slices.Concat(c.Paper, c.Shown, c.Ours)
}

// TallyText is the figure's tally line: "paper's claims: …", then "our checks: …" when it has any.
func (c Claims) TallyText() string {
	parts := []string{"paper's claims " + c.Tally.String()}
	if len(c.Ours) > 0 {
		parts = append(parts, "our checks "+c.OursTally.String())
	}
	return strings.Join(parts, "; ")
}

// Group is a verdict's place in the table: "paper", "shown" or "ours".
func Group(v Verdict) string {
	switch {
	case v.Ref.Shown:
		return "shown"
	case v.Ref.Ours:
		return "ours"
	}
	return "paper"
}

// ClaimRow is one line of the reviewer's list of claims, in words: the report (`make report`) and
// the page's Claims view both write these rows, so they agree by construction.
type ClaimRow struct {
	Group   string // "paper", "shown" or "ours" (Group)
	Figure  string // the figure's id
	Number  string // the paper's name for the figure: "Fig 8 (left)"
	Claim   string // what is claimed: "TUNE below Proportional, average JCT, rate 9"
	Source  string // where the claim comes from (Ref.Source)
	Ours    string // ours ± 95 % interval, in the claim's unit or form
	Seeds   string // the seeds ours is measured on: "42", "1-5"
	Verdict string
}

// Rows is the table's claims in words, in All's order.
func (c Claims) Rows() []ClaimRow {
	f := c.Figure
	var out []ClaimRow
	for _, v := range c.All() {
		r := v.Ref
		claim := seriesTitle(f, r.Series) + " " + v.Reference + ", " + metricTitle(f, r.Metric)
		switch {
		case r.Kind == Trend:
			claim += ", over " + f.Sweep.Name
		case f.Sweep.Name != "":
			claim += ", " + f.Sweep.Name + " " + r.X
		}
		out = append(out, ClaimRow{Group: Group(v), Figure: f.ID, Number: f.Number, Claim: claim, Source: r.Source,
			Ours: v.Ours, Seeds: FormatSeeds(v.Seeds), Verdict: v.Verdict})
	}
	return out
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
	Paper            string
	Figures          []Claims
	Tally, OursTally Tally
}

// ByPaper groups claims tables by paper, papers and figures in the order given.
func ByPaper(tables []Claims) []PaperClaims {
	var out []PaperClaims
	for _, c := range tables {
		i := slices.IndexFunc(out, func(p PaperClaims) bool { return p.Paper == c.Figure.Paper })
		if i < 0 {
			i, out = len(out), append(out, PaperClaims{Paper: c.Figure.Paper})
		}
		p := &out[i]
		p.Figures = append(p.Figures, c)
		for _, v := range slices.Concat(c.Paper, c.Shown) {
			p.Tally.Add(v)
		}
		for _, v := range c.Ours {
			p.OursTally.Add(v)
		}
	}
	return out
}
