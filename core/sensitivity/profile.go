package sensitivity

import (
	"schedlab/core"
)

// CPUAxis and MemAxis are the grid points of a profile's throughput matrix: cores per GPU (rows)
// and GB of host memory per GPU (columns).
var (
	CPUAxis = [9]float64{1, 2, 3, 4, 5, 6, 9, 12, 24}
	MemAxis = [5]float64{500.0 / 24, 62.5, 125, 187.5, 250}
)

// Grid is a throughput matrix indexed [CPU row][memory column] along CPUAxis × MemAxis,
// normalised to 1 at 3 cores and 62.5 GB per GPU (Synergy's 24-core, 500 GB, 8-GPU server).
type Grid [9][5]float64

// Profile is one model's sensitivity at one CPU:GPU ratio (the proportional cores per GPU of the
// server the profile was measured for; memory is always 62.5 GB per GPU).
type Profile struct {
	Model     string  // canonical model name (core registry)
	Ratio     int     // proportional cores per GPU: 3, 4, 5 or 6
	CPUPerGPU float64 // ideal cores per GPU
	MemPerGPU float64 // ideal GB per GPU
	Speedup   float64 // throughput at the ideal point ÷ at the proportional share
	IterTime  float64 // seconds per iteration at the proportional share of this ratio (V100)
	Tput      Grid
}

// PropMem is the proportional memory per GPU every profile assumes (500 GB over 8 GPUs).
const PropMem = 62.5

// Table is a read-only set of profiles looked up by model name (or alias) and CPU:GPU ratio.
type Table struct {
	models *core.Models
	list   []Profile
	names  [][]string     // per profile: the exact spellings matched without normalising
	byName core.NameIndex // exact spelling → index into named (read-only after NewTable)
	named  [][]int        // profiles of each spelling of byName
	// byKey is core.ModelKey of each profile's model → its profiles, in list order (read-only
	// after NewTable): a lookup of a name spelt otherwise, or of a model the table lacks (every
	// job of a workload outside Synergy's models, at every lease), normalises one name, not
	// every profile's.
	byKey map[string][]int
}

// NewTable builds a table; model names are canonicalised through models (nil = the core registry).
func NewTable(list []Profile, models *core.Models) *Table {
	if models == nil {
		models = core.BuiltinModels()
	}
	t := &Table{models: models, list: make([]Profile, len(list))}
	copy(t.list, list)
	t.names = make([][]string, len(t.list))
	for i := range t.list {
		t.list[i].Model = models.Canonical(t.list[i].Model)
		t.names[i] = []string{t.list[i].Model}
		if m, ok := models.Lookup(t.list[i].Model); ok {
			t.names[i] = append(t.names[i], m.Aliases...)
		}
	}
	t.byKey = map[string][]int{}
	for i, names := range t.names {
		for _, n := range names {
			k, ok := t.byName.Get(n)
			if !ok {
				k = len(t.named)
				t.byName.Set(n, k)
				t.named = append(t.named, nil)
			}
			t.named[k] = append(t.named[k], i)
		}
		k := core.ModelKey(t.list[i].Model)
		t.byKey[k] = append(t.byKey[k], i)
	}
	return t
}

// Profiles lists the table's profiles (a copy).
func (t *Table) Profiles() []Profile { return append([]Profile(nil), t.list...) }

// RatioFor is the profile ratio used for a server with propCPU cores per GPU: the largest of
// 3, 4, 5, 6 not above propCPU, and 3 below that.
func RatioFor(propCPU float64) int {
	r := 3
	for _, c := range []int{4, 5, 6} {
		if propCPU >= float64(c) {
			r = c
		}
	}
	return r
}

// Lookup finds the profile of model for a server with propCPU cores per GPU (see RatioFor). A
// table lacking that ratio for the model falls back to its ratio-3 profile.
func (t *Table) Lookup(model string, propCPU float64) (*Profile, bool) {
	if t == nil {
		return nil, false
	}
	r := RatioFor(propCPU)
	// Fast path: an exact spelling (simulations look a profile up at every lease).
	if k, ok := t.byName.Get(model); ok {
		if p, ok := t.find(r, t.named[k]); ok {
			return p, true
		}
	}
	return t.find(r, t.byKey[core.ModelKey(t.models.Canonical(model))])
}

// find returns the profile of ratio r among the profiles idx (ascending), else the last ratio-3
// profile among them.
func (t *Table) find(r int, idx []int) (*Profile, bool) {
	var fallback *Profile
	for _, i := range idx {
		p := &t.list[i]
		if p.Ratio == r {
			return p, true
		}
		if p.Ratio == 3 {
			fallback = p
		}
	}
	return fallback, fallback != nil
}
