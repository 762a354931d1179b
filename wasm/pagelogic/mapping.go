package pagelogic

import (
	"slices"
	"strings"

	"schedlab/core/trace"
)

// MapChoice is one row of the column-mapping form: a job field, the CSV column chosen for it
// ("" = not mapped) and its unit.
type MapChoice struct{ Field, Column, Unit string }

// MappingSpec turns the form's choices into trace.Mapping's text form — the runner's -columns
// string, which is what a run saves (scenario.Spec.Columns) and the link carries. Fields without
// a column are left out; units are always written, so a saved mapping names them.
func MappingSpec(choices []MapChoice) string {
	var m trace.Mapping
	for _, c := range choices {
		if c.Column != "" {
			m.Fields = append(m.Fields, trace.MapField{Field: c.Field, Column: c.Column, Unit: c.Unit})
		}
	}
	return m.String()
}

// MappingChoices reads a mapping's text form back into choices by field. It accepts a partial or
// invalid spec (the form may hold one while the user works; ParseMapping reports what is wrong
// when the file is read), taking what each field=column[:unit] part says.
func MappingChoices(spec string) map[string]MapChoice {
	out := map[string]MapChoice{}
	for _, part := range strings.Split(spec, ",") {
		field, rest, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		column, unit, _ := strings.Cut(rest, ":")
		field = strings.ToLower(strings.TrimSpace(field))
		out[field] = MapChoice{Field: field, Column: strings.TrimSpace(column), Unit: strings.ToLower(strings.TrimSpace(unit))}
	}
	return out
}

// Mappable keeps the header columns a mapping can name: the text form separates parts with ','
// and the unit with ':', so a column holding either cannot be written (nor given to -columns).
func Mappable(header []string) []string {
	var out []string
	for _, h := range header {
		h = strings.TrimSpace(h)
		if h != "" && !strings.ContainsAny(h, ",:") && !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	return out
}

// columnGuesses are header names the form preselects for a field when detection fails: only
// exact (case-insensitive) matches of common names, so a guess is never a surprise. Units stay
// at their defaults; the user checks them before reading.
var columnGuesses = map[string][]string{
	"id":         {"id", "job_id", "jobid", "job", "name"},
	"submit":     {"submit", "submit_time", "submission_time", "submitted", "arrival", "arrival_time"},
	"duration":   {"duration", "runtime", "run_time", "elapsed"},
	"start":      {"start", "start_time"},
	"end":        {"end", "end_time", "finish_time"},
	"iterations": {"iterations", "num_iterations", "steps"},
	"gpus":       {"gpus", "gpu", "num_gpu", "num_gpus", "gpu_num", "ngpus"},
	"model":      {"model", "model_name", "application"},
	"user":       {"user", "username", "user_id"},
}

// GuessMapping preselects columns for a header (see columnGuesses).
func GuessMapping(header []string) string {
	var choices []MapChoice
	cols := Mappable(header)
	for _, f := range trace.MapFields() {
		for _, name := range columnGuesses[f.Field] {
			if i := slices.IndexFunc(cols, func(c string) bool { return strings.EqualFold(c, name) }); i >= 0 {
				choices = append(choices, MapChoice{Field: f.Field, Column: cols[i], Unit: f.Units[0]})
				break
			}
		}
	}
	return MappingSpec(choices)
}

// UnitLabel spells out the clocks in the unit selects (the value is the -columns unit).
func UnitLabel(u string) string {
	switch u {
	case "unix":
		return "unix (absolute, epoch s)"
	case "unix-ms":
		return "unix-ms (absolute, epoch ms)"
	case "datetime":
		return "datetime (absolute)"
	case "s", "ms", "us", "min", "h":
		return u + " (offset)"
	}
	return u
}
