package lp

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestMaximize(t *testing.T) {
	tests := []struct {
		name  string
		c     []float64
		A     [][]float64
		b     []float64
		want  float64
		wantX []float64 // nil = not checked (several optima)
	}{
		{"textbook", []float64{3, 5}, [][]float64{{1, 0}, {0, 2}, {3, 2}}, []float64{4, 12, 18}, 36, []float64{2, 6}},
		// Beale's example cycles under the largest-coefficient rule without anti-cycling.
		{"beale", []float64{0.75, -20, 0.5, -6}, [][]float64{{0.25, -8, -1, 9}, {0.5, -12, -0.5, 3}, {0, 0, 1, 0}},
			[]float64{0, 0, 1}, 1.25, []float64{1, 0, 1, 0}},
		{"origin optimal", []float64{-1, -2}, [][]float64{{1, 1}}, []float64{3}, 0, []float64{0, 0}},
		// max z s.t. z ≤ 2·x1, z ≤ 1·x2, x1 + x2 ≤ 1 → x1 = 1/3, x2 = 2/3, z = 2/3.
		{"max-min", []float64{1, 0, 0}, [][]float64{{1, -2, 0}, {1, 0, -1}, {0, 1, 1}}, []float64{0, 0, 1},
			2.0 / 3, []float64{2.0 / 3, 1.0 / 3, 2.0 / 3}},
	}
	for _, tc := range tests {
		x, got, err := Maximize(tc.c, tc.A, tc.b)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("%s: got objective %v, want %v", tc.name, got, tc.want)
		}
		for k := range tc.wantX {
			if math.Abs(x[k]-tc.wantX[k]) > 1e-9 {
				t.Errorf("%s: got x = %v, want %v", tc.name, x, tc.wantX)
				break
			}
		}
	}
}

func TestMaximizeErrors(t *testing.T) {
	tests := []struct {
		name    string
		c       []float64
		A       [][]float64
		b       []float64
		wantErr string
	}{
		{"unbounded", []float64{1}, [][]float64{{-1}}, []float64{1}, ErrUnbounded.Error()},
		{"negative bound", []float64{1}, [][]float64{{1}}, []float64{-1}, "want ≥ 0"},
		{"ragged", []float64{1, 1}, [][]float64{{1}}, []float64{1}, "entries"},
		{"rows", []float64{1}, [][]float64{{1}}, nil, "bounds"},
	}
	for _, tc := range tests {
		_, _, err := Maximize(tc.c, tc.A, tc.b)
		if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("%s: got error %v, want %q", tc.name, err, tc.wantErr)
		}
		if tc.name == "unbounded" && !errors.Is(err, ErrUnbounded) {
			t.Errorf("unbounded: got %v, want ErrUnbounded", err)
		}
	}
}

// TestMaximizeWithin checks the pivot budget: the textbook LP takes two pivots (y, then x).
func TestMaximizeWithin(t *testing.T) {
	c, A, b := []float64{3, 5}, [][]float64{{1, 0}, {0, 2}, {3, 2}}, []float64{4, 12, 18}
	tests := []struct {
		limit   int
		wantErr error
	}{{1, ErrIterationLimit}, {2, nil}, {0, nil}}
	for _, tc := range tests {
		_, got, err := MaximizeWithin(c, A, b, tc.limit)
		if !errors.Is(err, tc.wantErr) {
			t.Errorf("limit %d: got error %v, want %v", tc.limit, err, tc.wantErr)
		}
		if err == nil && got != 36 {
			t.Errorf("limit %d: got objective %v, want 36", tc.limit, got)
		}
	}
}

func BenchmarkMaximize(b *testing.B) {
	// A max-min allocation LP of 48 jobs on 3 GPU types.
	const n, types = 48, 3
	c := make([]float64, n*types+1)
	c[0] = 1
	var A [][]float64
	var rhs []float64
	for j := range n {
		r := make([]float64, len(c))
		r[0] = 1
		for k := range types {
			r[1+j*types+k] = -float64(1+(j*7+k*3)%5) / 3
		}
		A, rhs = append(A, r), append(rhs, 0)
		s := make([]float64, len(c))
		for k := range types {
			s[1+j*types+k] = 1
		}
		A, rhs = append(A, s), append(rhs, 1)
	}
	for k := range types {
		r := make([]float64, len(c))
		for j := range n {
			r[1+j*types+k] = float64(int(1) << (j % 4))
		}
		A, rhs = append(A, r), append(rhs, 16)
	}
	for b.Loop() {
		if _, _, err := Maximize(c, A, rhs); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSparsePivot checks pivot, which updates only the pivot row's nonzero columns, against the
// dense update on tableaux with many zeros (and negative zeros in the reduced-cost row, as
// −c for c = 0 gives): constraint rows equal bit for bit, the reduced-cost row in value.
func TestSparsePivot(t *testing.T) {
	const m, w = 6, 12
	seed := uint64(1)
	next := func() float64 { // a fixed LCG: the test needs no randomness beyond variety
		seed = seed*6364136223846793005 + 1442695040888963407
		return float64(seed>>11) / (1 << 53)
	}
	for trial := range 200 {
		t0 := make([]float64, (m+1)*w)
		for k := range t0 {
			switch u := next(); {
			case u < 0.5:
				t0[k] = 0
			case u < 0.6 && k >= m*w:
				t0[k] = math.Copysign(0, -1)
			default:
				t0[k] = next()*4 - 1
			}
		}
		pr, col := trial%m, trial%(w-1)
		t0[pr*w+col] = 0.5 + next() // a pivot element > eps, as the ratio test picks
		dense := append([]float64(nil), t0...)
		p := dense[pr*w : (pr+1)*w]
		inv := 1 / p[col]
		for k := range p {
			p[k] *= inv
		}
		p[col] = 1
		for i := range m + 1 {
			if r := dense[i*w : (i+1)*w]; i != pr && r[col] != 0 {
				f := r[col]
				for k := range r {
					r[k] -= float64(f * p[k])
				}
				r[col] = 0
			}
		}
		sparse := append([]float64(nil), t0...)
		pivot(sparse, w, m, pr, col, make([]int, 0, w))
		for k := range dense {
			if k < m*w && math.Float64bits(sparse[k]) != math.Float64bits(dense[k]) || sparse[k] != dense[k] {
				t.Fatalf("trial %d, entry %d: sparse %v, dense %v", trial, k, sparse[k], dense[k])
			}
		}
	}
}
