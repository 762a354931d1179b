package detmath

import "math"

// ln10 is the float64 nearest to ln(10).
const ln10 = 2.30258509299404568401799145468436420760110148862877297603332790

// Pow10 returns 10**x for a real x, the same on every platform. Integral x in the range of
// math.Pow10 gives the exactly rounded power (Pow10(3) = 1000); otherwise x is split into its
// integral part n and fraction f ∈ [0, 1), and the result is math.Pow10(n) × Exp(f·ln10), within
// a few ulp of the exact value.
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
	n := math.Floor(x)
	f := x - n // in [0, 1]; exact except for tiny negative x, where 1 - ε rounds to 1 (harmless)
	p := math.Pow10(int(n))
	if f == 0 {
		return p
	}
	return float64(p * Exp(float64(f*ln10)))
}
