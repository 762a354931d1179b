package similarity

// pyRandom is CPython's random.Random (the Mersenne Twister MT19937 of Matsumoto and Nishimura,
// seeded as random.seed(int) seeds it) restricted to shuffle, so that mechanism "gavel" can order
// the GPU types of each round as Gavel's simulator does for its non-"Perf" policies
// (scheduler.py: _worker_type_shuffler, seeded with the run's seed + 5, shuffles
// ["v100", "p100", "k80"] every round). Only this shuffle uses it: it is the run's state, not
// a global generator.
type pyRandom struct {
	mt  [624]uint32
	idx int
}

// newPyRandom is random.Random(seed) for 0 ≤ seed < 2³²: init_by_array with the one-word key.
func newPyRandom(seed uint32) *pyRandom {
	r := &pyRandom{}
	mt := &r.mt
	mt[0] = 19650218
	for i := 1; i < 624; i++ {
		mt[i] = 1812433253*(mt[i-1]^(mt[i-1]>>30)) + uint32(i)
	}
	i := 1
	for k := 624; k > 0; k-- { // one key word: j is always 0
		mt[i] = (mt[i] ^ ((mt[i-1] ^ (mt[i-1] >> 30)) * 1664525)) + seed
		i++
		if i >= 624 {
			mt[0], i = mt[623], 1
		}
	}
	for k := 623; k > 0; k-- {
		mt[i] = (mt[i] ^ ((mt[i-1] ^ (mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= 624 {
			mt[0], i = mt[623], 1
		}
	}
	mt[0] = 0x80000000
	r.idx = 624
	return r
}

// uint32 is genrand_uint32.
func (r *pyRandom) uint32() uint32 {
	mt := &r.mt
	if r.idx >= 624 {
		for k := range 624 {
			y := mt[k]&0x80000000 | mt[(k+1)%624]&0x7fffffff
			v := mt[(k+397)%624] ^ y>>1
			if y&1 != 0 {
				v ^= 0x9908b0df
			}
			mt[k] = v
		}
		r.idx = 0
	}
	y := mt[r.idx]
	r.idx++
	y ^= y >> 11
	y ^= y << 7 & 0x9d2c5680
	y ^= y << 15 & 0xefc60000
	y ^= y >> 18
	return y
}

// below is _randbelow(n) for 0 < n < 2³²: getrandbits(n.bit_length()) until below n.
func (r *pyRandom) below(n int) int {
	k := 0
	for m := n; m > 0; m >>= 1 {
		k++
	}
	for {
		if v := int(r.uint32() >> (32 - k)); v < n {
			return v
		}
	}
}

// shuffle is random.shuffle.
func (r *pyRandom) shuffle(x []int) {
	for i := len(x) - 1; i > 0; i-- {
		j := r.below(i + 1)
		x[i], x[j] = x[j], x[i]
	}
}
