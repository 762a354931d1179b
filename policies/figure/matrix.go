package figure

import (
	"fmt"
	"slices"
	"strings"
)

// ClaimReadings is one reference judged under each reading the rows hold, and its verdicts in one
// line: "holds under 2 of 6 readings (fallback=wait, any order, any gpus); inconclusive under 4
// (fallback=now|strict, any order, any gpus)".
type ClaimReadings struct {
	Ref      Ref       // the reference as declared (under the default reading)
	Verdicts []Verdict // one per reading of the matrix, in its order
	Summary  string
}

// Matrix is a figure's claims × readings: each reference judged under each reading its rows hold
// (ClaimsIn), the paper's claims and our checks alike, in Refs order.
type Matrix struct {
	Figure   *Figure
	Readings []Reading // the readings the rows hold, in the figure's order
	Claims   []ClaimReadings
}

// Outcome classes of a verdict, as a claim's summary counts them.
const (
	outHolds        = "holds"
	outFails        = "fails"
	outInconclusive = "inconclusive"
	outNoData       = "no data"
	outShown        = "shown, not judged"
	outRefused      = "refused"
)

// Outcome is a verdict's class across kinds: "holds" (agrees, direction or trend holds), "fails"
// (disagrees, direction or trend fails), "inconclusive", "no data", "refused" (a value the
// estimator cannot take), or "shown, not judged".
func Outcome(verdict string) string {
	switch verdict {
	case Agrees, DirectionHolds, TrendHolds:
		return outHolds
	case Disagrees, DirectionFails, TrendFails:
		return outFails
	case Inconclusive:
		return outInconclusive
	case Shown:
		return outShown
	case Refused:
		return outRefused
	}
	return outNoData
}

// MatrixOf judges every reference of f under every reading rows hold.
func MatrixOf(f *Figure, rows []Row) Matrix {
	all := f.Readings()
	m := Matrix{Figure: f}
	for _, r := range ReadingsIn(rows) {
		m.Readings = append(m.Readings, all[r])
	}
	m.Claims = make([]ClaimReadings, len(f.Refs))
	for i := range f.Refs {
		m.Claims[i].Ref = f.Refs[i]
	}
	for _, rd := range m.Readings {
		for i, v := range judgeUnder(f, rows, rd.Index) {
			m.Claims[i].Verdicts = append(m.Claims[i].Verdicts, v)
		}
	}
	for i := range m.Claims {
		m.Claims[i].Summary = m.summary(m.Claims[i].Verdicts)
	}
	return m
}

// summary is a claim's verdicts in one line, the classes in the order holds, fails, inconclusive,
// no data, refused; each class names its readings unless it is all of them.
func (m Matrix) summary(vs []Verdict) string {
	if len(vs) > 0 && Outcome(vs[0].Verdict) == outShown {
		return outShown
	}
	var parts []string
	for _, class := range []string{outHolds, outFails, outInconclusive, outNoData, outRefused} {
		var set []Reading
		for k, v := range vs {
			if Outcome(v.Verdict) == class {
				set = append(set, m.Readings[k])
			}
		}
		if len(set) == 0 {
			continue
		}
		s := fmt.Sprintf("%s under %d of %d readings", class, len(set), len(m.Readings))
		if len(set) == len(m.Readings) {
			s = fmt.Sprintf("%s under all %d readings", class, len(set))
			if len(set) == 1 {
				s = class
			}
		} else {
			s += " (" + m.describe(set) + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// describe names a set of readings compactly: when it is every combination of some values per
// choice, per choice "any NAME" (all the values the matrix has) or "NAME=a|b"; otherwise, split by
// the first choice's value, each part so named when it is such a product (its first choice fixed),
// else the readings' names; parts separated by semicolons.
func (m Matrix) describe(set []Reading) string {
	if s, ok := m.product(set); ok || len(m.Figure.Choices) == 0 {
		return s
	}
	var parts []string
	for _, v := range m.Figure.Choices[0].Values {
		var sub []Reading
		for _, r := range set {
			if r.Values[0] == v {
				sub = append(sub, r)
			}
		}
		if len(sub) == 0 {
			continue
		}
		s, ok := m.product(sub)
		if !ok {
			names := make([]string, len(sub))
			for i, r := range sub {
				names[i] = r.Name
			}
			s = strings.Join(names, "; ")
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// product names set per choice when it is every combination of some values per choice.
func (m Matrix) product(set []Reading) (string, bool) {
	choices := m.Figure.Choices
	product := 1
	parts := make([]string, len(choices))
	for c, ch := range choices {
		var in, have []string
		for _, r := range set {
			if !slices.Contains(in, r.Values[c]) {
				in = append(in, r.Values[c])
			}
		}
		for _, r := range m.Readings {
			if !slices.Contains(have, r.Values[c]) {
				have = append(have, r.Values[c])
			}
		}
		product *= len(in)
		slices.SortFunc(in, func(a, b string) int { return slices.Index(ch.Values, a) - slices.Index(ch.Values, b) })
		if len(in) == len(have) {
			parts[c] = "any " + ch.Name
		} else {
			parts[c] = ch.Name + "=" + strings.Join(in, "|")
		}
	}
	return strings.Join(parts, ", "), product == len(set)
}
