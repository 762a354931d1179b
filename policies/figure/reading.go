package figure

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"schedlab/policies/scenario"
)

// Choice is one place where a paper is silent and a reproduction has to choose: the rule a policy
// follows when its first choice is full, the load of the experiment, the metric a claim is read
// on. A figure whose claims depend on such choices declares them, and every combination of one
// value per choice — a reading — is run and judged (a multiverse analysis: Steegen et al.,
// Perspectives on Psychological Science 11(5), 2016; a specification curve: Simonsohn et al.,
// Nature Human Behaviour 4, 2020). The first value is the default: the one the family's document
// argues is closest to the paper.
type Choice struct {
	Name   string   // short, as in a reading's name: "fallback"
	Label  string   // what is chosen, in words: "when the predicted best type is full"
	Values []string // at least two, short: "now", "wait", "strict"; the first is the default
	// Metrics, for a choice of the metric a claim is read on, gives each value's metric (a
	// Metric.Name of the figure, in Values order): a reference on any of them is judged on the
	// reading's. Such a choice changes no run: its readings share the cells' runs (same spec).
	Metrics []string
}

// Reading is one value per choice of a figure (in the figure's Choices order). A figure without
// choices has one reading, with an empty name.
type Reading struct {
	Index  int      // the position in Readings
	Values []string // one per choice
	Name   string   // "fallback=now,order=fifo,gpus=zeus" ("" without choices)
}

// Value is the reading's value of the choice called name ("" when the figure has no such choice).
func (r Reading) Value(choices []Choice, name string) string {
	if i := slices.IndexFunc(choices, func(c Choice) bool { return c.Name == name }); i >= 0 && i < len(r.Values) {
		return r.Values[i]
	}
	return ""
}

// Readings lists every reading of f: the product of its choices' values, the first choice
// outermost, so the first reading is the default (every choice at its first value).
func (f *Figure) Readings() []Reading {
	out := []Reading{{}}
	for _, c := range f.Choices {
		var next []Reading
		for _, r := range out {
			for _, v := range c.Values {
				next = append(next, Reading{Values: append(slices.Clone(r.Values), v)})
			}
		}
		out = next
	}
	for i := range out {
		out[i].Index = i
		out[i].Name = readingName(f.Choices, out[i].Values)
	}
	return out
}

func readingName(choices []Choice, values []string) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = choices[i].Name + "=" + v
	}
	return strings.Join(parts, ",")
}

// SelectReadings picks f's readings by a filter: "all" (or "") is every reading, "default" the
// default one, and "choice=value,…" every reading with those values (a choice left out is any of
// its values). An unknown choice or value is an error naming it.
func (f *Figure) SelectReadings(filter string) ([]int, error) {
	all := f.Readings()
	switch filter {
	case "", "all":
		out := make([]int, len(all))
		for i := range out {
			out[i] = i
		}
		return out, nil
	case "default":
		return []int{0}, nil
	}
	want := map[int]string{}
	for _, part := range strings.Split(filter, ",") {
		name, value, ok := strings.Cut(part, "=")
		c := slices.IndexFunc(f.Choices, func(c Choice) bool { return c.Name == name })
		switch {
		case !ok:
			return nil, fmt.Errorf("reading %q: %q: want choice=value", filter, part)
		case c < 0:
			return nil, fmt.Errorf("reading %q: figure %s has no choice %q (%s)", filter, f.ID, name, f.ChoicesText())
		case !slices.Contains(f.Choices[c].Values, value):
			return nil, fmt.Errorf("reading %q: %s is one of %s", filter, name, strings.Join(f.Choices[c].Values, ", "))
		}
		if w, dup := want[c]; dup && w != value {
			return nil, fmt.Errorf("reading %q: %s given twice", filter, name)
		}
		want[c] = value
	}
	var out []int
	for _, r := range all {
		ok := true
		for c, v := range want {
			ok = ok && r.Values[c] == v
		}
		if ok {
			out = append(out, r.Index)
		}
	}
	return out, nil
}

// ChoicesText lists f's choices and their values: "fallback now|wait|strict; order fifo|lpt"
// ("no choices" without any).
func (f *Figure) ChoicesText() string {
	if len(f.Choices) == 0 {
		return "no choices"
	}
	parts := make([]string, len(f.Choices))
	for i, c := range f.Choices {
		parts[i] = c.Name + " " + strings.Join(c.Values, "|")
	}
	return strings.Join(parts, "; ")
}

// Spec is the run of cell c: f.ReadCell under c's reading, or f.Cell for a figure without one.
func (f *Figure) Spec(c Cell) scenario.Spec {
	if f.ReadCell != nil {
		return f.ReadCell(f.Readings()[c.R], c.X, c.S, c.Seed)
	}
	return f.Cell(c.X, c.S, c.Seed)
}

// Under is f as read under reading r: one reading, with the references on a metric choice's
// metrics judged on the reading's, the references limited to other readings (Ref.Readings) left
// out, and the runs of that reading. Its rows are f's rows of reading
// r with R set to 0 (RowsOf). Compare, ClaimsOf and Stats then read it like any figure.
func (f *Figure) Under(r int) *Figure {
	if len(f.Choices) == 0 {
		return f
	}
	rd := f.Readings()[r]
	out := *f
	out.Choices, out.ReadCell = nil, nil
	read := f.ReadCell
	out.Cell = func(x, s int, seed uint64) scenario.Spec { return read(rd, x, s, seed) }
	out.Refs = nil
	for _, ref := range f.Refs {
		if applies(f, ref, r) {
			out.Refs = append(out.Refs, ref)
		}
	}
	for c, ch := range f.Choices {
		if len(ch.Metrics) == 0 {
			continue
		}
		to := ch.Metrics[slices.Index(ch.Values, rd.Values[c])]
		for i := range out.Refs {
			if slices.Contains(ch.Metrics, out.Refs[i].Metric) {
				out.Refs[i].Metric = to
			}
		}
	}
	return &out
}

// judgeUnder is Compare of f.Under(r) on the rows of reading r (all rows for a figure without
// choices), with the claims limited to other readings (Ref.Readings) set to no data.
func judgeUnder(f *Figure, rows []Row, r int) []Verdict {
	if len(f.Choices) == 0 {
		return Compare(f, rows)
	}
	judged := Compare(f.Under(r), RowsOf(rows, r))
	vs := make([]Verdict, 0, len(f.Refs))
	for _, ref := range f.Refs {
		if applies(f, ref, r) {
			vs, judged = append(vs, judged[0]), judged[1:]
			continue
		}
		nan := math.NaN()
		vs = append(vs, Verdict{Ref: ref, Reference: referenceText(f, ref), Verdict: NoData, Mean: nan, Lo: nan, Hi: nan, Log: nan,
			LogHalf: nan, Why: "judged under " + ref.Readings + " only"})
	}
	return vs
}

// applies reports whether ref is judged under reading r (Ref.Readings).
func applies(f *Figure, ref Ref, r int) bool {
	if ref.Readings == "" {
		return true
	}
	in, _ := f.SelectReadings(ref.Readings)
	return slices.Contains(in, r)
}

// RowsOf is rows' rows of reading r, with R set to 0 (the rows of f.Under(r)).
func RowsOf(rows []Row, r int) []Row {
	var out []Row
	for _, row := range rows {
		if row.R == r {
			row.R = 0
			out = append(out, row)
		}
	}
	return out
}

// ReadingsIn lists the readings rows hold, ascending.
func ReadingsIn(rows []Row) []int {
	var out []int
	for _, r := range rows {
		if !slices.Contains(out, r.R) {
			out = append(out, r.R)
		}
	}
	slices.Sort(out)
	return out
}

// validateChoices checks f's choices: names unique and free of "=" and ",", at least two distinct
// values each, a metric choice naming one metric of f per value; and exactly one of Cell and
// ReadCell, ReadCell going with choices.
func (f *Figure) validateChoices() error {
	if (f.Cell == nil) == (f.ReadCell == nil) || (f.ReadCell != nil) != (len(f.Choices) > 0) {
		return fmt.Errorf("figure %s: want Cell without choices, or ReadCell with them", f.ID)
	}
	names := map[string]bool{}
	for _, c := range f.Choices {
		if c.Name == "" || names[c.Name] || strings.ContainsAny(c.Name, "=,|") {
			return fmt.Errorf("figure %s: choice name %q empty, repeated or with = , |", f.ID, c.Name)
		}
		names[c.Name] = true
		if len(c.Values) < 2 {
			return fmt.Errorf("figure %s: choice %s: want at least two values", f.ID, c.Name)
		}
		seen := map[string]bool{}
		for _, v := range c.Values {
			if v == "" || seen[v] || strings.ContainsAny(v, "=,|") {
				return fmt.Errorf("figure %s: choice %s: value %q empty, repeated or with = , |", f.ID, c.Name, v)
			}
			seen[v] = true
		}
		if c.Metrics == nil {
			continue
		}
		if len(c.Metrics) != len(c.Values) {
			return fmt.Errorf("figure %s: choice %s: want one metric per value", f.ID, c.Name)
		}
		for _, m := range c.Metrics {
			if f.MetricIndex(m) < 0 {
				return fmt.Errorf("figure %s: choice %s: unknown metric %q", f.ID, c.Name, m)
			}
		}
	}
	return nil
}
