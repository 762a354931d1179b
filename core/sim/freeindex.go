package sim

import (
	"math/bits"
	"slices"

	"schedlab/core"
)

// freeIndex keeps, per GPU type and number of idle GPUs, the set of servers with exactly that many
// idle GPUs (a bitset in server order), so that a best-fit placement finds the tightest server
// for a gang in a few word reads instead of reading every server: with a million jobs on 1,000
// servers the scan was a quarter of the run. Kept up at every change of Sim.freeGPUs.
//
// Its size is the servers' bits times the GPU types times the idle counts, so a cluster of many
// small servers beside one large one would need hundreds of MB (a million one-GPU servers beside
// one of 1,024: 128 MB per GPU type): a cluster whose index would take more words than it has
// GPUs (or than maxIndexFloor, for small ones) gets none (sets nil), and View.TightestServer
// scans as the placement did before.
type freeIndex struct {
	types  []core.GPUType // cluster order (core.Cluster.Types)
	typeOf []int32        // per server: its type's index
	most   int            // the most GPUs of one server: counts run from 0 to most
	words  int            // words of one bitset
	sets   []uint64       // bitset of (type t, count k) at words × (t×(most+1) + k)
	size   []int32        // servers in each set
}

func (x *freeIndex) init(c *core.Cluster) {
	x.types = c.Types()
	x.typeOf = make([]int32, len(c.Servers))
	for i := range c.Servers {
		x.typeOf[i] = int32(slices.Index(x.types, c.Servers[i].Type))
		x.most = max(x.most, c.Servers[i].GPUs)
	}
	x.words = (len(c.Servers) + 63) / 64
	n := x.words * len(x.types) * (x.most + 1)
	if n > max(c.NumGPUs(), maxIndexFloor) {
		return
	}
	x.sets = make([]uint64, n)
	x.size = make([]int32, len(x.types)*(x.most+1))
	for i := range c.Servers {
		x.add(i, c.Servers[i].GPUs)
	}
}

// maxIndexFloor is the most words (32 KB) an index may take in a cluster of fewer GPUs.
const maxIndexFloor = 4096

// on reports whether the cluster has an index (init).
func (x *freeIndex) on() bool { return x.sets != nil }

func (x *freeIndex) set(sv, k int) int { return int(x.typeOf[sv])*(x.most+1) + k }

func (x *freeIndex) add(sv, k int) {
	s := x.set(sv, k)
	x.sets[s*x.words+sv>>6] |= 1 << (sv & 63)
	x.size[s]++
}

// move records that server sv's idle GPUs went from k to k2.
func (x *freeIndex) move(sv, k, k2 int) {
	if !x.on() {
		return
	}
	s := x.set(sv, k)
	x.sets[s*x.words+sv>>6] &^= 1 << (sv & 63)
	x.size[s]--
	x.add(sv, k2)
}

// tightest is the lowest-numbered server of type index t with the fewest idle GPUs but at least
// n, or -1 when none has n.
func (x *freeIndex) tightest(t, n int) int {
	for k := max(n, 0); k <= x.most; k++ {
		s := t*(x.most+1) + k
		if x.size[s] == 0 {
			continue
		}
		for w, word := range x.sets[s*x.words : (s+1)*x.words] {
			if word != 0 {
				return w<<6 + bits.TrailingZeros64(word)
			}
		}
	}
	return -1
}
