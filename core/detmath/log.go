// The algorithm and constants below are ported from the Go standard library, src/math/log.go
// and src/math/log10.go:
//
// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style license that can be found in the
// LICENSE file of the Go distribution (https://go.dev/LICENSE).
//
// which is itself derived from FreeBSD's /usr/src/lib/msun/src/e_log.c:
//
// ====================================================
// Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
//
// Developed at SunPro, a Sun Microsystems, Inc. business.
// Permission to use, copy, modify, and distribute this
// software is freely granted, provided that this notice
// is preserved.
// ====================================================

package detmath

import "math"

// Log returns the natural logarithm of x with the special cases of math.Log (Log(+Inf) = +Inf,
// Log(0) = -Inf, Log(x < 0) = NaN, Log(NaN) = NaN). math.Log is assembly on amd64 but pure Go on
// arm64, where the compiler fuses its polynomial into multiply-adds and the last bit moves; this
// port rounds every product, so it gives math.Log's wasm result on every platform.
func Log(x float64) float64 {
	const (
		ln2Hi = 6.93147180369123816490e-01 /* 3fe62e42 fee00000 */
		ln2Lo = 1.90821492927058770002e-10 /* 3dea39ef 35793c76 */
		l1    = 6.666666666666735130e-01   /* 3FE55555 55555593 */
		l2    = 3.999999999940941908e-01   /* 3FD99999 9997FA04 */
		l3    = 2.857142874366239149e-01   /* 3FD24924 94229359 */
		l4    = 2.222219843214978396e-01   /* 3FCC71C5 1D8E78AF */
		l5    = 1.818357216161805012e-01   /* 3FC74664 96CB03DE */
		l6    = 1.531383769920937332e-01   /* 3FC39A09 D078C69F */
		l7    = 1.479819860511658591e-01   /* 3FC2F112 DF3E5244 */
	)

	switch {
	case math.IsNaN(x) || math.IsInf(x, 1):
		return x
	case x < 0:
		return math.NaN()
	case x == 0:
		return math.Inf(-1)
	}

	// Reduce: x = 2**k × (1 + f) with √2/2 ≤ 1 + f < √2 (exact).
	f1, ki := math.Frexp(x)
	if f1 < math.Sqrt2/2 {
		f1 *= 2
		ki--
	}
	f := f1 - 1
	k := float64(ki)

	// Compute, one rounding per operation (explicit conversions forbid FMA fusion).
	s := f / (2 + f)
	s2 := float64(s * s)
	s4 := float64(s2 * s2)
	t1 := float64(s2 * (l1 + float64(s4*(l3+float64(s4*(l5+float64(s4*l7)))))))
	t2 := float64(s4 * (l2 + float64(s4*(l4+float64(s4*l6)))))
	r := t1 + t2
	hfsq := float64(0.5 * f * f)
	return float64(k*ln2Hi) - ((hfsq - (float64(s*(hfsq+r)) + float64(k*ln2Lo))) - f)
}

// Log2 returns the binary logarithm of x, as math.Log2 computes it from Log (exact for powers of
// two), with the product rounded before the sum.
func Log2(x float64) float64 {
	frac, exp := math.Frexp(x)
	if frac == 0.5 {
		return float64(exp - 1)
	}
	return float64(Log(frac)*(1/math.Ln2)) + float64(exp)
}

// Log10 returns the decimal logarithm of x, as math.Log10 computes it from Log.
func Log10(x float64) float64 {
	return Log(x) * (1 / math.Ln10)
}
