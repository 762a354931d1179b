package pyrand

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"
)

// Rand is one random.Random instance.
type Rand struct {
	g mt
}

// New returns a generator seeded as CPython's random.seed(seed) seeds one: the absolute value
// of seed (a negative seed gives the same stream as its opposite), split into 32-bit words,
// least significant first, mixed in by init_by_array; the seed 0 is the single word 0.
func New(seed *big.Int) *Rand {
	abs := new(big.Int).Abs(seed)
	var key []uint32
	for _, w := range abs.Bits() { // little-endian machine words
		for s := 0; s < bits.UintSize; s += 32 {
			key = append(key, uint32(uint64(w)>>s))
		}
	}
	for len(key) > 1 && key[len(key)-1] == 0 { // drop the high zero words CPython never sees
		key = key[:len(key)-1]
	}
	if len(key) == 0 {
		key = []uint32{0}
	}
	r := &Rand{}
	r.g.initByArray(key)
	return r
}

// NewUint64 is New for a seed that fits in 64 bits (the simulator's seeds).
func NewUint64(seed uint64) *Rand {
	return New(new(big.Int).SetUint64(seed))
}

// Random returns random(): a float64 in [0, 1) made of 53 random bits, the top 27 bits of one
// 32-bit output and the top 26 of the next, as (a·2^26 + b) / 2^53.
func (r *Rand) Random() float64 {
	a := r.g.uint32() >> 5
	b := r.g.uint32() >> 6
	return (float64(float64(a)*67108864.0) + float64(b)) * (1.0 / 9007199254740992.0)
}

// Uniform returns uniform(a, b) = a + (b-a)·random(), evaluated in that order.
func (r *Rand) Uniform(a, b float64) float64 {
	return a + float64((b-a)*r.Random())
}

// Getrandbits returns getrandbits(k) for 0 ≤ k ≤ 64: k ≤ 32 takes the top k bits of one 32-bit
// output; larger k fills 32-bit words from the least significant up, the last one shifted down
// to the bits still wanted. CPython takes any k ≥ 0; this port stops at 64 bits, which covers
// every range an int64 can describe.
func (r *Rand) Getrandbits(k int) (uint64, error) {
	if k < 0 || k > 64 {
		return 0, fmt.Errorf("pyrand: getrandbits(%d): want 0 ≤ k ≤ 64", k)
	}
	return r.bits(k), nil
}

// bits is Getrandbits for a k already known to be in [0, 64].
func (r *Rand) bits(k int) uint64 {
	switch {
	case k == 0:
		return 0
	case k <= 32:
		return uint64(r.g.uint32() >> (32 - k))
	}
	lo := uint64(r.g.uint32())
	return lo | uint64(r.g.uint32()>>(64-k))<<32
}

// below returns _randbelow(n) for n ≥ 1: getrandbits(n.bit_length()) drawn again until it is
// below n (rejection sampling, so every value is equally likely).
func (r *Rand) below(n uint64) uint64 {
	k := bits.Len64(n)
	v := r.bits(k)
	for v >= n {
		v = r.bits(k)
	}
	return v
}

// errEmpty is randrange's ValueError for a range with no element.
var errEmpty = errors.New("empty range")

// Randrange returns randrange(start, stop, step): start + step·_randbelow(count), count being
// the number of elements of range(start, stop, step). randrange(stop) is Randrange(0, stop, 1),
// which draws the same. An empty range or a zero step is an error, as in CPython.
func (r *Rand) Randrange(start, stop, step int64) (int64, error) {
	var width uint64 // |stop - start|, exact for any two int64
	forward := stop > start
	if forward {
		width = uint64(stop) - uint64(start)
	} else {
		width = uint64(start) - uint64(stop)
	}
	var count uint64
	switch {
	case step == 0:
		return 0, fmt.Errorf("pyrand: randrange(%d, %d, %d): zero step", start, stop, step)
	case width == 0 || forward != (step > 0):
		return 0, fmt.Errorf("pyrand: randrange(%d, %d, %d): %w", start, stop, step, errEmpty)
	case step > 0:
		count = ceilDiv(width, uint64(step))
	default:
		count = ceilDiv(width, -uint64(step)) // -uint64 is |step| even for math.MinInt64
	}
	return int64(uint64(start) + uint64(step)*r.below(count)), nil
}

// Randint returns randint(a, b) = randrange(a, b+1): an integer in [a, b]. It is an error when
// b < a, or when [a, b] spans all 2^64 int64 values (a count CPython could draw but uint64
// cannot hold).
func (r *Rand) Randint(a, b int64) (int64, error) {
	if b < a {
		return 0, fmt.Errorf("pyrand: randint(%d, %d): %w", a, b, errEmpty)
	}
	count := uint64(b) - uint64(a) + 1
	if count == 0 {
		return 0, fmt.Errorf("pyrand: randint(%d, %d): the range has 2^64 values, more than this port draws", a, b)
	}
	return int64(uint64(a) + r.below(count)), nil
}

// Choice returns choice(seq) = seq[_randbelow(len(seq))]; an empty seq is an error.
func Choice[T any](r *Rand, seq []T) (T, error) {
	if len(seq) == 0 {
		var zero T
		return zero, errors.New("pyrand: choice: empty sequence")
	}
	return seq[r.below(uint64(len(seq)))], nil
}

func ceilDiv(a, b uint64) uint64 {
	q := a / b
	if a%b != 0 {
		q++
	}
	return q
}
