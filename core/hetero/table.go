package hetero

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"schedlab/core"
)

// Point is one measured isolated throughput: the whole job's training iterations per second on
// GPUs GPUs of type Type, consolidated on one server (Spread false) or spread over servers.
type Point struct {
	Type       core.GPUType
	GPUs       int
	Spread     bool
	Throughput float64
}

// Profile is the measured throughputs of one job type (a model at a per-GPU batch size).
type Profile struct {
	JobType string  // Gavel's name, e.g. "ResNet-18 (batch size 64)"
	Name    string  // the registry's canonical name, e.g. "resnet18-bs64"
	Points  []Point // sorted by type, GPUs, Spread
}

// Table is a set of profiles looked up by job type or canonical name (core.ModelKey rules).
// It is read-only once built.
type Table struct {
	profiles []Profile
	index    core.NameIndex // core.ModelKey of each job type and name → profile
	// keyLens has, per first byte of a key of index, bit n%64 set for a key of n bytes: a name
	// whose key matches no bit is not in the table, found without hashing it (the tables know
	// few models, and every job of the others is looked up in each at every start).
	keyLens [256]uint64
	eff     []efficiency // multi-GPU scaling efficiencies (estimate.go)
}

// NewTable builds a table; points are sorted and duplicates or non-positive throughputs rejected.
func NewTable(profiles []Profile) (*Table, error) {
	t := &Table{profiles: profiles}
	for i := range t.profiles {
		p := &t.profiles[i]
		if p.Name == "" {
			p.Name = CanonicalName(p.JobType)
		}
		slices.SortFunc(p.Points, comparePoints)
		for k, pt := range p.Points {
			if !(pt.Throughput > 0) || pt.GPUs <= 0 {
				return nil, fmt.Errorf("profile %s: %s×%d: throughput %v and GPUs must be positive", p.JobType, pt.Type, pt.GPUs, pt.Throughput)
			}
			if k > 0 && !pointLess(p.Points[k-1], pt) {
				return nil, fmt.Errorf("profile %s: %s×%d spread=%v measured twice", p.JobType, pt.Type, pt.GPUs, pt.Spread)
			}
		}
		for _, key := range []string{p.JobType, p.Name} {
			k := core.ModelKey(key)
			if j, dup := t.index.Get(k); dup && j != i {
				return nil, fmt.Errorf("profile %s: name %q already names %s", p.JobType, key, t.profiles[j].JobType)
			}
			t.index.Set(k, i)
			if k != "" {
				t.keyLens[k[0]] |= 1 << (len(k) % 64)
			}
		}
	}
	t.eff = efficiencies(t.profiles)
	return t, nil
}

// comparePoints orders points by type, GPUs, then consolidated before spread.
func comparePoints(a, b Point) int {
	if c := cmp.Compare(a.Type, b.Type); c != 0 {
		return c
	}
	if c := cmp.Compare(a.GPUs, b.GPUs); c != 0 {
		return c
	}
	switch {
	case a.Spread == b.Spread:
		return 0
	case b.Spread:
		return -1
	}
	return 1
}

func pointLess(a, b Point) bool { return comparePoints(a, b) < 0 }

// Profiles lists the profiles in table order (read-only).
func (t *Table) Profiles() []Profile { return t.profiles }

// Profile finds the profile of a model by job type or canonical name.
func (t *Table) Profile(model string) (*Profile, bool) {
	var i int
	var ok bool
	if core.IsModelKey(model) {
		if len(model) > 0 && !t.mayHold(model[0], len(model)) {
			return nil, false
		}
		i, ok = t.index.Get(model)
	} else {
		var buf [64]byte
		key := core.AppendModelKey(buf[:0], model)
		if len(key) > 0 && !t.mayHold(key[0], len(key)) {
			return nil, false
		}
		i, ok = t.index.Get(string(key)) // (the string is on the stack: Get keeps nothing)
	}
	if !ok {
		return nil, false
	}
	return &t.profiles[i], true
}

// mayHold is false when the table has no key of n bytes starting with first (keyLens).
func (t *Table) mayHold(first byte, n int) bool { return t.keyLens[first]&(1<<(n%64)) != 0 }

// Throughput is the measured isolated throughput (iterations/s of the whole job) of model on
// gpus GPUs of type typ; a single GPU is always consolidated. ok is false when not measured.
func (t *Table) Throughput(model string, typ core.GPUType, gpus int, spread bool) (float64, bool) {
	p, ok := t.Profile(model)
	if !ok {
		return 0, false
	}
	return p.At(typ, gpus, spread)
}

// At is the profile's throughput on gpus GPUs of type typ (a single GPU is never spread).
func (p *Profile) At(typ core.GPUType, gpus int, spread bool) (float64, bool) {
	if gpus == 1 {
		spread = false
	}
	for _, pt := range p.Points {
		if pt.Type == typ && pt.GPUs == gpus && pt.Spread == spread {
			return pt.Throughput, true
		}
	}
	return 0, false
}

// Types lists the GPU types measured for the profile, sorted.
func (p *Profile) Types() []core.GPUType {
	var out []core.GPUType
	for _, pt := range p.Points {
		if len(out) == 0 || out[len(out)-1] != pt.Type {
			out = append(out, pt.Type)
		}
	}
	return out
}

// CanonicalName turns a Gavel job type into a registry name: "ResNet-18 (batch size 64)" gives
// "resnet18-bs64", "A3C" gives "a3c".
func CanonicalName(jobType string) string {
	fam, bs := SplitJobType(jobType)
	// (strings.Map, not a strings.Replacer: building one per call was 40 % of building the table,
	// which every run does.)
	name := strings.Map(func(r rune) rune {
		if r == '-' || r == ' ' || r == '_' {
			return -1
		}
		return unicode.ToLower(r)
	}, fam)
	if bs > 0 {
		name += "-bs" + strconv.Itoa(bs)
	}
	return name
}

// SplitJobType splits "ResNet-18 (batch size 64)" into the family "ResNet-18" and the per-GPU
// batch size 64 (0 when the name carries none).
func SplitJobType(jobType string) (family string, batch int) {
	fam, rest, ok := strings.Cut(jobType, " (batch size ")
	if !ok {
		return strings.TrimSpace(jobType), 0
	}
	n, err := strconv.Atoi(strings.TrimSuffix(rest, ")"))
	if err != nil {
		return strings.TrimSpace(jobType), 0
	}
	return strings.TrimSpace(fam), n
}
