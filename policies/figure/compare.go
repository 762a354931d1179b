package figure

import (
	"fmt"
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
	// Refused is an effect that has no log ratio: ours or the baseline is 0 or negative at a seed.
	// Verdict.Why names the figure, the claim and the seed; it counts in no tally.
	Refused = "refused"
)

// Verdict is one reference set against our rows: the table under a figure (reference, ours,
// difference, verdict), in the reference's unit or form.
type Verdict struct {
	Ref        Ref
	Reference  string // the published value and its band: "21.88 h (band 21.77 to 21.99)", "below fifo"
	Ours       string // ours in the same unit or form with its 95 % interval: "23.1 ± 2.4 h", "-18 % (-22 to -13 %)"
	Difference string // Absolute: ours vs the value, in % of it; Relative: in percentage points
	Verdict    string
	// Mean is ours as shown, Lo and Hi its 95 % interval: in Ref.Unit for an Absolute reference;
	// for Relative and Direction the fractional effect exp(m) − 1 (−0.22) of the mean m of the
	// per-seed log ratios ln(ours/baseline), for Trend exp(m) − 1 of the mean per-seed change of
	// the log ratio (how much the ratio at To is above or below the ratio at X). Lo and Hi are NaN
	// with one seed, and equal Mean when the point is judged (Point).
	Mean, Lo, Hi float64
	// Log and LogHalf are an effect's mean log ratio (or change of it) and the half-width of its
	// 95 % interval, the numbers the verdict is read from; NaN for an Absolute reference.
	Log, LogHalf float64
	N            int      // the seeds used
	Seeds        []uint64 // the seeds themselves, ascending
	// Point is true when one seed was judged on the point, without an interval: the reference is
	// about the authors' own seed (Ref.Seeds) or the figure is Deterministic.
	Point bool
	// Why says in one line why the verdict is what it is, for every verdict that is not agree or
	// hold: the refusal's message, what is missing for no data, or the family's explanation
	// written for this verdict (Ref.Why).
	Why string
	// Consistency says whether the published value lies inside ours' 95 % interval: "consistent",
	// "not consistent", or "" (no published value, or no interval). AgreeWithin, for a band, is the
	// band's half-width at which ours would agree: "would agree within ±3.2 pp", "agrees down to
	// ±0.1 %".
	Consistency, AgreeWithin string
}

// Compare sets each of f's references against rows, in f.Refs order. Only the reference's Seeds
// count when it names some.
//
// Every verdict is read from a 95 % Student-t interval over seeds, mean ± t·sd/√n:
//
//   - Absolute: ours is the metric of the reference's series at its sweep value, per seed, in the
//     reference's unit (s, min, h; a fraction "1" or %), judged against the band
//     Value ± Tolerance·|Value|: ours AGREES when its whole interval lies inside the band,
//     DISAGREES when the whole interval lies outside it, and is INCONCLUSIVE when the interval
//     straddles an edge of the band (more seeds may settle it).
//   - Relative: the per-seed log ratio ln(ours) − ln(baseline) on the same seed and sweep value; its
//     interval, turned into a fractional effect exp(·) − 1, is judged against the band as above. A
//     log ratio is symmetric: swapping series and baseline negates it exactly, where the mean of
//     ours/baseline − 1 could call each policy the loser when the ratios spread widely. A band of
//     ±WideBand or wider is no band: the claim is judged as a Direction on the sign of Value, its
//     magnitude shown.
//   - Direction: the same log ratio; the direction HOLDS when the whole interval lies on the
//     claimed side of zero (below for Lower), FAILS when it lies wholly on the other side, and is
//     INCONCLUSIVE otherwise.
//   - Trend: per seed, the log ratio at To minus the log ratio at X; the trend HOLDS when the whole
//     interval of that difference lies on the claimed side of zero (below for Lower), FAILS when
//     it lies wholly on the other side, INCONCLUSIVE otherwise.
//
// An effect needs ours and the baseline above zero at every seed: a claim with a 0 or negative
// value is REFUSED, its Why naming the figure, the claim and the seed, rather than judged on the
// other seeds. One seed has no interval. It is judged on the point only when the reference is
// about the authors' own seeds (Ref.Seeds, their deterministic stream) or the figure is
// Deterministic, and the verdict says so (Verdict.Point); any other single seed is inconclusive.
// A Shown reference is set beside ours without a verdict and counts in no tally.
func Compare(f *Figure, rows []Row) []Verdict {
	out := make([]Verdict, 0, len(f.Refs))
	for i, ref := range f.Refs {
		out = append(out, compareOne(f, i, ref, rows))
	}
	return out
}

func compareOne(f *Figure, i int, ref Ref, rows []Row) Verdict {
	nan := math.NaN()
	v := Verdict{Ref: ref, Reference: referenceText(f, ref), Mean: nan, Lo: nan, Hi: nan, Log: nan, LogHalf: nan, Verdict: NoData}
	m := f.MetricIndex(ref.Metric)
	s, b := f.SeriesIndex(ref.Series), f.SeriesIndex(ref.Baseline)
	if m < 0 || s < 0 {
		v.Why = "the figure has no series " + ref.Series + " or no metric " + ref.Metric
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
	var refusal string
	// logEffects is Series's log ratio against Baseline at sweep value x, per seed: ln(ours) −
	// ln(baseline), so that swapping the two negates it exactly. A value ≤ 0 has no logarithm: the
	// first such seed is the refusal.
	logEffects := func(x int) map[uint64]float64 {
		out := map[uint64]float64{}
		if b < 0 {
			return out
		}
		ours, base := bySeed(x, s), bySeed(x, b)
		for _, seed := range sortedSeeds(ours) {
			o := ours[seed]
			bv, ok := base[seed]
			if !ok {
				continue
			}
			if !(o > 0 && bv > 0) && refusal == "" {
				refusal = fmt.Sprintf("figure %s, claim %d (%s vs %s, %s%s): seed %d has %s %s and %s %s; a log ratio needs both above zero",
					f.ID, i+1, ref.Series, ref.Baseline, ref.Metric, atX(f, x), seed, ref.Series, fmtValue(o), ref.Baseline, fmtValue(bv))
			}
			out[seed] = detmath.Log(o) - detmath.Log(bv)
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
				v.Why = "the metric's unit " + f.Metrics[m].Unit + " cannot be compared with " + ref.Unit
				return v
			}
			per[seed] = c
		}
	case Relative, Direction:
		per = logEffects(x)
	case Trend:
		from, to := logEffects(x), logEffects(slices.Index(f.Sweep.Values, ref.To))
		per = map[uint64]float64{}
		for seed, e := range from {
			if e2, ok := to[seed]; ok {
				per[seed] = e2 - e
			}
		}
	}
	if refusal != "" {
		v.Verdict, v.Why = Refused, refusal
		return v
	}
	if len(per) == 0 {
		v.Why = "the rows hold no seed of this claim's runs"
		if ref.Seeds != nil {
			v.Why = "the rows hold no run at seed " + FormatSeeds(ref.Seeds) + ", the only seed the published number is about"
		}
		return v
	}
	v.Seeds = sortedSeeds(per)
	xs := make([]float64, len(v.Seeds))
	for i, seed := range v.Seeds {
		xs[i] = per[seed]
	}
	v.N = len(xs)
	mean, half := MeanInterval(xs)
	if v.N == 1 && (ref.Seeds != nil || f.Deterministic) {
		v.Point, half = true, 0
	}
	// lo and hi are the interval the verdict is read from: in the reference's unit, or of the log
	// effect.
	lo, hi := mean-half, mean+half
	if ref.Kind == Absolute {
		v.Mean, v.Lo, v.Hi = mean, lo, hi
		v.Ours = plusMinus(mean, half, 1) + unitSuffix(ref.Unit)
		if ref.Value != 0 {
			v.Difference = signedPct((mean - ref.Value) / math.Abs(ref.Value))
		}
	} else {
		v.Log, v.LogHalf = mean, half
		v.Mean, v.Lo, v.Hi = expm1(mean), expm1(lo), expm1(hi)
		v.Ours = effectText(v.Mean, v.Lo, v.Hi)
		if ref.Kind == Relative {
			v.Difference = trimZeros(num((v.Mean-ref.Value)*100)) + " pp"
		}
	}
	if v.Point {
		v.Ours = pointText(v.Mean, ref) + " (seed " + FormatSeeds(v.Seeds) + ", judged on the point)"
	}
	switch {
	case ref.Shown:
		v.Verdict = Shown
	case math.IsNaN(half):
		v.Verdict = Inconclusive // one seed, no interval, and nothing makes the point enough
	case ref.Kind == Absolute:
		blo, bhi := band(ref)
		v.Verdict = equivalence(lo, hi, blo, bhi)
	case ref.Kind == Relative && ref.Tolerance >= WideBand:
		v.Verdict = sign(mean, half, ref.Value < 0, DirectionHolds, DirectionFails) // no band: the sign of the value
	case ref.Kind == Relative:
		blo, bhi := band(ref)
		v.Verdict = equivalence(v.Lo, v.Hi, blo, bhi)
	case ref.Kind == Direction:
		v.Verdict = sign(mean, half, ref.Lower, DirectionHolds, DirectionFails)
	default:
		v.Verdict = sign(mean, half, ref.Lower, TrendHolds, TrendFails)
	}
	if ref.Kind == Absolute || ref.Kind == Relative {
		v.Consistency, v.AgreeWithin = published(ref, v)
	}
	switch {
	case v.Verdict == Inconclusive && math.IsNaN(half):
		v.Why = "one seed has no interval, and the claim is not about that seed alone"
	case !Holds(v.Verdict):
		v.Why = ref.Why[v.Verdict]
	}
	return v
}

// Published is what the verdict says of the published value: "consistent; would agree within
// ±3.2 pp", "not consistent", or "" for a claim without a value (a direction or trend).
func (v Verdict) Published() string {
	return strings.Join(slices.DeleteFunc([]string{v.Consistency, v.AgreeWithin}, func(s string) bool { return s == "" }), "; ")
}

// Holds is true for the verdicts that agree or hold.
func Holds(verdict string) bool {
	return verdict == Agrees || verdict == DirectionHolds || verdict == TrendHolds
}

// published says whether the published value lies inside ours' 95 % interval ("consistent" or
// "not consistent"; on a point judged alone, whether ours rounds to the value's printed digits),
// and, for a judged band, the half-width at which ours would agree: the band Value ± w takes in
// the interval [Lo, Hi] exactly when w ≥ max(Value − Lo, Hi − Value). Both are "" without an
// interval.
func published(ref Ref, v Verdict) (consistency, within string) {
	if math.IsNaN(v.Lo) || math.IsNaN(v.Hi) {
		return "", ""
	}
	val := ref.Value
	inside := v.Lo <= val && val <= v.Hi
	if v.Point {
		printed := strconv.FormatFloat(val, 'f', -1, 64)
		if ref.Kind == Relative {
			printed = strconv.FormatFloat(val*100, 'f', -1, 64)
		}
		d := 0
		if i := strings.IndexByte(printed, '.'); i >= 0 {
			d = len(printed) - i - 1
		}
		scale := 1.0
		if ref.Kind == Relative {
			scale = 100
		}
		inside = math.Abs(v.Mean-val)*scale <= detmath.Pow10(float64(-d))/2
	}
	consistency = "not consistent"
	if inside {
		consistency = "consistent"
	}
	if ref.Shown {
		return consistency, ""
	}
	w := max(val-v.Lo, v.Hi-val)
	amount := trimZeros(num(w*100)) + " pp"
	if ref.Kind == Absolute {
		amount = trimZeros(num(w/math.Abs(val)*100)) + " %"
	}
	if v.Verdict == Agrees {
		return consistency, "agrees down to ±" + amount
	}
	return consistency, "would agree within ±" + amount
}

// expm1 is e^x − 1, NaN for NaN.
func expm1(x float64) float64 {
	return detmath.Exp(x) - 1
}

// effectText writes an effect and its (asymmetric) interval in %: "-18.2 % (-22.1 to -13.0 %)",
// "-18.2 % (± ?)" with one seed.
func effectText(mean, lo, hi float64) string {
	s := trimZeros(num(mean*100)) + " %"
	if math.IsNaN(lo) || math.IsNaN(hi) {
		return s + " (± ?)"
	}
	return s + " (" + trimZeros(num(lo*100)) + " to " + trimZeros(num(hi*100)) + " %)"
}

// pointText writes a point judged on its own, in the reference's unit or in %.
func pointText(v float64, ref Ref) string {
	if ref.Kind == Absolute {
		return strconv.FormatFloat(v, 'f', decimals(v), 64) + unitSuffix(ref.Unit)
	}
	return trimZeros(num(v*100)) + " %"
}

// atX is ", at rate 9" for a swept figure's sweep value index x, "" when nothing is swept.
func atX(f *Figure, x int) string {
	if f.Sweep.Name == "" || x < 0 || x >= len(f.Sweep.Values) {
		return ""
	}
	return ", " + f.Sweep.Name + " " + f.Sweep.Values[x]
}

// fmtValue writes a CSV value as the CSV does.
func fmtValue(v float64) string {
	return strconv.FormatFloat(v, 'g', -1, 64)
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
			notes = append(notes, "band "+trimZeros(num(lo))+" to "+trimZeros(num(hi))+unitSuffix(ref.Unit)+": "+ref.Band)
		}
	case ref.Kind == Relative:
		t = signedPct(ref.Value) + " vs " + baseline
		switch {
		case ref.Shown:
		case ref.Tolerance >= WideBand:
			side := "above"
			if ref.Value < 0 {
				side = "below"
			}
			notes = append(notes, "±"+trimZeros(num(ref.Tolerance*100))+" % is no band: judged as a direction, "+side+": "+ref.Band)
		default:
			lo, hi := band(ref)
			notes = append(notes, "band "+strings.TrimSuffix(signedPct(lo), " %")+" to "+signedPct(hi)+": "+ref.Band)
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

// trimZeros drops a decimal fraction's trailing zeros: "2.000" → "2", "-70.59" stays.
func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}
