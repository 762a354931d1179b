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
	b := newBuilder(X, y, cfg, rng)
	for range cfg.Trees {
		b.bootstrap()
		b.nodes = nil
		b.grow(0, len(X), 0)
		f.trees = append(f.trees, b.nodes)
	}
	return f, nil
}

// builder grows the trees of one Fit. Why it presorts: a node used to sort its samples for each
// feature it tried, which made training most of an A-SRPT run's time (and more in wasm). Now the
// rows are sorted once per feature (by value, then row index: the order the split scan needs),
// each tree's bootstrap sample is laid out in that order by counting, and a split partitions every
// list stably, so each node's samples are a range [lo, hi) of every list, already in order (but
// the lists of features constant in the node, which nothing below it reads: see flat). The
// trees are the ones sorting per node grew, bit for bit (TestSameAsReference): the scan visits
// the same samples in the same order, and sums over a node run in bootstrap order as before.
type builder struct {
	cols  [][]float64 // cols[f][i]: feature f of row i
	y     []float64
	cfg   Config
	rng   *rand.Rand
	feats []int
	nodes []node
	rows  [][]int32 // rows[f]: rows of f's sorted order (all of X, each once)
	lists [][]int32 // lists[f] (f < p): the bootstrap sample sorted by feature f; lists[p]: drawn order
	count []int32   // times each row was drawn
	goes  []int     // per row: 1 if it goes left at the split being applied, else 0
	spare []int32   // scratch for partitions
	// flat[f] is set while the node being grown, and so each node below it, has one value of
	// feature f in all its samples (flatAt lists them in the order set, for unsetting): a split
	// on f is impossible there, so its scan is skipped and its list is not partitioned, which
	// nothing below reads.
	flat   []bool
	flatAt []int
}

func newBuilder(X [][]float64, y []float64, cfg Config, rng *rand.Rand) *builder {
	n, p := len(X), len(X[0])
	b := &builder{y: y, cfg: cfg, rng: rng, feats: make([]int, p), count: make([]int32, n),
		goes: make([]int, n), spare: make([]int32, n), flat: make([]bool, p)}
	for f := range p {
		col := make([]float64, n)
		ord := make([]int32, n)
		for i := range X {
			col[i], ord[i] = X[i][f], int32(i)
		}
		slices.SortFunc(ord, func(a, c int32) int {
			if d := cmp.Compare(col[a], col[c]); d != 0 {
				return d
			}
			return cmp.Compare(a, c)
		})
		b.cols = append(b.cols, col)
		b.rows = append(b.rows, ord)
	}
	for range p + 1 {
		b.lists = append(b.lists, make([]int32, n))
	}
	return b
}

// bootstrap draws a tree's sample (n rows with replacement) and lays it out in every list.
func (b *builder) bootstrap() {
	drawn := b.lists[len(b.cols)]
	clear(b.count)
	for k := range drawn {
		i := int32(b.rng.IntN(len(drawn)))
		drawn[k] = i
		b.count[i]++
	}
	for f, ord := range b.rows {
		l := b.lists[f][:0]
		for _, i := range ord {
			for range b.count[i] {
				l = append(l, i)
			}
		}
	}
}

// grow builds the subtree over the samples in [lo, hi) of the lists and returns its node index.
func (b *builder) grow(lo, hi, depth int) int32 {
	me := int32(len(b.nodes))
	drawn := b.lists[len(b.cols)][lo:hi]
	mean := 0.0
	for _, i := range drawn {
		mean += b.y[i]
	}
	mean /= float64(len(drawn))
	b.nodes = append(b.nodes, node{feat: -1, value: mean})
	if len(drawn) < 2*b.cfg.MinLeaf || (b.cfg.MaxDepth > 0 && depth >= b.cfg.MaxDepth) {
		return me
	}
	mark := b.markFlat(lo, hi)
	feat, thr, ok := b.bestSplit(lo, hi)
	if !ok {
		b.unmarkFlat(mark)
		return me
	}
	col := b.cols[feat]
	for _, i := range drawn {
		b.goes[i] = 0
		if col[i] <= thr {
			b.goes[i] = 1
		}
	}
	mid, p := lo, len(b.cols)
	for f, l := range b.lists {
		if f < p && b.flat[f] {
			continue // (the drawn list, lists[p], always is partitioned)
		}
		mid = b.partition(l[lo:hi]) + lo
	}
	left := b.grow(lo, mid, depth+1)
	right := b.grow(mid, hi, depth+1)
	b.unmarkFlat(mark)
	b.nodes[me] = node{feat: int32(feat), thr: thr, left: left, right: right, value: mean}
	return me
}

// markFlat sets flat for each feature that has one value in the samples [lo, hi) (each list is
// sorted by its feature, so its first and last value tell) and returns the mark to unset them at.
func (b *builder) markFlat(lo, hi int) int {
	mark := len(b.flatAt)
	for f, col := range b.cols {
		if l := b.lists[f]; !b.flat[f] && col[l[lo]] == col[l[hi-1]] {
			b.flat[f] = true
			b.flatAt = append(b.flatAt, f)
		}
	}
	return mark
}

// unmarkFlat unsets the features markFlat set since mark.
func (b *builder) unmarkFlat(mark int) {
	for _, f := range b.flatAt[mark:] {
		b.flat[f] = false
	}
	b.flatAt = b.flatAt[:mark]
}

// partition moves the rows going left to the front of s, keeping the order on both sides, and
// returns how many went left. It writes every row to both sides and advances one of them, without
// a branch: which way a row goes is as good as random, and mispredicted branches made this loop
// the forest's largest cost.
func (b *builder) partition(s []int32) int {
	w, r, k := 0, b.spare[:len(s)], 0
	for _, i := range s {
		g := b.goes[i]
		s[w] = i
		r[k] = i
		w += g
		k += 1 - g
	}
	copy(s[w:], r[:k])
	return w
}

// bestSplit tries MaxFeatures random features (a partial Fisher-Yates shuffle) of the samples in
// [lo, hi) and returns the split with the largest reduction of the sum of squared errors.
func (b *builder) bestSplit(lo, hi int) (int, float64, bool) {
	p := len(b.feats)
	for k := range b.feats {
		b.feats[k] = k
	}
	n := hi - lo
	var total, totalSq float64
	for _, i := range b.lists[p][lo:hi] {
		total += b.y[i]
		totalSq += float64(b.y[i] * b.y[i])
	}
	parent := totalSq - total*total/float64(n)
	if parent <= 1e-12 {
		return 0, 0, false
	}
	bestGain, bestFeat, bestThr := 0.0, -1, 0.0
	for k := range b.cfg.MaxFeatures {
		j := k + b.rng.IntN(p-k)
		b.feats[k], b.feats[j] = b.feats[j], b.feats[k]
		f := b.feats[k]
		if b.flat[f] {
			continue // every pair of neighbours is tied: the scan below would find no split
		}
		ord, col := b.lists[f][lo:hi], b.cols[f]
		var ls, lsq float64
		for m := 0; m < n-1; m++ {
			v := b.y[ord[m]]
			ls += v
			lsq += float64(v * v)
			nl := m + 1
			if nl < b.cfg.MinLeaf || n-nl < b.cfg.MinLeaf {
				continue
			}
			x0, x1 := col[ord[m]], col[ord[m+1]]
			if x0 == x1 {
				continue
			}
			rs, rsq := total-ls, totalSq-lsq
			sse := (lsq - ls*ls/float64(nl)) + (rsq - rs*rs/float64(n-nl))
			if gain := parent - sse; gain > bestGain+1e-12 {
				bestGain, bestFeat, bestThr = gain, f, x0+float64((x1-x0)/2)
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
