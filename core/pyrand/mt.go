package pyrand

// The Mersenne Twister below follows CPython's Modules/_randommodule.c, itself the reference
// implementation mt19937ar.c by Makoto Matsumoto and Takuji Nishimura (BSD licence, 1997-2002).

const (
	n         = 624
	m         = 397
	matrixA   = 0x9908b0df
	upperMask = 0x80000000
	lowerMask = 0x7fffffff
)

// mt is the generator's state: 624 words and the index of the next one to temper.
type mt struct {
	state [n]uint32
	index int
}

// initGenrand fills the state from one 32-bit word (init_genrand).
func (g *mt) initGenrand(s uint32) {
	g.state[0] = s
	for i := 1; i < n; i++ {
		prev := g.state[i-1]
		g.state[i] = 1812433253*(prev^(prev>>30)) + uint32(i)
	}
	g.index = n
}

// initByArray mixes key into the state (init_by_array); CPython passes the seed's 32-bit
// words, least significant first, and a single 0 word for the seed 0.
func (g *mt) initByArray(key []uint32) {
	g.initGenrand(19650218)
	i, j := 1, 0
	for k := max(n, len(key)); k > 0; k-- {
		prev := g.state[i-1]
		g.state[i] = (g.state[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= n {
			g.state[0] = g.state[n-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k := n - 1; k > 0; k-- {
		prev := g.state[i-1]
		g.state[i] = (g.state[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= n {
			g.state[0] = g.state[n-1]
			i = 1
		}
	}
	g.state[0] = 0x80000000 // the most significant bit is 1: the state is never all zero
}

// uint32 returns the next tempered output (genrand_uint32).
func (g *mt) uint32() uint32 {
	if g.index >= n {
		g.twist()
	}
	y := g.state[g.index]
	g.index++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	return y ^ (y >> 18)
}

// twist generates the next 624 words.
func (g *mt) twist() {
	mag := [2]uint32{0, matrixA}
	kk := 0
	for ; kk < n-m; kk++ {
		y := (g.state[kk] & upperMask) | (g.state[kk+1] & lowerMask)
		g.state[kk] = g.state[kk+m] ^ (y >> 1) ^ mag[y&1]
	}
	for ; kk < n-1; kk++ {
		y := (g.state[kk] & upperMask) | (g.state[kk+1] & lowerMask)
		g.state[kk] = g.state[kk+(m-n)] ^ (y >> 1) ^ mag[y&1]
	}
	y := (g.state[n-1] & upperMask) | (g.state[0] & lowerMask)
	g.state[n-1] = g.state[m-1] ^ (y >> 1) ^ mag[y&1]
	g.index = 0
}
