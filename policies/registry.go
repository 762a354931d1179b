package policies

import (
	"encoding/json"
	"fmt"
	"strings"

	"schedlab/core/sim"
)

// Factory builds a fresh policy from its JSON parameters (nil or empty means the documented
// defaults). Unknown keys are an error. Policies that choose GPUs through policies/placement
// accept a "placement" key naming the strategy; the runner's -placement flag and a Spec's
// Placement fill it in when the parameters do not set it.
type Factory func(params json.RawMessage) (sim.Policy, error)

// Registry maps policy names to factories. Names are kept in registration order, so listings
// never depend on map iteration order. The zero value is an empty registry ready to use.
type Registry struct {
	names     []string
	factories []Factory
}

// Register adds a factory under name. An empty name, a nil factory or a duplicate name is an error.
func (r *Registry) Register(name string, f Factory) error {
	if strings.TrimSpace(name) == "" || name != strings.TrimSpace(name) {
		return fmt.Errorf("register policy %q: name must be non-empty without surrounding spaces", name)
	}
	if f == nil {
		return fmt.Errorf("register policy %q: nil factory", name)
	}
	if r.index(name) >= 0 {
		return fmt.Errorf("register policy %q: already registered", name)
	}
	r.names = append(r.names, name)
	r.factories = append(r.factories, f)
	return nil
}

// New builds a fresh instance of the policy called name. Every call returns a new value: a policy
// serves one run at a time.
func (r *Registry) New(name string, params json.RawMessage) (sim.Policy, error) {
	i := r.index(name)
	if i < 0 {
		return nil, fmt.Errorf("policy %q: unknown (known: %s)", name, strings.Join(r.names, ", "))
	}
	p, err := r.factories[i](params)
	if err != nil {
		return nil, fmt.Errorf("policy %s: %w", name, err)
	}
	return p, nil
}

// Has reports whether name is registered.
func (r *Registry) Has(name string) bool { return r.index(name) >= 0 }

// Names lists the registered names in registration order (a copy).
func (r *Registry) Names() []string { return append([]string(nil), r.names...) }

func (r *Registry) index(name string) int {
	for i, n := range r.names {
		if n == name {
			return i
		}
	}
	return -1
}

// Builtin returns a registry of every built-in policy (Catalogue), in listing order: nothing
// registers itself.
func Builtin() *Registry {
	r := &Registry{}
	for _, e := range Catalogue() {
		must(r.Register(e.Name, e.New))
	}
	return r
}

// must panics on a registration error: Builtin's names are fixed, so one is a programming bug.
func must(err error) {
	if err != nil {
		panic(err)
	}
}
