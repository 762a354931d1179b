package figure

import (
	"encoding/json"
	"maps"

	"schedlab/policies/scenario"
)

// Run is a series that is one registry policy with fixed parameters, the usual kind: a family
// declares its figures' series as a table of Runs.
type Run struct {
	Name   string         // the series name (CSV), unique within the figure
	Label  string         // the legend's text
	Policy string         // the registry name
	Params map[string]any // the policy's JSON parameters (nil = the defaults)
	// DefaultOnly: no claim reads the series; a figure with choices runs it under the default
	// reading only (Series.DefaultOnly).
	DefaultOnly bool
}

// SeriesOf is the figure's Series for runs, in order.
func SeriesOf(runs []Run) []Series {
	out := make([]Series, len(runs))
	for i, r := range runs {
		out[i] = Series{Name: r.Name, Label: r.Label, DefaultOnly: r.DefaultOnly}
	}
	return out
}

// In returns spec running only r's policy, with r's parameters and then sweep's (a sweep over a
// policy parameter, such as A-SRPT's σ, sets it for every series).
func (r Run) In(spec scenario.Spec, sweep map[string]any) scenario.Spec {
	spec.Policies = []string{r.Policy}
	spec.Params = nil
	params := maps.Clone(r.Params)
	if params == nil {
		params = map[string]any{}
	}
	maps.Copy(params, sweep)
	if len(params) > 0 {
		b, err := json.Marshal(params) // sorted keys: the same spec every time
		if err != nil {
			// Only a static table reaches here (numbers, strings, booleans), and the catalogue
			// test builds every cell's policy: a value JSON cannot hold is a programming error.
			panic("figure: series " + r.Name + ": params: " + err.Error())
		}
		spec.Params = map[string]json.RawMessage{r.Policy: b}
	}
	return spec
}
