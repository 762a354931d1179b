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
