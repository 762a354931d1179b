package gen

import (
	"fmt"
	"strings"

	"schedlab/core"
)

// Generator makes a workload from checked parameters and the caller's seed. It must be
// deterministic: the same Params, seed and registry give the same jobs on every platform.
type Generator interface {
	Name() string
	Doc() string // one line for help text
	Keys() []Key // the SPEC keys it accepts, with defaults
	Generate(p Params, seed uint64, models *core.Models) ([]core.Job, error)
}

// Registry is an ordered list of generators.
type Registry []Generator

// Builtin returns the built-in generators.
func Builtin() Registry {
	return Registry{Philly{}, Synergy{}, Similarity{}, Recurring{}, Interference{}}
}

// Lookup finds a generator by name.
func (r Registry) Lookup(name string) (Generator, error) {
	var names []string
	for _, g := range r {
		if g.Name() == name {
			return g, nil
		}
		names = append(names, g.Name())
	}
	return nil, fmt.Errorf("gen: unknown generator %q (known: %s)", name, strings.Join(names, ", "))
}

// Generate parses spec, checks its keys and runs the named generator. A nil models means
// core.BuiltinModels().
func (r Registry) Generate(spec string, seed uint64, models *core.Models) ([]core.Job, error) {
	name, pairs, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	g, err := r.Lookup(name)
	if err != nil {
		return nil, err
	}
	p, err := newParams(spec, pairs, g.Keys())
	if err != nil {
		return nil, err
	}
	if models == nil {
		models = core.BuiltinModels()
	}
	return g.Generate(p, seed, models)
}

// Generate runs a built-in generator; see Registry.Generate.
func Generate(spec string, seed uint64, models *core.Models) ([]core.Job, error) {
	return Builtin().Generate(spec, seed, models)
}
