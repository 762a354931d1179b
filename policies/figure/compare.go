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
	Agrees         = "agrees"          // within Tolerance of the published value
	Disagrees      = "disagrees"       // outside it
	DirectionHolds = "direction holds" // the whole 95 % interval of the effect is on the claimed side
	DirectionFails = "direction fails" // the whole interval is on the other side
	Inconclusive   = "inconclusive"    // the interval straddles no effect: the seeds cannot tell
	Indicative     = "indicative"      // Tolerance 0: the difference is reported, not judged
	NoData         = "no data"         // no row measured what the reference is about
)

// Verdict is one reference set against our rows: the table under a figure (reference, ours,
// difference, verdict), in the reference's unit or form.
type Verdict struct {
	Ref        Ref
	Reference  string // the published value: "21.88 h", "-22 % vs exclusive", "below fifo"
	Ours       string // ours in the same unit or form, mean ± 95 % interval: "23.1 ± 2.4 h", "-18 ± 5 %"
	Difference string // Absolute: ours vs the value, in % of it; Relative: in percentage points
	Verdict    string
	// Mean and Interval are ours as shown: in Ref.Unit for an Absolute reference, as a fractional
	// effect (−0.22) for Relative and Direction; Interval is NaN with one seed. N is the seeds used.
	Mean, Interval float64
	N              int
}

// Compare sets each of f's references against rows, in f.Refs order. Only the reference's Seeds
// count when it names some. Per kind:
//
//   - Absolute: ours is the seed mean of the metric for the reference's series and sweep value,
//     converted into the reference's unit (s, min, h; a fraction "1" or %). It agrees when
//     |ours − value| ≤ Tolerance·|value|.
//   - Relative: the effect against Baseline is computed per seed (ours/baseline − 1 on the same
//     seed, same sweep value), then its mean ± interval over seeds; it agrees when
//     |mean effect − value| ≤ Tolerance·|value|.
//   - Direction: the same per-seed effect; the direction holds when the whole 95 % interval lies on
//     the claimed side of zero (below for Lower), fails when it lies wholly on the other side, and is
//     inconclusive otherwise. With one seed the interval is unknown and that seed's sign decides.
//
// Tolerance 0 makes an Absolute or Relative reference indicative: the difference without a verdict.
func Compare(f *Figure, rows []Row) []Verdict {
	out := make([]Verdict, 0, len(f.Refs))
	for _, ref := range f.Refs {
		out = append(out, compareOne(f, ref, rows))
	}
	return out
}

func compareOne(f *Figure, ref Ref, rows []Row) Verdict {
	v := Verdict{Ref: ref, Reference: referenceText(f, ref), Interval: math.NaN(), Mean: math.NaN(), Verdict: NoData}
	x := max(0, slices.Index(f.Sweep.Values, ref.X))
	m := f.MetricIndex(ref.Metric)
	s, b := f.SeriesIndex(ref.Series), f.SeriesIndex(ref.Baseline)
	if m < 0 || s < 0 {
		return v
	}
	bySeed := func(series int) map[uint64]float64 {
		out := map[uint64]float64{}
		for _, r := range rows {
			if r.X == x && r.S == series && r.M == m && (ref.Seeds == nil || slices.Contains(ref.Seeds, r.Seed)) {
				out[r.Seed] = r.Value
			}
		}
		return out
	}
	ours := bySeed(s)
	switch ref.Kind {
	case Absolute:
		var xs []float64
		for _, seed := range sortedSeeds(ours) {
			c, ok := Convert(ours[seed], f.Metrics[m].Unit, ref.Unit)
			if !ok {
				return v
			}
			xs = append(xs, c)
		}
		if len(xs) == 0 {
			return v
		}
		v.N = len(xs)
		v.Mean, v.Interval = MeanInterval(xs)
		v.Ours = plusMinus(v.Mean, v.Interval, 1) + unitSuffix(ref.Unit)
		if ref.Value != 0 {
			v.Difference = signedPct((v.Mean - ref.Value) / math.Abs(ref.Value))
		}
		v.Verdict = judge(v.Mean, ref)
	case Relative, Direction:
		base := bySeed(b)
		var effects []float64
		for _, seed := range sortedSeeds(ours) {
			if bv, ok := base[seed]; ok && bv != 0 {
				effects = append(effects, ours[seed]/bv-1)
			}
		}
		if b < 0 || len(effects) == 0 {
			return v
		}
		v.N = len(effects)
		v.Mean, v.Interval = MeanInterval(effects)
		v.Ours = plusMinus(v.Mean, v.Interval, 100) + " %"
		if ref.Kind == Relative {
			v.Difference = trimZeros(num((v.Mean-ref.Value)*100)) + " pp"
			v.Verdict = judge(v.Mean, ref)
		} else {
			v.Verdict = direction(v.Mean, v.Interval, ref.Lower)
		}
	}
	return v
}

// referenceText is the published value in its unit or form: "21.88 h (seed 42)", "-22 % vs
// Exclusive", "below FIFO".
func referenceText(f *Figure, ref Ref) string {
	var t string
	baseline := ref.Baseline
	if b := f.SeriesIndex(ref.Baseline); b >= 0 {
		baseline = f.Series[b].Title()
	}
	switch {
	case ref.Kind == Absolute:
		t = strconv.FormatFloat(ref.Value, 'f', -1, 64) + unitSuffix(ref.Unit)
	case ref.Kind == Relative:
		t = signedPct(ref.Value) + " vs " + baseline
	case ref.Lower:
		t = "below " + baseline
	default:
		t = "above " + baseline
	}
	if ref.Seeds != nil {
		t += " (seed " + FormatSeeds(ref.Seeds) + ")"
	}
	return t
}

// judge applies the tolerance rule to an Absolute value or a Relative effect.
func judge(ours float64, ref Ref) string {
	switch {
	case ref.Tolerance == 0:
		return Indicative
	case math.Abs(ours-ref.Value) <= ref.Tolerance*math.Abs(ref.Value):
		return Agrees
	}
	return Disagrees
}

// direction judges the sign of an effect with its interval (NaN: one seed, its sign decides).
func direction(mean, half float64, lower bool) string {
	if math.IsNaN(half) {
		half = 0
	}
	lo, hi := mean-half, mean+half
	if !lower {
		lo, hi = -hi, -lo
	}
	switch {
	case hi < 0:
		return DirectionHolds
	case lo > 0:
		return DirectionFails
	}
	return Inconclusive
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

// trimZeros drops a decimal fraction's trailing zeros: "2.000" → "2", "-70.59" stays.
func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}
