package interference

import "schedlab/core"

// Colocation adapts a Model to sim.Colocation for jobs named through a model registry (the
// registry resolves aliases and default batch sizes). Build one per run with NewColocation.
type Colocation struct {
	model  *Model
	models *core.Models
	types  map[*core.Job]int32 // job → job type, -1 = never shares (memoised: the engine asks often)
	kinds  []int32             // Fits' scratch: the group's job types so far
}

// NewColocation builds the sim.Colocation over model m and registry models (nil = names only).
func NewColocation(m *Model, models *core.Models) *Colocation {
	return &Colocation{model: m, models: models, types: map[*core.Job]int32{}}
}

// Model is the underlying pair model.
func (c *Colocation) Model() *Model { return c.model }

// Type is j's job type, ok = false when j never shares.
func (c *Colocation) Type(j *core.Job) (int, bool) {
	if k, ok := c.types[j]; ok {
		return int(k), k >= 0
	}
	k, ok := c.model.TypeOf(j, c.models)
	if !ok {
		k = -1
	}
	c.types[j] = int32(k)
	return k, ok
}

// Fits implements sim.Colocation: every pair measured as fitting and, for three or more jobs,
// the footprints within the GPU's memory. Each job's type is looked up once and the GPU type's
// table row once: policies ask this for every waiting job and busy GPU, on groups of up to a
// GPU's memory in jobs.
func (c *Colocation) Fits(group []*core.Job, t core.GPUType) bool {
	ti := typeIndex(t)
	if ti < 0 {
		return false
	}
	norm := &c.model.norm[ti]
	kinds := c.kinds[:0] // the types of group[:i]
	defer func() { c.kinds = kinds[:0] }()
	mem := 0.0
	for _, a := range group {
		ka, ok := c.Type(a)
		if !ok {
			return false
		}
		mem += footprintGB[ka]
		for _, kb := range kinds {
			if norm[ka][kb] == 0 || norm[kb][ka] == 0 {
				return false
			}
		}
		kinds = append(kinds, int32(ka))
	}
	return len(group) < 3 || mem <= t.MemGB()
}

// Slowdown implements sim.Colocation: the product of j's pairwise normalised throughputs next to
// each co-runner. Called only for groups that fit.
func (c *Colocation) Slowdown(j *core.Job, others []*core.Job, t core.GPUType) float64 {
	ka, ok := c.Type(j)
	if !ok {
		return 1
	}
	f := 1.0
	for _, o := range others {
		if kb, ok := c.Type(o); ok {
			if x, ok := c.model.Pair(t, ka, kb); ok && x > 0 {
				f *= x
			}
		}
	}
	return f
}
