package core

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// ModelClass groups models the way Synergy's workload mix does.
type ModelClass string

// Model classes.
const (
	Image    ModelClass = "image"
	Language ModelClass = "language"
	Speech   ModelClass = "speech"
	Other    ModelClass = "other"
)

// Model is a registry entry: a canonical name, its aliases, and the profiled per-GPU batch and
// iteration times. IterTime maps a GPU type to seconds per iteration for one GPU at the
// proportional CPU/memory share; missing types have no measured number.
type Model struct {
	Name      string
	Aliases   []string
	Class     ModelClass
	BatchSize int
	IterTime  map[GPUType]float64
	Source    string

	times []typeTime // IterTime as a list, set by NewModels (see IterTimeOn)
}

type typeTime struct {
	typ GPUType
	s   float64
}

// IterTimeOn is IterTime[t]. A model from a registry reads it from a list made when the registry
// was built: a map lookup by a GPU type's name was a tenth of a speed-model query under wasm, and
// a model is profiled on a handful of types.
func (m *Model) IterTimeOn(t GPUType) (float64, bool) {
	if m.times == nil {
		s, ok := m.IterTime[t]
		return s, ok
	}
	for _, x := range m.times {
		if x.typ == t {
			return x.s, true
		}
	}
	return 0, false
}

// Models is a registry of models looked up by canonical name or alias (case-insensitive,
// ignoring '-', '_' and spaces). Build it with NewModels or BuiltinModels; it is read-only after.
type Models struct {
	list  []Model
	index map[string]int
	exact NameIndex // names and aliases as spelled: Lookup's fast path (no normalising)
}

// NewModels builds a registry; duplicate names or aliases are an error.
func NewModels(list []Model) (*Models, error) {
	list = slices.Clone(list) // (times are set below: the caller's list stays as given)
	r := &Models{list: list, index: map[string]int{}}
	for i, m := range list {
		list[i].times = make([]typeTime, 0, len(m.IterTime))
		for t, s := range m.IterTime {
			list[i].times = append(list[i].times, typeTime{t, s})
		}
		slices.SortFunc(list[i].times, func(a, b typeTime) int { return strings.Compare(string(a.typ), string(b.typ)) })
		for _, a := range append([]string{m.Name}, m.Aliases...) {
			k := normaliseKey(a)
			if j, dup := r.index[k]; dup && j != i {
				return nil, fmt.Errorf("model registry: %q names both %s and %s", a, list[j].Name, m.Name)
			}
			r.index[k] = i
			r.exact.Set(a, i)
		}
	}
	return r, nil
}

// Lookup finds a model by name or alias.
func (r *Models) Lookup(name string) (*Model, bool) {
	// Fast path: an exact spelling (the speed model looks the model up at every job start).
	if i, ok := r.exact.Get(name); ok {
		return &r.list[i], true
	}
	i, ok := r.index[normaliseKey(name)]
	if !ok {
		return nil, false
	}
	return &r.list[i], true
}

// Canonical returns the canonical name for name, or name unchanged when it is unknown.
func (r *Models) Canonical(name string) string {
	if m, ok := r.Lookup(name); ok {
		return m.Name
	}
	return name
}

// Names lists canonical names, sorted.
func (r *Models) Names() []string {
	out := make([]string, len(r.list))
	for i, m := range r.list {
		out[i] = m.Name
	}
	sort.Strings(out)
	return out
}

// ByClass lists the canonical names of a class in registry order.
func (r *Models) ByClass(c ModelClass) []string {
	var out []string
	for _, m := range r.list {
		if m.Class == c {
			out = append(out, m.Name)
		}
	}
	return out
}

// synergySource cites the numbers below.
const synergySource = "Synergy (Mohan et al., OSDI'22), msr-fiddle/synergy@1bb2bed6 simulator/models/<model>_1.py: " +
	"iter_time at the proportional share (3 cores, 62.5 GB per GPU) on V100"

// BuiltinModels returns the built-in registry: Synergy's ten-model zoo with its measured
// proportional-share iteration times on V100 (msr-fiddle/synergy@1bb2bed6 simulator/models/<model>_1.py). Later issues add other profiles.
func BuiltinModels() *Models {
	v := func(s float64) map[GPUType]float64 { return map[GPUType]float64{V100: s} }
	list := []Model{
		{Name: "alexnet", Aliases: []string{"AlexNet"}, Class: Image, BatchSize: 512, IterTime: v(0.600)},
		{Name: "resnet18", Aliases: []string{"res18", "ResNet-18", "resnet_18"}, Class: Image, BatchSize: 512, IterTime: v(0.640)},
		{Name: "resnet50", Aliases: []string{"res50", "ResNet-50"}, Class: Image, BatchSize: 512, IterTime: v(0.780)},
		{Name: "mobilenet", Aliases: []string{"MobileNet", "mobilenet_v2"}, Class: Image, BatchSize: 512, IterTime: v(0.710)},
		{Name: "shufflenet", Aliases: []string{"ShuffleNet", "shufflenet_v2"}, Class: Image, BatchSize: 512, IterTime: v(0.615)},
		{Name: "gnmt", Aliases: []string{"GNMT"}, Class: Language, BatchSize: 128, IterTime: v(0.120)},
		{Name: "transformer-xl", Aliases: []string{"transformer", "TransformerXL", "Transformer-XL"}, Class: Language, BatchSize: 128, IterTime: v(0.670)},
		{Name: "lstm", Aliases: []string{"LSTM"}, Class: Language, BatchSize: 20, IterTime: v(0.011)},
		{Name: "m5", Aliases: []string{"M5"}, Class: Speech, BatchSize: 512, IterTime: v(0.600)},
		{Name: "deepspeech", Aliases: []string{"DeepSpeech", "deepspeech2"}, Class: Speech, BatchSize: 20, IterTime: v(0.757)},
	}
	for i := range list {
		list[i].Source = synergySource
	}
	r, err := NewModels(list)
	if err != nil {
		panic(err) // the built-in table is a programmer's constant
	}
	return r
}

// ModelKey normalises a model name for comparisons (lower case, no '-', '_' or spaces).
func ModelKey(name string) string { return strings.ToLower(normaliseKey(name)) }

// AppendModelKey appends ModelKey(name) to dst. For an ASCII name (every name the generators and
// built-in tables use) it allocates nothing when dst has room, so that a map lookup through
// string(AppendModelKey(buf[:0], name)) costs no allocation: speed models look a job's model up at
// every job start, and allocation is dearest under wasm.
func AppendModelKey(dst []byte, name string) []byte {
	for i := 0; i < len(name); i++ {
		if name[i] >= 0x80 {
			return append(dst, ModelKey(name)...)
		}
	}
	s := strings.TrimSpace(name)
	start := len(dst)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst[:start+len(dropKeySeparators(dst[start:]))]
}

// IsModelKey reports whether name is its own ModelKey because it has nothing to change: ASCII
// without upper-case letters, spaces or control characters, '-', '_' or "nvidia". Every name the
// generators write is one, so a table keyed by ModelKey can look such a name up as it is,
// without building its key (a lookup at every job start, and the miss of every table but the
// one that knows the model).
func IsModelKey(name string) bool {
	for i := 0; i < len(name); i++ {
		// One test per byte for the common case, a lower-case letter or digit (the per-byte
		// comparisons were most of a missed table lookup under wasm).
		c := name[i]
		bits := uint64(keyBytesLow)
		if c >= 64 {
			bits = keyBytesHigh
		}
		if c < 0x80 && bits>>(c&63)&1 == 0 {
			continue
		}
		if c != 'n' || strings.HasPrefix(name[i:], "nvidia") {
			return false
		}
	}
	return true
}

// keyBytesLow and keyBytesHigh have bit c%64 set for each byte c below 0x40 and below 0x80 that
// IsModelKey must look at: spaces and control characters, '-', '_', upper-case letters, and 'n'
// (of "nvidia").
const (
	keyBytesLow  = 1<<33 - 1 | 1<<'-'
	keyBytesHigh = (1<<26-1)<<('A'-64) | 1<<('_'-64) | 1<<('n'-64)
)

// List returns a copy of the registry's models in registration order, so that registries can be
// combined with NewModels.
func (r *Models) List() []Model { return append([]Model(nil), r.list...) }
