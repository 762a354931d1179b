package pyrand

import (
	"errors"
	"math"
	"math/big"
	"testing"
)

// CPython raises ValueError (IndexError for choice) where these return errors.
func TestBadArguments(t *testing.T) {
	r := NewUint64(1)
	if _, err := r.Randrange(5, 5, 1); !errors.Is(err, errEmpty) {
		t.Errorf("randrange(5, 5): got %v, want an empty-range error", err)
	}
	if _, err := r.Randrange(0, 10, -1); !errors.Is(err, errEmpty) {
		t.Errorf("randrange(0, 10, -1): got %v, want an empty-range error", err)
	}
	if _, err := r.Randrange(0, 10, 0); err == nil {
		t.Error("randrange(0, 10, 0): got no error for a zero step")
	}
	if _, err := r.Randint(3, 2); !errors.Is(err, errEmpty) {
		t.Errorf("randint(3, 2): got %v, want an empty-range error", err)
	}
	if _, err := r.Randint(math.MinInt64, math.MaxInt64); err == nil {
		t.Error("randint over all of int64: got no error")
	}
	for _, k := range []int{-1, 65} {
		if _, err := r.Getrandbits(k); err == nil {
			t.Errorf("getrandbits(%d): got no error", k)
		}
	}
	if _, err := Choice(r, []string{}); err == nil {
		t.Error("choice([]): got no error")
	}
}

// Ranges at the ends of int64 stay inside them (the arithmetic is done in uint64).
func TestExtremeRanges(t *testing.T) {
	r := NewUint64(7)
	for range 1000 {
		v, err := r.Randint(math.MaxInt64-3, math.MaxInt64)
		if err != nil || v < math.MaxInt64-3 {
			t.Fatalf("randint near MaxInt64: %d, %v", v, err)
		}
		w, err := r.Randrange(math.MaxInt64, math.MinInt64, math.MinInt64)
		if err != nil || (w != math.MaxInt64 && w != -1) {
			t.Fatalf("randrange(MaxInt64, MinInt64, MinInt64): %d, %v; want MaxInt64 or -1", w, err)
		}
	}
}

// A negative seed seeds as its absolute value, and NewUint64 as New.
func TestSeedForms(t *testing.T) {
	a, b, c := New(big.NewInt(-12345)), New(big.NewInt(12345)), NewUint64(12345)
	for i := range 100 {
		x, y, z := a.Random(), b.Random(), c.Random()
		if x != y || y != z {
			t.Fatalf("draw %d: seeds -12345, 12345 and uint64 12345 give %v, %v, %v", i, x, y, z)
		}
	}
}

// BenchmarkRandom measures one random() (two Mersenne Twister outputs).
func BenchmarkRandom(b *testing.B) {
	r := NewUint64(42)
	for b.Loop() {
		r.Random()
	}
}
