package detmath

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// ulps is the distance between a and b in units in the last place.
func ulps(a, b float64) uint64 {
	ia, ib := int64(math.Float64bits(a)), int64(math.Float64bits(b))
	if ia < 0 {
		ia = math.MinInt64 - ia
	}
	if ib < 0 {
		ib = math.MinInt64 - ib
	}
	if ia > ib {
		return uint64(ia - ib)
	}
	return uint64(ib - ia)
}

func TestExpSpecialCases(t *testing.T) {
	tests := []struct {
		name string
		x    float64
		want float64
	}{
		{"zero", 0, 1},
		{"+inf", math.Inf(1), math.Inf(1)},
		{"-inf", math.Inf(-1), 0},
		{"overflow", 710, math.Inf(1)},
		{"underflow", -746, 0},
		{"one", 1, math.E},
		{"tiny", 1e-300, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Exp(tt.x); got != tt.want {
				t.Errorf("Exp(%v) = %v, want %v", tt.x, got, tt.want)
			}
		})
	}
	if got := Exp(math.NaN()); !math.IsNaN(got) {
		t.Errorf("Exp(NaN) = %v, want NaN", got)
	}
}

// TestExpCloseToMath compares against math.Exp over the whole finite range. Under wasm math.Exp
// is the very pure-Go code this package ports, so the results must be bit-identical; natively
// (amd64 assembly) they may differ by the assembly's own error, at most 2 ulp.
func TestExpCloseToMath(t *testing.T) {
	tol := uint64(2)
	if runtime.GOARCH == "wasm" {
		tol = 0
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 200000 {
		x := (r.Float64()*2 - 1) * 709
		if i%2 == 0 {
			x = (r.Float64()*2 - 1) * 20
		}
		got, want := Exp(x), math.Exp(x)
		if d := ulps(got, want); d > tol {
			t.Fatalf("Exp(%v) = %v, math.Exp = %v: %d ulp apart, want ≤ %d", x, got, want, d, tol)
		}
	}
}

// TestExpGolden pins bit patterns, so a change to the algorithm (or an FMA sneaking in) shows up
// natively and under wasm alike.
func TestExpGolden(t *testing.T) {
	tests := []struct {
		x    float64
		want uint64
	}{
		{0.5, 0x3ffa61298e1e069c},
		{-1.25, 0x3fd25618372a584f},
		{3.4538776394910684, 0x403f9f6e4990f226},
		{100, 0x48f3494a9b171bf5},
		{-700, 0x00d14f2b0fb9307f},
		{1e-5, 0x3ff0000a7c5e340e},
	}
	for _, tt := range tests {
		if got := math.Float64bits(Exp(tt.x)); got != tt.want {
			t.Errorf("Exp(%v) bits = %#016x, want %#016x", tt.x, got, tt.want)
		}
	}
}

func TestPow10(t *testing.T) {
	for n := -300; n <= 300; n++ {
		if got, want := Pow10(float64(n)), math.Pow10(n); got != want {
			t.Errorf("Pow10(%d) = %v, want %v", n, got, want)
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		x := (r.Float64()*2 - 1) * 22
		got, want := Pow10(x), math.Pow(10, x)
		if d := ulps(got, want); d > 4 {
			t.Fatalf("Pow10(%v) = %v, math.Pow = %v: %d ulp apart, want ≤ 4", x, got, want, d)
		}
	}
	if got := Pow10(math.Inf(-1)); got != 0 {
		t.Errorf("Pow10(-Inf) = %v, want 0", got)
	}
}

// TestPow10Golden pins bit patterns (checked against 50-digit decimal arithmetic: 1.5 and 3.999
// are correctly rounded, 2.25 is 1 ulp high).
func TestPow10Golden(t *testing.T) {
	tests := []struct {
		x    float64
		want uint64
	}{
		{1.5, 0x403f9f6e4990f227},
		{2.25, 0x40663a7e7e21d784},
		{3.999, 0x40c37c8014e9d2e7},
	}
	for _, tt := range tests {
		if got := math.Float64bits(Pow10(tt.x)); got != tt.want {
			t.Errorf("Pow10(%v) bits = %#016x, want %#016x", tt.x, got, tt.want)
		}
	}
}

func BenchmarkExp(b *testing.B) {
	x := 0.0
	for b.Loop() {
		x += Exp(x * 1e-9)
	}
}

// TestLogCloseToMath compares Log, Log2 and Log10 with the math package over positive normal
// numbers. Under wasm math.Log is the very pure-Go code this package ports, so the results must be
// bit-identical. Natively (amd64 assembly, arm64's fused pure Go) Log may differ by 2 ulp (each is
// within 1 ulp of the exact value), and Log2 and Log10 by a few units of 2⁻⁵² × max(1, |result|):
// near x = 1 they subtract nearly equal numbers, so their error is absolute, not relative.
func TestLogCloseToMath(t *testing.T) {
	wasm := runtime.GOARCH == "wasm"
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 200000 {
		x := r.Float64()
		switch i % 3 {
		case 1:
			x = 1 + float64(x*1e6)
		case 2:
			x = math.Float64frombits(r.Uint64()&(1<<63-1)%0x7fe0000000000000 + 0x0010000000000000)
		}
		if got, want := Log(x), math.Log(x); (wasm && got != want) || ulps(got, want) > 2 {
			t.Fatalf("Log(%v) = %v, math.Log = %v: %d ulp apart", x, got, want, ulps(got, want))
		}
		for _, fn := range []struct {
			name      string
			got, want float64
		}{
			{"Log2", Log2(x), math.Log2(x)},
			{"Log10", Log10(x), math.Log10(x)},
		} {
			d := math.Abs(fn.got - fn.want)
			if (wasm && d != 0) || d > 0x1p-50*max(1, math.Abs(fn.want)) {
				t.Fatalf("%s(%v) = %v, math.%s = %v: %g apart", fn.name, x, fn.got, fn.name, fn.want, d)
			}
		}
	}
}

func TestLogSpecialCases(t *testing.T) {
	for _, tt := range []struct{ x, want float64 }{
		{1, 0}, {0, math.Inf(-1)}, {math.Inf(1), math.Inf(1)}, {math.E, 1},
	} {
		if got := Log(tt.x); got != tt.want {
			t.Errorf("Log(%v) = %v, want %v", tt.x, got, tt.want)
		}
	}
	for _, x := range []float64{-1, math.NaN(), math.Inf(-1)} {
		if got := Log(x); !math.IsNaN(got) {
			t.Errorf("Log(%v) = %v, want NaN", x, got)
		}
	}
	for n := -1074; n <= 1023; n++ {
		if got := Log2(math.Ldexp(1, n)); got != float64(n) {
			t.Fatalf("Log2(2**%d) = %v, want %d", n, got, n)
		}
	}
}

// TestLogGolden pins bit patterns (math.Log's own under wasm), so a change to the algorithm or an
// FMA sneaking in shows up natively and under wasm alike.
func TestLogGolden(t *testing.T) {
	for _, tt := range []struct {
		x    float64
		want uint64
	}{
		// arm64's fused math.Log gives another last bit for each of these.
		{738.942, 0x401a6bbea4a5efdc},
		{688.572, 0x401a23736558ad4e},
		{218.236, 0x40158ad4b58b5816},
		{632.62, 0x4019ccaab3ad3c46},
	} {
		if got := math.Float64bits(Log(tt.x)); got != tt.want {
			t.Errorf("Log(%v) bits = %#016x, want %#016x", tt.x, got, tt.want)
		}
	}
}
