package similarity

import (
	"fmt"
	"math"
	"slices"

	"schedlab/core"
	"schedlab/core/detmath"
	"schedlab/core/hetero"
)

// Exclude says which references the predictor hides from a query.
type Exclude uint8

// Exclusion modes.
const (
	// ExcludeModel hides the query's own job type (leave-one-model-out): other batch sizes of
	// the same family stay visible.
	ExcludeModel Exclude = iota
	// ExcludeFamily hides the query's whole family (e.g. every ResNet-50 job type).
	ExcludeFamily
	// ExcludeNone hides nothing: the query is its own nearest neighbour (an oracle).
	ExcludeNone
)

var excludeNames = [...]string{"model", "family", "none"}

func (e Exclude) String() string { return excludeNames[e] }

// ParseExclude parses "model", "family" or "none" ("" = model).
func ParseExclude(s string) (Exclude, error) {
	if s == "" {
		return ExcludeModel, nil
	}
	for i, n := range excludeNames {
		if n == s {
			return Exclude(i), nil
		}
	}
	return 0, fmt.Errorf("exclude %q: want model, family or none", s)
}

// features is the descriptor vector of a job type at a GPU count: log(1+count) per layer kind
// (so that 97 linear layers do not outweigh everything else), log parameters, log MACs, log
// depth, log batch, log GPUs and the augmentation flag.
func features(d Descriptor, batch, gpus int) [numFeatures]float64 {
	l := func(n int) float64 { return detmath.Log(1 + float64(n)) }
	aug := 0.0
	if d.Augment {
		aug = 1
	}
	return [numFeatures]float64{l(d.Conv), l(d.DepthwiseConv), l(d.Norm), l(d.Dropout), l(d.Linear), l(d.Pool),
		l(d.Residual), l(d.Attention), l(d.Recurrent), detmath.Log(d.ParamsM), detmath.Log(d.GMACs), detmath.Log(float64(d.Depth)),
		detmath.Log(float64(batch)), detmath.Log(float64(gpus)), aug}
}

const numFeatures = 15

// Cosine is the cosine similarity of two vectors (0 when either is zero).
func Cosine(a, b []float64) float64 {
	var ab, aa, bb float64
	for i := range a {
		ab += float64(a[i] * b[i])
		aa += float64(a[i] * a[i])
		bb += float64(b[i] * b[i])
	}
	if aa == 0 || bb == 0 {
		return 0
	}
	return ab / math.Sqrt(aa*bb)
}

// Neighbour is a reference and its similarity to a query, in [0, 1] ((1 + cosine) / 2).
type Neighbour struct {
	Ref int
	Sim float64
}

// Predictor transfers measured profiles to unseen models by similarity. It is read-only after
// NewPredictor and safe to share.
type Predictor struct {
	Table   *hetero.Table
	Refs    []Reference
	K       int
	Exclude Exclude
	// index finds a reference by core.ModelKey of its name or job type (NewPredictor builds it;
	// without it Lookup scans Refs): a policy looks jobs up at every decision.
	index map[string]int
	// feat is each reference's descriptor vector at one GPU, and measuredAt, per (type, GPUs,
	// spread) — type "" for any — the references measured there, ascending (NewPredictor; nil:
	// computed per call). One lookup per placement, not one per reference: a policy asks for
	// the candidates of every type and placement of every job it predicts.
	feat       [][numFeatures]float64
	measuredAt map[placeKey][]int
}

// placeKey is a placement a reference may have been measured at; Type "" stands for any type.
type placeKey struct {
	Type   core.GPUType
	GPUs   int
	Spread bool
}

// NewPredictor builds a predictor over t's profiles with k nearest neighbours.
func NewPredictor(t *hetero.Table, k int, ex Exclude) *Predictor {
	p := &Predictor{Table: t, Refs: References(t), K: k, Exclude: ex, index: map[string]int{}}
	for i := len(p.Refs) - 1; i >= 0; i-- { // the first reference of a key wins, as in lookupRef
		p.index[core.ModelKey(p.Refs[i].Name)] = i
		p.index[core.ModelKey(p.Refs[i].JobType)] = i
	}
	p.feat = make([][numFeatures]float64, len(p.Refs))
	p.measuredAt = map[placeKey][]int{}
	for i, r := range p.Refs {
		p.feat[i] = features(r.Desc, r.Batch, 1)
		add := func(k placeKey) {
			if at := p.measuredAt[k]; len(at) == 0 || at[len(at)-1] != i {
				p.measuredAt[k] = append(at, i)
			}
		}
		for _, pt := range r.prof.Points {
			for _, t := range []core.GPUType{pt.Type, ""} {
				add(placeKey{t, pt.GPUs, pt.Spread})
				if pt.GPUs == 1 { // one GPU is never spread: it answers either
					add(placeKey{t, 1, !pt.Spread})
				}
			}
		}
	}
	return p
}

// gpuFeature is the index of log(GPUs) in a descriptor vector (features).
const gpuFeature = 13

// featuresOf is reference r's descriptor vector at gpus GPUs.
func (p *Predictor) featuresOf(r, gpus int) [numFeatures]float64 {
	if p.feat == nil {
		return features(p.Refs[r].Desc, p.Refs[r].Batch, gpus)
	}
	v := p.feat[r]
	v[gpuFeature] = detmath.Log(float64(gpus))
	return v
}

// visible reports whether reference r may serve query q.
func (p *Predictor) visible(q Reference, r int) bool {
	switch p.Exclude {
	case ExcludeModel:
		return p.Refs[r].Name != q.Name
	case ExcludeFamily:
		return p.Refs[r].Family != q.Family
	}
	return true
}

// Neighbours returns the K references most similar to q at gpus GPUs among the visible ones
// that have a measurement for (typ, gpus, spread) — typ "" accepts any — best first.
// Descriptors are z-scored over that candidate set, so similarity is relative to what the policy
// can see.
func (p *Predictor) Neighbours(q Reference, typ core.GPUType, gpus int, spread bool) []Neighbour {
	return p.nearest(q, p.candidates(q, typ, gpus, spread), gpus)
}

// candidates are the visible references measured at (typ, gpus, spread); typ "" accepts any.
func (p *Predictor) candidates(q Reference, typ core.GPUType, gpus int, spread bool) []int {
	var cand []int
	if p.measuredAt != nil {
		for _, r := range p.measuredAt[placeKey{typ, gpus, spread}] {
			if p.visible(q, r) {
				cand = append(cand, r)
			}
		}
		return cand
	}
	for r := range p.Refs {
		if !p.visible(q, r) {
			continue
		}
		ok := false
		for _, pt := range p.Refs[r].prof.Points {
			ok = ok || ((typ == "" || pt.Type == typ) && pt.GPUs == gpus && (pt.Spread == spread || gpus == 1))
		}
		if ok {
			cand = append(cand, r)
		}
	}
	return cand
}

// nearest is the K references of cand most similar to q at gpus GPUs, best first, descriptors
// z-scored over cand.
func (p *Predictor) nearest(q Reference, cand []int, gpus int) []Neighbour {
	if len(cand) == 0 {
		return nil
	}
	vecs := make([][numFeatures]float64, len(cand))
	var mean, sd [numFeatures]float64
	for i, r := range cand {
		vecs[i] = p.featuresOf(r, gpus)
		for f := range mean {
			mean[f] += vecs[i][f]
		}
	}
	for f := range mean {
		mean[f] /= float64(len(cand))
		for i := range vecs {
			d := vecs[i][f] - mean[f]
			sd[f] += float64(d * d)
		}
		sd[f] = math.Sqrt(sd[f] / float64(len(cand)))
	}
	z := func(v [numFeatures]float64) []float64 {
		out := make([]float64, numFeatures)
		for f := range v {
			if sd[f] > 1e-12 {
				out[f] = (v[f] - mean[f]) / sd[f]
			}
		}
		return out
	}
	qz := z(features(q.Desc, q.Batch, gpus))
	// The K most similar, best first, ties in candidate order: what a stable sort by similarity
	// keeps, without sorting them all.
	k := max(1, p.K)
	out := make([]Neighbour, 0, min(k, len(cand)))
	for i, r := range cand {
		n := Neighbour{Ref: r, Sim: (1 + Cosine(qz, z(vecs[i]))) / 2}
		pos := len(out)
		for pos > 0 && out[pos-1].Sim < n.Sim {
			pos--
		}
		if pos >= k {
			continue
		}
		if len(out) < k {
			out = append(out, Neighbour{})
		}
		copy(out[pos+1:], out[pos:len(out)-1])
		out[pos] = n
	}
	return out
}

// Predict is q's predicted throughput (iterations/s of the whole job) on gpus GPUs of type typ.
// The neighbours' hardware efficiency — measured throughput × batch × MACs per sample, i.e.
// multiply-accumulates per second achieved on that GPU type — is averaged in log space with
// similarity weights and divided by q's own work per iteration. ok is false when no visible
// reference was measured there.
func (p *Predictor) Predict(q Reference, typ core.GPUType, gpus int, spread bool) (float64, bool) {
	return p.transfer(q, p.Neighbours(q, typ, gpus, spread), typ, gpus, spread)
}

// PredictMatch is Predict for every type of types at gpus GPUs, consolidated ([0]) and, for more
// than one GPU, spread ([1]) — 0 where no visible reference was measured — with Neighbours(q, "",
// gpus, false), the references most similar to q among those measured at gpus GPUs on any type.
// The neighbours of a candidate set are found once for every placement that has the same
// candidates (on Zeus' table, all of them), which makes it several times cheaper than calling
// Predict per placement.
func (p *Predictor) PredictMatch(q Reference, types []core.GPUType, gpus int) ([][2]float64, []Neighbour) {
	out := make([][2]float64, len(types))
	type found struct {
		cand []int
		nb   []Neighbour
	}
	anyCand := p.candidates(q, "", gpus, false)
	seen := []found{{anyCand, p.nearest(q, anyCand, gpus)}}
	for i, t := range types {
		for k, spread := range []bool{false, true} {
			if spread && gpus == 1 {
				continue
			}
			cand := p.candidates(q, t, gpus, spread)
			j := slices.IndexFunc(seen, func(f found) bool { return slices.Equal(f.cand, cand) })
			if j < 0 {
				j, seen = len(seen), append(seen, found{cand, p.nearest(q, cand, gpus)})
			}
			out[i][k], _ = p.transfer(q, seen[j].nb, t, gpus, spread)
		}
	}
	return out, seen[0].nb
}

// transfer is q's throughput on (typ, gpus, spread) from its neighbours nb: their hardware
// efficiency averaged in log space with similarity weights, over q's work per iteration.
func (p *Predictor) transfer(q Reference, nb []Neighbour, typ core.GPUType, gpus int, spread bool) (float64, bool) {
	var sw, slog float64
	for _, n := range nb {
		r := p.Refs[n.Ref]
		x, ok := r.prof.At(typ, gpus, spread)
		if !ok {
			continue
		}
		w := n.Sim + 1e-9
		sw += w
		slog += float64(w * detmath.Log(x*float64(r.Batch)*r.Desc.GMACs))
	}
	if sw == 0 {
		return 0, false
	}
	return detmath.Exp(slog/sw) / (float64(q.Batch) * q.Desc.GMACs), true
}

// Lookup finds the reference row describing model (canonical name or Gavel job type).
func (p *Predictor) Lookup(model string) (Reference, bool) {
	i, ok := 0, false
	if p.index != nil {
		i, ok = p.index[core.ModelKey(model)]
	} else {
		i, ok = lookupRef(p.Refs, model)
	}
	if !ok {
		return Reference{}, false
	}
	return p.Refs[i], true
}
