// Package sweep reads a user's own study — a sweep file — and turns it into a figure.Figure, so the
// runner runs, shards and merges it exactly as it does a paper figure (-sweep FILE instead of
// -figure ID), and the page draws its merged CSV with the same charts.
//
// A sweep file is one JSON object: a scenario.Spec's fields (the workload, cluster, policies, their
// parameters and the engine settings, under the runner's JSON names) plus
//
//	"id":      the CSV's figure column (letters, digits, '-', '_', '.')
//	"caption": one sentence, optional
//	"sweep":   {"param": P, "label": L, "values": [...]} — optional; P is one of
//	           "generate.KEY"        a key of the generator SPEC ("generate.rate")
//	           "trace"               the trace file
//	           "cluster"             the cluster spec
//	           "params.POLICY.KEY"   a policy parameter (the value is read as JSON, else as text)
//	           "placement", "progress", "round_s", "checkpoint_cost_s"
//	"seeds":   a seed list as -seeds takes it ("1-5"), required
//	"metrics": runner JSON fields, e.g. ["mean_jct_s", "p99_jct_s"], required
//	"chart":   "lines" (default with a sweep), "bars" (default without) or "table"
//	"choices": [{"name": C, "label": L, "values": [{"name": V, "set": {KEY: VALUE, …}}, …]}, …] —
//	           optional: the study's open choices (choices.go), each with at least two values, the
//	           first the default; KEY is a swept parameter's P, or "params.POLICY" with an object
//	           merged into that policy's parameters. Every combination of one value per choice is a
//	           reading ("placement=spread,queues=3"), run as cells of its own, as a catalogue
//	           figure's readings are (-reading picks some).
//
// Each policy is one series. Values may be JSON strings or numbers; numbers keep their literal text,
// which is also their CSV x. Errors name the file, the line and the field. A key given twice in one
// object is an error naming both lines; keys compare ignoring case, as encoding/json matches them
// to fields ("ID" sets "id") — also under "params", whose policy names are case-sensitive, where
// "las" beside "LAS" is a mistake either way.
package sweep

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"schedlab/core/gen"
	"schedlab/core/jsondup"
	"schedlab/core/jsonloc"
	"schedlab/policies/figure"
	"schedlab/policies/placement"
	"schedlab/policies/scenario"
)

// File is a parsed sweep file.
type File struct {
	scenario.Spec
	// Seed shadows the spec's single seed, so that one given is an error rather than ignored (a
	// sweep runs every seed of Seeds) and none is written.
	Seed    *uint64  `json:"seed,omitempty"`
	ID      string   `json:"id"`
	Caption string   `json:"caption,omitempty"`
	Sweep   *Param   `json:"sweep,omitempty"`
	Seeds   string   `json:"seeds"`
	Metrics []string `json:"metrics"`
	Chart   string   `json:"chart,omitempty"`
	Choices []Choice `json:"choices,omitempty"`

	src parser // the file as read, for CheckParams' lines
}

// Param is the swept parameter.
type Param struct {
	Param  string            `json:"param"`
	Label  string            `json:"label,omitempty"`
	Values []json.RawMessage `json:"values"`
}

// maxFile bounds a sweep file (it is a few hundred bytes; a megabyte is a mistake).
const maxFile = 1 << 20

// validID reports whether s is a figure id: 1-64 letters, digits, '.', '_' or '-', starting with
// a letter or digit. validMetric reports whether s could be a runner JSON field: 1-64 lower-case
// letters, digits, '_' or '.', starting with a letter. (Loops, not regular expressions: the
// patterns' {0,63} compiled into 1,600 allocations at every process's start, the runner's and the
// page's, a tenth of a 1-job run's.)
func validID(s string) bool {
	return validName(s, func(c byte) bool { return isLower(c) || isUpper(c) || isDigit(c) }, func(c byte) bool {
		return isLower(c) || isUpper(c) || isDigit(c) || c == '.' || c == '_' || c == '-'
	})
}

func validMetric(s string) bool {
	return validName(s, isLower, func(c byte) bool { return isLower(c) || isDigit(c) || c == '_' || c == '.' })
}

func validName(s string, first, rest func(byte) bool) bool {
	if len(s) == 0 || len(s) > 64 || !first(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !rest(s[i]) {
			return false
		}
	}
	return true
}

func isLower(c byte) bool { return 'a' <= c && c <= 'z' }
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// Parse reads sweep file name (its content in data) and returns it with the figure it describes.
// Every error names name:line: field.
func Parse(name string, data []byte) (*File, *figure.Figure, error) {
	p := parser{name: name, data: data}
	if len(data) > maxFile {
		return nil, nil, p.errf(1, "", "larger than %d bytes", maxFile)
	}
	var f File
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, nil, p.jsonError(dec, err)
	}
	if dec.More() {
		return nil, nil, p.errf(p.line(int(dec.InputOffset())), "", "more than one JSON value")
	}
	if d := jsondup.Find(data, jsondup.FoldCase); d != nil {
		return nil, nil, fmt.Errorf("%s:%d: %w", p.name, d.Line, d) // "name:line: path: duplicate key (first at line N)"
	}
	fig, err := p.figure(&f)
	if err != nil {
		return nil, nil, err
	}
	f.src = p
	return &f, fig, nil
}

type parser struct {
	name string
	data []byte
}

// errf is an error at line for field ("" when the problem is not one field's).
func (p parser) errf(line int, field, format string, args ...any) error {
	if field != "" {
		field += ": "
	}
	return fmt.Errorf("%s:%d: %s%s", p.name, line, field, fmt.Sprintf(format, args...))
}

// line is the 1-based line of byte offset off.
func (p parser) line(off int) int {
	return 1 + bytes.Count(p.data[:min(max(off, 0), len(p.data))], []byte{'\n'})
}

// lineOf is the line of key's first occurrence as an object key, or 1 (jsonloc.KeyLine).
func (p parser) lineOf(key string) int { return jsonloc.KeyLine(p.data, key) }

// jsonError turns a decoding error into one naming the line and, for a wrong type or unknown key,
// the field (jsonloc.Locate).
func (p parser) jsonError(dec *json.Decoder, err error) error {
	loc := jsonloc.Locate(p.data, err)
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return p.errf(loc.Line, "", "not a complete JSON object")
	case loc.Msg == jsonloc.UnknownField:
		return p.errf(loc.Line, loc.Field, "unknown field (see scripts/batch/README.md, the sweep file)")
	case loc.Line == 0:
		return p.errf(p.line(int(dec.InputOffset())), "", "%s", loc.Msg)
	}
	return p.errf(loc.Line, loc.Field, "%s", loc.Msg)
}

// figure checks f and builds its figure: one series per policy, the spec of each (value, policy)
// built and validated here, so a cell never fails for a reason the file already shows.
func (p parser) figure(f *File) (*figure.Figure, error) {
	switch {
	case !validID(f.ID):
		return nil, p.errf(p.lineOf("id"), "id", "%q: want 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit", f.ID)
	case f.Seed != nil:
		return nil, p.errf(p.lineOf("seed"), "seed", "a sweep runs every seed of \"seeds\"; remove \"seed\"")
	case f.Spec.Scenario != "":
		return nil, p.errf(p.lineOf("scenario"), "scenario", "a sweep names its own workload; remove \"scenario\"")
	}
	seeds, err := figure.ParseSeeds(f.Seeds)
	if err != nil {
		return nil, p.errf(p.lineOf("seeds"), "seeds", "%v", err)
	}
	fig := &figure.Figure{ID: f.ID, Family: "sweep", Paper: "your sweep file " + p.name, Caption: f.Caption,
		Seeds: seeds, Chart: figure.Chart(f.Chart)}
	if err := p.metrics(f, fig); err != nil {
		return nil, err
	}
	if len(f.Policies) == 0 {
		return nil, p.errf(p.lineOf("policies"), "policies", "required: the policies to compare (one series each)")
	}
	for i, name := range f.Policies {
		if slices.Contains(f.Policies[:i], name) {
			return nil, p.errf(p.lineOf("policies"), "policies", "%q given twice (each policy is one series)", name)
		}
		fig.Series = append(fig.Series, figure.Series{Name: name, Label: name})
	}
	if f.Sweep != nil {
		if err := p.sweepValues(f, fig); err != nil {
			return nil, err
		}
	}
	switch fig.Chart {
	case "":
		fig.Chart = figure.Bars
		if f.Sweep != nil {
			fig.Chart = figure.Lines
		}
	case figure.Lines, figure.Bars, figure.Table:
	default:
		return nil, p.errf(p.lineOf("chart"), "chart", "%q: want lines, bars or table", f.Chart)
	}
	if err := p.choices(f, fig); err != nil {
		return nil, err
	}
	specs, err := p.specs(f, fig)
	if err != nil {
		return nil, err
	}
	ns, nx := len(fig.Series), max(1, len(fig.Sweep.Values))
	if len(fig.Choices) == 0 {
		fig.Cell = func(x, s int, seed uint64) scenario.Spec {
			spec := specs[x*ns+s]
			spec.Seed = seed
			return spec
		}
	} else {
		fig.ReadCell = func(r figure.Reading, x, s int, seed uint64) scenario.Spec {
			spec := specs[(r.Index*nx+x)*ns+s]
			spec.Seed = seed
			return spec
		}
	}
	if err := fig.Validate(); err != nil {
		return nil, p.errf(1, "", "%v", err)
	}
	return fig, nil
}

// metrics fills fig.Metrics: a name ending in "_s" is in seconds, any other is a plain number.
func (p parser) metrics(f *File, fig *figure.Figure) error {
	if len(f.Metrics) == 0 {
		return p.errf(p.lineOf("metrics"), "metrics", "required: a list of runner JSON fields such as \"mean_jct_s\"")
	}
	for i, m := range f.Metrics {
		if !validMetric(m) || slices.Contains(f.Metrics[:i], m) {
			return p.errf(p.lineOf("metrics"), "metrics", "%q: not a runner JSON field name, or given twice", m)
		}
		unit := "1"
		if strings.HasSuffix(m, "_s") {
			unit = "s"
		}
		fig.Metrics = append(fig.Metrics, figure.Metric{Name: m, Unit: unit, Label: m})
	}
	return nil
}

// sweepValues fills fig.Sweep from f.Sweep: values as text, numbers as written.
func (p parser) sweepValues(f *File, fig *figure.Figure) error {
	if len(f.Sweep.Values) == 0 {
		return p.errf(p.lineOf("sweep"), "sweep.values", "required: at least one value")
	}
	name := f.Sweep.Param
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:] // the CSV x_name: "generate.rate" → "rate"
	}
	fig.Sweep = figure.Sweep{Name: name, Label: cmp.Or(f.Sweep.Label, f.Sweep.Param)}
	for _, raw := range f.Sweep.Values {
		var v string
		switch raw = bytes.TrimSpace(raw); {
		case len(raw) > 0 && raw[0] == '"':
			if err := json.Unmarshal(raw, &v); err != nil {
				return p.errf(p.lineOf("values"), "sweep.values", "%s: %v", raw, err)
			}
		case len(raw) > 0 && (raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9'):
			v = string(raw)
		default:
			return p.errf(p.lineOf("values"), "sweep.values", "%s: want a string or a number", raw)
		}
		if strings.TrimSpace(v) == "" || slices.Contains(fig.Sweep.Values, v) {
			return p.errf(p.lineOf("values"), "sweep.values", "%q is empty or given twice", v)
		}
		fig.Sweep.Values = append(fig.Sweep.Values, v)
	}
	return nil
}

// specs builds the spec of every (reading, sweep value, policy), in the figure's cell order, and
// validates each.
func (p parser) specs(f *File, fig *figure.Figure) ([]scenario.Spec, error) {
	xs := fig.Sweep.Values
	if len(xs) == 0 {
		xs = []string{""}
	}
	for _, name := range slices.Sorted(maps.Keys(f.Params)) { // sorted: the same error for the same file
		if !slices.Contains(f.Policies, name) {
			return nil, p.errf(p.lineOf("params"), "params."+name, "not one of the policies")
		}
	}
	readings := fig.Readings()
	if n := len(readings) * len(xs) * len(f.Policies); n > maxSpecs {
		return nil, p.errf(p.lineOf("choices"), "choices", "%d readings × %d sweep values × %d policies make %d runs per seed: at most %d",
			len(readings), len(xs), len(f.Policies), n, maxSpecs)
	}
	var out []scenario.Spec
	for _, r := range readings {
		for _, x := range xs {
			for _, policy := range f.Policies {
				spec := f.Spec
				spec.Policies = []string{policy}
				spec.Params = nil
				if raw, ok := f.Params[policy]; ok {
					spec.Params = map[string]json.RawMessage{policy: raw}
				}
				if f.Sweep != nil {
					if err := p.set(&spec, f.Policies, f.Sweep.Param, x, p.sweepField); err != nil {
						return nil, err
					}
				}
				if err := p.apply(&spec, f, r); err != nil {
					return nil, err
				}
				if err := spec.Validate(); err != nil {
					var under []string
					if r.Name != "" {
						under = append(under, "reading "+r.Name)
					}
					if f.Sweep != nil {
						under = append(under, fmt.Sprintf("%s = %s", f.Sweep.Param, x))
					}
					field, line := "", 1
					if len(under) > 0 {
						field = "with " + strings.Join(under, ", ")
					}
					if r.Name != "" {
						line = p.lineOf("choices")
					}
					return nil, p.errf(line, field, "%v", err)
				}
				out = append(out, spec)
			}
		}
	}
	return out, nil
}

// sweepField locates an error in the swept parameter (set's where).
func (p parser) sweepField() (int, string) { return p.lineOf("param"), "sweep.param" }

// set applies param = v — the swept parameter, or a choice's setting — to spec, the spec of one of
// the file's policies; where names the line and field of an error (looked up only for one).
func (p parser) set(spec *scenario.Spec, policies []string, param, v string, where func() (int, string)) error {
	bad := func(format string, args ...any) error {
		line, field := where()
		return p.errf(line, field, "%s = %q: %s", param, v, fmt.Sprintf(format, args...))
	}
	number := func() (float64, error) {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return 0, bad("not a number")
		}
		return x, nil
	}
	var err error
	switch {
	case param == "trace":
		spec.Trace, spec.Generate = v, ""
	case param == "cluster":
		spec.Cluster = v
	case param == "placement":
		if _, err := placement.ByName(v); err != nil {
			return bad("%v", err)
		}
		spec.Placement = v
	case param == "progress":
		spec.Progress = v
	case param == "round_s":
		spec.Round, err = number()
	case param == "checkpoint_cost_s":
		spec.CheckpointCost, err = number()
	case strings.HasPrefix(param, "generate."):
		if spec.Generate == "" {
			return bad("the workload is not generated (no \"generate\")")
		}
		spec.Generate, err = setGenKey(spec.Generate, strings.TrimPrefix(param, "generate."), v)
		if err != nil {
			return bad("%v", err)
		}
	case strings.HasPrefix(param, "params."):
		policy, key, ok := strings.Cut(strings.TrimPrefix(param, "params."), ".")
		if !ok || key == "" || !slices.Contains(policies, policy) {
			return bad("want params.POLICY.KEY with POLICY one of the policies")
		}
		if spec.Policies[0] != policy {
			break // another series: its parameters stay as the file gives them
		}
		if spec.Params, err = setParam(spec.Params, policy, key, v); err != nil {
			return bad("%v", err)
		}
	default:
		return bad("unknown parameter (want generate.KEY, trace, cluster, params.POLICY.KEY, placement, progress, round_s or checkpoint_cost_s)")
	}
	return err
}

// setGenKey returns generator SPEC with key set to v (added when absent), keys in their order.
func setGenKey(spec, key, v string) (string, error) {
	name, pairs, err := gen.ParseSpec(spec)
	if err != nil {
		return "", err
	}
	key = strings.ToLower(key)
	if key == "seed" || strings.ContainsAny(key+v, ",=:") || key == "" {
		return "", fmt.Errorf("a generator key and value may not be empty, seed, or hold ',', '=' or ':'")
	}
	i := slices.IndexFunc(pairs, func(kv [2]string) bool { return kv[0] == key })
	if i < 0 {
		pairs = append(pairs, [2]string{key, v})
	} else {
		pairs[i][1] = v
	}
	kvs := make([]string, len(pairs))
	for i, kv := range pairs {
		kvs[i] = kv[0] + "=" + kv[1]
	}
	return name + ":" + strings.Join(kvs, ","), nil
}

// setParam returns params with params[policy][key] = v: v as JSON when it is JSON, else as a string.
func setParam(params map[string]json.RawMessage, policy, key, v string) (map[string]json.RawMessage, error) {
	obj := map[string]json.RawMessage{}
	if raw, ok := params[policy]; ok {
		if err := json.Unmarshal(raw, &obj); err != nil {
			return nil, fmt.Errorf("params.%s is not a JSON object", policy)
		}
	}
	val := json.RawMessage(v)
	if !json.Valid(val) {
		val, _ = json.Marshal(v)
	}
	obj[key] = val
	b, err := json.Marshal(obj) // keys sorted: the same spec text every time
	if err != nil {
		return nil, err
	}
	return map[string]json.RawMessage{policy: b}, nil
}
