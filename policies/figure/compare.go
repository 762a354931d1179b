package figure

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"schedlab/core/detmath"
)

// The verdicts Compare gives.
const (
	Agrees         = "agrees"            // the whole 95 % interval of ours lies inside the reference's band
	Disagrees      = "disagrees"         // the whole interval lies outside the band
	DirectionHolds = "direction holds"   // the whole interval of the effect is on the claimed side of zero
	DirectionFails = "direction fails"   // the whole interval is on the other side
	TrendHolds     = "trend holds"       // the whole interval of the change of the effect is on the claimed side
	TrendFails     = "trend fails"       // the whole interval is on the other side
	Inconclusive   = "inconclusive"      // the interval straddles a bound: the seeds cannot tell
	Shown          = "shown, not judged" // Ref.Shown: the number is set beside ours, in no tally
	NoData         = "no data"           // no row measured what the reference is about
)

// Verdict is one reference set against our rows: the table under a figure (reference, ours,
// difference, verdict), in the reference's unit or form.
type Verdict struct {
	Ref        Ref
	Reference  string // the published value and its band: "21.88 h (band 21.77 to 21.99)", "below fifo"
	Ours       string // ours in the same unit or form, mean ± 95 % interval: "23.1 ± 2.4 h", "-18 ± 5 %"
	Difference string // Absolute: ours vs the value, in % of it; Relative: in percentage points
	Verdict    string
	// Mean and Interval are ours as shown: in Ref.Unit for an Absolute reference, as a fractional
	// effect (−0.22) for Relative and Direction, as a difference of two effects for Trend; Interval
	// is NaN with one seed. N is the seeds used, Seeds the seeds themselves (ascending).
	Mean, Interval float64
	N              int
	Seeds          []uint64
	// Point is true when one seed was judged on the point, without an interval: the reference is
	// about the authors' own seed (Ref.Seeds) or the figure is Deterministic.
	Point bool
}

// Compare sets each of f's references against rows, in f.Refs order. Only the reference's Seeds
// count when it names some.
//
// Every verdict is read from ours' 95 % Student-t interval over seeds, mean ± t·sd/√n:
//
//   - Absolute: ours is the metric of the reference's series at its sweep value, per seed, in the
//     reference's unit (s, min, h; a fraction "1" or %). Relative: the effect against Baseline per
//     seed (ours/baseline − 1 on the same seed and sweep value). Both are an equivalence test
//     against the band Value ± Tolerance·|Value|: ours AGREES when its whole interval lies inside
//     the band, DISAGREES when the whole interval lies outside it, and is INCONCLUSIVE when the
//     interval straddles an edge of the band (more seeds may settle it).
//   - Direction: the same per-seed effect; the direction HOLDS when the whole interval lies on the
//     claimed side of zero (below for Lower), FAILS when it lies wholly on the other side, and is
//     INCONCLUSIVE otherwise.
//   - Trend: per seed, the effect against Baseline at To minus the effect at X; the trend HOLDS when
//     the whole interval of that difference lies on the claimed side of zero (below for Lower),
//     FAILS when it lies wholly on the other side, INCONCLUSIVE otherwise.
//
// One seed has no interval. It is judged on the point only when the reference is about the
// authors' own seeds (Ref.Seeds, their deterministic stream) or the figure is Deterministic, and
// the verdict says so (Verdict.Point); any other single seed is inconclusive. A Shown reference is
// set beside ours without a verdict and counts in no tally.
func Compare(f *Figure, rows []Row) []Verdict {
	out := make([]Verdict, 0, len(f.Refs))
	for _, ref := range f.Refs {
		out = append(out, compareOne(f, ref, rows))
	}
	return out
}

func compareOne(f *Figure, ref Ref, rows []Row) Verdict {
	v := Verdict{Ref: ref, Reference: referenceText(f, ref), Interval: math.NaN(), Mean: math.NaN(), Verdict: NoData}
	m := f.MetricIndex(ref.Metric)
	s, b := f.SeriesIndex(ref.Series), f.SeriesIndex(ref.Baseline)
	if m < 0 || s < 0 {
		return v
	}
	bySeed := func(x, series int) map[uint64]float64 {
		out := map[uint64]float64{}
		for _, r := range rows {
			if r.X == x && r.S == series && r.M == m && (ref.Seeds == nil || slices.Contains(ref.Seeds, r.Seed)) {
				out[r.Seed] = r.Value
			}
		}
		return out
	}
	// effects is Series's effect against Baseline at sweep value x, per seed.
	effects := func(x int) map[uint64]float64 {
		out := map[uint64]float64{}
		if b < 0 {
			return out
		}
		ours, base := bySeed(x, s), bySeed(x, b)
		for seed, o := range ours {
			if bv, ok := base[seed]; ok && bv != 0 {
				out[seed] = o/bv - 1
			}
		}
		return out
	}
	x := max(0, slices.Index(f.Sweep.Values, ref.X))
	var per map[uint64]float64 // ours per seed, in the form the reference is judged in
	switch ref.Kind {
	case Absolute:
		per = map[uint64]float64{}
		for seed, val := range bySeed(x, s) {
			c, ok := Convert(val, f.Metrics[m].Unit, ref.Unit)
			if !ok {
				return v
			}
			per[seed] = c
		}
	case Relative, Direction:
		per = effects(x)
	case Trend:
		from, to := effects(x), effects(slices.Index(f.Sweep.Values, ref.To))
		per = map[uint64]float64{}
		for seed, e := range from {
			if e2, ok := to[seed]; ok {
				per[seed] = e2 - e
			}
		}
	}
	if len(per) == 0 {
		return v
	}
	v.Seeds = sortedSeeds(per)
	xs := make([]float64, len(v.Seeds))
	for i, seed := range v.Seeds {
		xs[i] = per[seed]
	}
	v.N = len(xs)
	v.Mean, v.Interval = MeanInterval(xs)
	switch ref.Kind {
	case Absolute:
		v.Ours = plusMinus(v.Mean, v.Interval, 1) + unitSuffix(ref.Unit)
		if ref.Value != 0 {
			v.Difference = signedPct((v.Mean - ref.Value) / math.Abs(ref.Value))
		}
	case Relative, Direction:
		v.Ours = plusMinus(v.Mean, v.Interval, 100) + " %"
		if ref.Kind == Relative {
			v.Difference = trimZeros(num((v.Mean-ref.Value)*100)) + " pp"
		}
	case Trend:
		v.Ours = plusMinus(v.Mean, v.Interval, 100) + " pp"
	}
	half := v.Interval
	if v.N == 1 && (ref.Seeds != nil || f.Deterministic) {
		v.Point, half = true, 0
		v.Ours = plusMinus(v.Mean, math.NaN(), kScale(ref.Kind))
		v.Ours = strings.TrimSuffix(v.Ours, " ± ?") + oursSuffix(ref) + " (seed " + FormatSeeds(v.Seeds) + ", judged on the point)"
	}
	switch {
	case ref.Shown:
		v.Verdict = Shown
	case math.IsNaN(half):
		v.Verdict = Inconclusive // one seed, no interval, and nothing makes the point enough
	case ref.Kind == Absolute || ref.Kind == Relative:
		lo, hi := band(ref)
		v.Verdict = equivalence(v.Mean-half, v.Mean+half, lo, hi)
	case ref.Kind == Direction:
		v.Verdict = sign(v.Mean, half, ref.Lower, DirectionHolds, DirectionFails)
	default:
		v.Verdict = sign(v.Mean, half, ref.Lower, TrendHolds, TrendFails)
	}
	return v
}

func kScale(k RefKind) float64 {
	if k == Absolute {
		return 1
	}
	return 100
}

// oursSuffix is the unit written after ours: the Absolute reference's unit, % for an effect, pp
// (percentage points) for a Trend's difference of effects.
func oursSuffix(ref Ref) string {
	switch ref.Kind {
	case Absolute:
		return unitSuffix(ref.Unit)
	case Trend:
		return " pp"
	}
	return " %"
}

// band is a Relative or Absolute reference's band: Value ± Tolerance·|Value|.
func band(ref Ref) (lo, hi float64) {
	w := float64(ref.Tolerance * math.Abs(ref.Value))
	return ref.Value - w, ref.Value + w
}

// equivalence is the equivalence test of an interval [a, b] against a band [lo, hi]: inside,
// wholly outside, or across an edge.
func equivalence(a, b, lo, hi float64) string {
	switch {
	case a >= lo && b <= hi:
		return Agrees
	case b < lo || a > hi:
		return Disagrees
	}
	return Inconclusive
}

// sign judges mean ± half against zero: the whole interval on the claimed side (below for lower)
// holds, wholly on the other side fails, otherwise inconclusive.
func sign(mean, half float64, lower bool, holds, fails string) string {
	lo, hi := mean-half, mean+half
	if !lower {
		lo, hi = -hi, -lo
	}
	switch {
	case hi < 0:
		return holds
	case lo > 0:
		return fails
	}
	return Inconclusive
}

// referenceText is the published value in its unit or form, with its band: "21.88 h (band 21.77
// to 21.99 h, seed 42)", "-22 % vs Exclusive (band -33 to -11 %)", "below FIFO", "effect vs FIFO
// lower at 6 than at 3".
func referenceText(f *Figure, ref Ref) string {
	var t string
	baseline := ref.Baseline
	if b := f.SeriesIndex(ref.Baseline); b >= 0 {
		baseline = f.Series[b].Title()
	}
	var notes []string
	switch {
	case ref.Kind == Absolute:
		t = strconv.FormatFloat(ref.Value, 'f', -1, 64) + unitSuffix(ref.Unit)
		if !ref.Shown {
			lo, hi := band(ref)
			notes = append(notes, "band "+trimZeros(num(lo))+" to "+trimZeros(num(hi))+unitSuffix(ref.Unit))
		}
	case ref.Kind == Relative:
		t = signedPct(ref.Value) + " vs " + baseline
		if !ref.Shown {
			lo, hi := band(ref)
			notes = append(notes, "band "+strings.TrimSuffix(signedPct(lo), " %")+" to "+signedPct(hi))
		}
	case ref.Kind == Trend:
		dir := "higher"
		if ref.Lower {
			dir = "lower"
		}
		t = "effect vs " + baseline + " " + dir + " at " + ref.To + " than at " + ref.X
	case ref.Lower:
		t = "below " + baseline
	default:
		t = "above " + baseline
	}
	if ref.Seeds != nil {
		notes = append(notes, "seed "+FormatSeeds(ref.Seeds))
	}
	if len(notes) > 0 {
		t += " (" + strings.Join(notes, ", ") + ")"
	}
	return t
}

func sortedSeeds(m map[uint64]float64) []uint64 {
	out := make([]uint64, 0, len(m))
	for s := range m {
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// Convert turns v in unit from into unit to: times among s, min and h; a fraction "1" and %.
// Equal units always convert; ok is false for any other pair.
func Convert(v float64, from, to string) (float64, bool) {
	if from == to {
		return v, true
	}
	scale := map[string]float64{"s": 1, "min": 60, "h": 3600, "1": 1, "%": 0.01}
	kind := map[string]string{"s": "time", "min": "time", "h": "time", "1": "fraction", "%": "fraction"}
	if kind[from] == "" || kind[from] != kind[to] {
		return 0, false
	}
	return v * scale[from] / scale[to], true
}

func unitSuffix(u string) string {
	if u == "" || u == "1" {
		return ""
	}
	return " " + u
}

// num writes v with four significant digits (at most four decimals, none for |v| ≥ 1000): enough
// to set ours beside a published number such as 21.88 h.
func num(v float64) string {
	return strconv.FormatFloat(v, 'f', decimals(v), 64)
}

func decimals(v float64) int {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return min(4, max(0, 3-int(math.Floor(detmath.Log10(math.Abs(v))))))
}

// plusMinus writes mean ± half scaled by k with the mean's decimals ("± ?" when half is NaN).
func plusMinus(mean, half, k float64) string {
	d := decimals(mean * k)
	s := strconv.FormatFloat(mean*k, 'f', d, 64)
	if math.IsNaN(half) {
		return s + " ± ?"
	}
	return s + " ± " + strconv.FormatFloat(half*k, 'f', d, 64)
}

// signedPct writes a fraction as a signed percentage, trailing zeros trimmed: -0.22 → "-22 %".
func signedPct(v float64) string {
	s := trimZeros(num(v * 100))
	if v > 0 {
		s = "+" + s
	}
	return s + " %"
}

// trimZeros drops a decimal fraction's trailing zeros: "2.000" → "2", "-70.59" stays; a value
// rounded to zero is "0", never "-0".
func trimZeros(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		return "0"
	}
	return s
}
