// Package lp solves small dense linear programs of the form
//
//	maximise c·x  subject to  A x ≤ b,  x ≥ 0,  with b ≥ 0,
//
// by the tableau simplex method. The origin is feasible (b ≥ 0), so one phase suffices; that is
// the shape of Gavel's allocation LPs (capacity and share constraints, and "z ≤ a·x" rows for a
// max-min objective). Why not gonum's lp.Simplex: it is not in go.mod, and gonum's BLAS kernels
// use amd64 assembly with a different summation order than their pure-Go versions, which would
// break the rule that a run gives the same bits natively and in wasm. Here every operation is a
// plain loop in a fixed order.
package lp

import (
	"errors"
	"fmt"
)

// ErrUnbounded is returned when the objective can grow without limit.
var ErrUnbounded = errors.New("lp: unbounded")

// ErrIterationLimit is returned when the pivot budget runs out before an optimum is proven
// (numerical trouble on large or badly scaled problems; Bland's rule itself cannot cycle).
var ErrIterationLimit = errors.New("lp: iteration limit")

// eps is the tolerance below which a reduced cost or pivot element counts as zero.
const eps = 1e-9

// Maximize returns an optimal x and its objective value. A is row-major, len(A) == len(b) rows
// of len(c) entries each. Pivoting uses the largest reduced cost (Dantzig), switching to Bland's
// smallest-index rule after a run of degenerate pivots so that it cannot cycle. At most
// 50·(rows + columns) + 1000 pivots are made (then ErrIterationLimit).
func Maximize(c []float64, A [][]float64, b []float64) ([]float64, float64, error) {
	return MaximizeWithin(c, A, b, 0)
}

// MaximizeWithin is Maximize with a pivot budget of limit (≤ 0: Maximize's default), so that a
// caller can bound its time or exercise its ErrIterationLimit path.
func MaximizeWithin(c []float64, A [][]float64, b []float64, limit int) ([]float64, float64, error) {
	m, n := len(A), len(c)
	if limit <= 0 {
		limit = 50*(m+n) + 1000
	}
	if len(b) != m {
		return nil, 0, fmt.Errorf("lp: %d rows but %d bounds", m, len(b))
	}
	w := n + m + 1 // columns: x, slacks, right-hand side
	t := make([]float64, (m+1)*w)
	row := func(i int) []float64 { return t[i*w : (i+1)*w] }
	basis := make([]int, m)
	nz := make([]int, 0, w) // pivot's scratch
	for i := range m {
		if len(A[i]) != n {
			return nil, 0, fmt.Errorf("lp: row %d has %d entries, want %d", i, len(A[i]), n)
		}
		if !(b[i] >= 0) {
			return nil, 0, fmt.Errorf("lp: row %d: bound %v, want ≥ 0", i, b[i])
		}
		r := row(i)
		copy(r, A[i])
		r[n+i] = 1
		r[w-1] = b[i]
		basis[i] = n + i
	}
	obj := row(m) // reduced costs, negated: the tableau is optimal when none is negative
	for k := range n {
		obj[k] = -c[k]
	}
	degenerate := 0
	for iter := 0; ; iter++ {
		bland := degenerate > m
		col := -1
		for k := range w - 1 {
			if obj[k] < -eps && (col < 0 || (!bland && obj[k] < obj[col])) {
				col = k
				if bland {
					break
				}
			}
		}
		if col < 0 {
			break
		}
		if iter >= limit { // a pivot is due but the budget is spent
			return nil, 0, ErrIterationLimit
		}
		pr := -1
		best := 0.0
		for i := range m {
			r := row(i)
			if r[col] <= eps {
				continue
			}
			ratio := r[w-1] / r[col]
			if pr < 0 || ratio < best-eps || (ratio <= best+eps && basis[i] < basis[pr]) {
				pr, best = i, ratio
			}
		}
		if pr < 0 {
			return nil, 0, ErrUnbounded
		}
		if best <= eps {
			degenerate++
		} else {
			degenerate = 0
		}
		pivot(t, w, m, pr, col, nz)
		basis[pr] = col
	}
	x := make([]float64, n)
	for i, k := range basis {
		if k < n {
			x[k] = row(i)[w-1]
		}
	}
	return x, obj[w-1], nil
}

// pivot makes column col a unit column with its 1 in row pr. Only the pivot row's nonzero
// columns (nz, scratch of capacity w) are updated in the other rows: a zero entry would subtract
// f·0 = ±0, which leaves a nonzero value as it is and changes at most the sign of a negative
// zero. A constraint row has none unless A or b brings one (x − y is −0 only for x = −0), so
// only reduced costs (−c for c = 0) can differ, and no test reads their sign: the result is the
// dense update's, value for value, at the cost of the pivot row's fill-in, which stays low in
// gavel-maxmin's class LPs (a column touches its class's two rows and one type's).
func pivot(t []float64, w, m, pr, col int, nz []int) {
	p := t[pr*w : (pr+1)*w]
	inv := 1 / p[col]
	nz = nz[:0]
	for k := range p {
		p[k] *= inv
		if p[k] != 0 {
			nz = append(nz, k)
		}
	}
	p[col] = 1
	for i := range m + 1 {
		if i == pr {
			continue
		}
		r := t[i*w : (i+1)*w]
		f := r[col]
		if f == 0 {
			continue
		}
		for _, k := range nz {
			r[k] -= float64(f * p[k])
		}
		r[col] = 0
	}
}
