package gen

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Key documents one SPEC key of a generator.
type Key struct {
	Name    string
	Default string // used when the SPEC omits the key
	Doc     string
}

// Params are a SPEC's values after checking them against a generator's keys, with defaults
// filled in. The typed getters return errors of the form "gen: SPEC: key: problem".
type Params struct {
	spec string
	vals map[string]string
}

// ParseSpec splits "name:key=value,..." into the generator name and its raw key/value pairs, in
// order. A bare "name" has no pairs. The seed may not appear in a SPEC.
func ParseSpec(spec string) (name string, pairs [][2]string, err error) {
	name, rest, _ := strings.Cut(strings.TrimSpace(spec), ":")
	name = strings.TrimSpace(name)
	if name == "" {
		return "", nil, fmt.Errorf("gen: %q: name: missing (want NAME:key=value,...)", spec)
	}
	seen := map[string]bool{}
	for _, kv := range strings.Split(rest, ",") {
		if strings.TrimSpace(kv) == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(v)
		switch {
		case !ok || k == "":
			return "", nil, fmt.Errorf("gen: %q: %s: want key=value", spec, strings.TrimSpace(kv))
		case k == "seed":
			return "", nil, fmt.Errorf("gen: %q: seed: not allowed in a SPEC (the seed is passed separately)", spec)
		case seen[k]:
			return "", nil, fmt.Errorf("gen: %q: %s: given twice", spec, k)
		}
		seen[k] = true
		pairs = append(pairs, [2]string{k, v})
	}
	return name, pairs, nil
}

// newParams checks pairs against keys (an unknown key is an error naming it) and fills in
// defaults.
func newParams(spec string, pairs [][2]string, keys []Key) (Params, error) {
	p := Params{spec: spec, vals: map[string]string{}}
	for _, k := range keys {
		p.vals[k.Name] = k.Default
	}
	for _, kv := range pairs {
		if _, ok := p.vals[kv[0]]; !ok {
			names := make([]string, len(keys))
			for i, k := range keys {
				names[i] = k.Name
			}
			return p, fmt.Errorf("gen: %q: %s: unknown key (known: %s)", spec, kv[0], strings.Join(names, ", "))
		}
		p.vals[kv[0]] = kv[1]
	}
	return p, nil
}

func (p Params) errf(key, format string, args ...any) error {
	return fmt.Errorf("gen: %q: %s: %s", p.spec, key, fmt.Sprintf(format, args...))
}

// Int returns an integer value within [lo, hi].
func (p Params) Int(key string, lo, hi int64) (int64, error) {
	v, err := strconv.ParseInt(p.vals[key], 10, 64)
	if err != nil {
		return 0, p.errf(key, "not an integer: %q", p.vals[key])
	}
	if v < lo || v > hi {
		return 0, p.errf(key, "%d is outside [%d, %d]", v, lo, hi)
	}
	return v, nil
}

// Float returns a finite value within [lo, hi].
func (p Params) Float(key string, lo, hi float64) (float64, error) {
	v, err := strconv.ParseFloat(p.vals[key], 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, p.errf(key, "not a finite number: %q", p.vals[key])
	}
	if v < lo || v > hi {
		return 0, p.errf(key, "%g is outside [%g, %g]", v, lo, hi)
	}
	return v, nil
}

// Bool returns a true/false value.
func (p Params) Bool(key string) (bool, error) {
	v, err := strconv.ParseBool(p.vals[key])
	if err != nil {
		return false, p.errf(key, "want true or false, got %q", p.vals[key])
	}
	return v, nil
}

// OneOf returns the key's value, which must be one of values.
func (p Params) OneOf(key string, values ...string) (string, error) {
	v := p.vals[key]
	if !slices.Contains(values, v) {
		return "", p.errf(key, "want one of %s, got %q", strings.Join(values, ", "), v)
	}
	return v, nil
}

// paramReader reads several keys in turn and keeps the first error, so that a generator's
// prologue is a list of reads followed by one check. After an error every read returns the zero
// value; the error reported is the one the first failing read gave, as with one check per read.
type paramReader struct {
	p   Params
	err error
}

func (p Params) reader() *paramReader { return &paramReader{p: p} }

// Int is Params.Int, remembering the first error.
func (r *paramReader) Int(key string, lo, hi int64) int64 {
	if r.err != nil {
		return 0
	}
	v, err := r.p.Int(key, lo, hi)
	r.err = err
	return v
}

// Float is Params.Float, remembering the first error.
func (r *paramReader) Float(key string, lo, hi float64) float64 {
	if r.err != nil {
		return 0
	}
	v, err := r.p.Float(key, lo, hi)
	r.err = err
	return v
}

// OneOf is Params.OneOf, remembering the first error.
func (r *paramReader) OneOf(key string, values ...string) string {
	if r.err != nil {
		return ""
	}
	v, err := r.p.OneOf(key, values...)
	r.err = err
	return v
}

// Bool is Params.Bool, remembering the first error.
func (r *paramReader) Bool(key string) bool {
	if r.err != nil {
		return false
	}
	v, err := r.p.Bool(key)
	r.err = err
	return v
}
