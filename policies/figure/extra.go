package figure

import (
	"fmt"
	"slices"

	"schedlab/policies/scenario"
)

// WithPolicies returns a copy of f with one more series per policy name, each run on the cell of
// f's first series — the same workload, cluster, seed and engine settings — with none of that
// series' parameters: how a user's own policy (a script) is drawn beside a figure's. A name that
// is already a series of f is left as it is. The references and everything else stay f's, so the
// reference table judges the figure's own series as before.
func WithPolicies(f *Figure, names ...string) (*Figure, error) {
	out := *f
	out.Series = slices.Clone(f.Series)
	added := []string{}
	for _, name := range names {
		if name == "" {
			return nil, fmt.Errorf("figure %s: an added policy needs a name", f.ID)
		}
		if out.SeriesIndex(name) >= 0 {
			continue
		}
		out.Series = append(out.Series, Series{Name: name, Label: name + " (yours)"})
		added = append(added, name)
	}
	if len(added) == 0 {
		return &out, nil
	}
	n := len(f.Series)
	if f.ReadCell != nil {
		read := f.ReadCell
		out.ReadCell = func(r Reading, x, s int, seed uint64) scenario.Spec {
			if s < n {
				return read(r, x, s, seed)
			}
			return added1(read(r, x, 0, seed), added[s-n])
		}
		return &out, out.Validate()
	}
	cell := f.Cell
	out.Cell = func(x, s int, seed uint64) scenario.Spec {
		if s < n {
			return cell(x, s, seed)
		}
		return added1(cell(x, 0, seed), added[s-n])
	}
	return &out, out.Validate()
}

// added1 is spec running only the added policy name, without the first series' parameters.
func added1(spec scenario.Spec, name string) scenario.Spec {
	spec.Policies = []string{name}
	spec.Params = nil
	return spec
}
