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
