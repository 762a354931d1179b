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
	Figure *Figure
	Seeds  []uint64  // the seeds the rows hold, ascending
	Paper  []Verdict // the paper's claims, judged, in Refs order
	Shown  []Verdict // numbers set beside ours, not judged (the paper's and ours)
	Ours   []Verdict // our own checks (Ref.Ours), judged
	// Tally counts Paper's verdicts (and Shown); OursTally counts Ours.
	Tally, OursTally Tally
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
