package forest

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Config are the forest's hyper-parameters; zero values mean the documented defaults.
type Config struct {
	Trees       int    // number of trees (default 100, sklearn's)
	MaxFeatures int    // features tried per split (default max(1, p/3), the classic regression choice)
	MinLeaf     int    // minimum samples per leaf (default 1)
	MaxDepth    int    // maximum depth (default unlimited)
	Seed        uint64 // the only source of randomness
}

// Forest is a fitted regressor. It is read-only after Fit and safe for concurrent Predict calls.
type Forest struct {
	trees    [][]node
	features int
}

// node is a tree node; a leaf has feat < 0.
type node struct {
	feat        int32
	left, right int32
	thr         float64
	value       float64
}

// Fit grows a forest on rows X (n × p, every row the same length) and targets y.
func Fit(X [][]float64, y []float64, cfg Config) (*Forest, error) {
	if len(X) == 0 || len(X) != len(y) {
		return nil, fmt.Errorf("forest: %d rows and %d targets: want the same positive number", len(X), len(y))
	}
	p := len(X[0])
	for i, r := range X {
		if len(r) != p {
			return nil, fmt.Errorf("forest: row %d has %d features, want %d", i, len(r), p)
		}
	}
	if cfg.Trees <= 0 {
		cfg.Trees = 100
	}
	if cfg.MaxFeatures <= 0 || cfg.MaxFeatures > p {
		cfg.MaxFeatures = max(1, min(p, p/3))
		if p/3 == 0 {
			cfg.MaxFeatures = p
		}
	}
	if cfg.MinLeaf <= 0 {
		cfg.MinLeaf = 1
	}
	f := &Forest{features: p}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0xf07e57))
	b := builder{X: X, y: y, cfg: cfg, rng: rng, feats: make([]int, p)}
	for range cfg.Trees {
		idx := make([]int, len(X))
		for k := range idx {
			idx[k] = rng.IntN(len(X))
		}
		b.nodes = nil
		b.grow(idx, 0)
		f.trees = append(f.trees, b.nodes)
	}
	return f, nil
}

type builder struct {
	X     [][]float64
	y     []float64
	cfg   Config
	rng   *rand.Rand
	feats []int
	nodes []node
	order []int
}

// grow builds the subtree over sample indices idx and returns its node index.
func (b *builder) grow(idx []int, depth int) int32 {
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
func (b *builder) bestSplit(idx []int) (int, float64, bool) {
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

// Predict returns the mean of the trees' predictions for row x.
func (f *Forest) Predict(x []float64) float64 {
	if len(x) != f.features {
		panic(fmt.Sprintf("forest: row has %d features, forest was fitted on %d", len(x), f.features))
	}
	s := 0.0
	for _, t := range f.trees {
		k := int32(0)
		for t[k].feat >= 0 {
			if x[t[k].feat] <= t[k].thr {
				k = t[k].left
			} else {
				k = t[k].right
			}
		}
		s += t[k].value
	}
	return s / float64(len(f.trees))
}

// Trees is the number of trees.
func (f *Forest) Trees() int { return len(f.trees) }
