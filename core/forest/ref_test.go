package forest

import (
	"cmp"
	"math/rand/v2"
	"slices"
)

// refFit is the first, plain implementation of Fit (each node sorts its samples for every feature
// it tries): the oracle that TestSameAsReference holds the presorted builder to, tree for tree.
func refFit(X [][]float64, y []float64, cfg Config) [][]node {
	rng := rand.New(rand.NewPCG(cfg.Seed, 0xf07e57))
	b := refBuilder{X: X, y: y, cfg: cfg, rng: rng, feats: make([]int, len(X[0]))}
	var trees [][]node
	for range cfg.Trees {
		idx := make([]int, len(X))
		for k := range idx {
			idx[k] = rng.IntN(len(X))
		}
		b.nodes = nil
		b.grow(idx, 0)
		trees = append(trees, b.nodes)
	}
	return trees
}

type refBuilder struct {
	X     [][]float64
	y     []float64
	cfg   Config
	rng   *rand.Rand
	feats []int
	nodes []node
	order []int
}

// grow builds the subtree over sample indices idx and returns its node index.
func (b *refBuilder) grow(idx []int, depth int) int32 {
	me := int32(len(b.nodes))
	mean := 0.0
	for _, i := range idx {
		mean += b.y[i]
	}
	mean /= float64(len(idx))
	b.nodes = append(b.nodes, node{feat: -1, value: mean})
	if len(idx) < 2*b.cfg.MinLeaf || (b.cfg.MaxDepth > 0 && depth >= b.cfg.MaxDepth) {
		return me
	}
	feat, thr, ok := b.bestSplit(idx)
	if !ok {
		return me
	}
	var l, r []int
	for _, i := range idx {
		if b.X[i][feat] <= thr {
			l = append(l, i)
		} else {
			r = append(r, i)
		}
	}
	left := b.grow(l, depth+1)
	right := b.grow(r, depth+1)
	b.nodes[me] = node{feat: int32(feat), thr: thr, left: left, right: right, value: mean}
	return me
}

// bestSplit tries MaxFeatures random features (a partial Fisher-Yates shuffle) and returns the
// split with the largest reduction of the sum of squared errors.
func (b *refBuilder) bestSplit(idx []int) (int, float64, bool) {
	p := len(b.feats)
	for k := range b.feats {
		b.feats[k] = k
	}
	n := len(idx)
	var total, totalSq float64
	for _, i := range idx {
		total += b.y[i]
		totalSq += b.y[i] * b.y[i]
	}
	parent := totalSq - total*total/float64(n)
	if parent <= 1e-12 {
		return 0, 0, false
	}
	bestGain, bestFeat, bestThr := 0.0, -1, 0.0
	b.order = append(b.order[:0], idx...)
	for k := range b.cfg.MaxFeatures {
		j := k + b.rng.IntN(p-k)
		b.feats[k], b.feats[j] = b.feats[j], b.feats[k]
		f := b.feats[k]
		ord := b.order
		slices.SortFunc(ord, func(a, c int) int {
			if d := cmp.Compare(b.X[a][f], b.X[c][f]); d != 0 {
				return d
			}
			return cmp.Compare(a, c)
		})
		var ls, lsq float64
		for m := 0; m < n-1; m++ {
			v := b.y[ord[m]]
			ls += v
			lsq += v * v
			nl := m + 1
			if nl < b.cfg.MinLeaf || n-nl < b.cfg.MinLeaf {
				continue
			}
			x0, x1 := b.X[ord[m]][f], b.X[ord[m+1]][f]
			if x0 == x1 {
				continue
			}
			rs, rsq := total-ls, totalSq-lsq
			sse := (lsq - ls*ls/float64(nl)) + (rsq - rs*rs/float64(n-nl))
			if gain := parent - sse; gain > bestGain+1e-12 {
				bestGain, bestFeat, bestThr = gain, f, x0+(x1-x0)/2
			}
		}
	}
	return bestFeat, bestThr, bestFeat >= 0
}
