//go:build js && wasm

package main

import (
	"slices"
	"strings"
	"syscall/js"

	"schedlab/core/trace"
	"schedlab/policies/scenario"
)

// mapChoice is one row of the column-mapping form: a job field, the CSV column chosen for it
// ("" = not mapped) and its unit.
type mapChoice struct{ Field, Column, Unit string }

// mappingSpec turns the form's choices into trace.Mapping's text form — the runner's -columns
// string, which is what a run saves (scenario.Spec.Columns) and the link carries. Fields without
// a column are left out; units are always written, so a saved mapping names them.
func mappingSpec(choices []mapChoice) string {
	var m trace.Mapping
	for _, c := range choices {
		if c.Column != "" {
			m.Fields = append(m.Fields, trace.MapField{Field: c.Field, Column: c.Column, Unit: c.Unit})
		}
	}
	return m.String()
}

// mappingChoices reads a mapping's text form back into choices by field. It accepts a partial or
// invalid spec (the form may hold one while the user works; ParseMapping reports what is wrong
// when the file is read), taking what each field=column[:unit] part says.
func mappingChoices(spec string) map[string]mapChoice {
	out := map[string]mapChoice{}
	for _, part := range strings.Split(spec, ",") {
		field, rest, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		column, unit, _ := strings.Cut(rest, ":")
		field = strings.ToLower(strings.TrimSpace(field))
		out[field] = mapChoice{Field: field, Column: strings.TrimSpace(column), Unit: strings.ToLower(strings.TrimSpace(unit))}
	}
	return out
}

// mappable keeps the header columns a mapping can name: the text form separates parts with ','
// and the unit with ':', so a column holding either cannot be written (nor given to -columns).
func mappable(header []string) []string {
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

// guessMapping preselects columns for a header (see columnGuesses).
func guessMapping(header []string) string {
	var choices []mapChoice
	cols := mappable(header)
	for _, f := range trace.MapFields() {
		for _, name := range columnGuesses[f.Field] {
			if i := slices.IndexFunc(cols, func(c string) bool { return strings.EqualFold(c, name) }); i >= 0 {
				choices = append(choices, mapChoice{Field: f.Field, Column: cols[i], Unit: f.Units[0]})
				break
			}
		}
	}
	return mappingSpec(choices)
}

// showMapping shows or hides the column-mapping form.
func (p *page) showMapping(visible bool) { byTestID("column-map").Set("hidden", !visible) }

// renderMapping builds the form from the file's header row (or, without a file, from the columns
// the current mapping names): per field of trace.MapFields a column select (data-testid
// column-<field>) and, where the field has units, a unit select (unit-<field>), preselected from
// p.columns. "read with this mapping" re-reads the file as format mapped.
func (p *page) renderMapping() {
	box := byTestID("column-map")
	clear(box)
	chosen := mappingChoices(p.columns)
	cols := mappable(p.header)
	for _, c := range chosen {
		if c.Column != "" && !slices.ContainsFunc(cols, func(h string) bool { return strings.EqualFold(h, c.Column) }) {
			cols = append(cols, c.Column)
		}
	}
	slices.Sort(cols[len(mappable(p.header)):]) // columns only the mapping names, in a stable order
	box.Call("appendChild", el("p", "Column mapping: which column holds each job field, in which unit. "+
		"submit and gpus are required, and duration, iterations (with model) or start and end.", "class", "note"))
	tbl := el("table", "", "class", "preview")
	for _, f := range trace.MapFields() {
		c := chosen[f.Field]
		tr := el("tr", "")
		tr.Call("appendChild", el("td", f.Field))
		sel := el("select", "", "data-testid", "column-"+f.Field, "data-field", f.Field)
		sel.Call("appendChild", el("option", "—", "value", ""))
		for _, h := range cols {
			o := el("option", h, "value", h)
			if strings.EqualFold(h, c.Column) {
				o.Set("selected", true)
			}
			sel.Call("appendChild", o)
		}
		td := el("td", "")
		td.Call("appendChild", sel)
		tr.Call("appendChild", td)
		ut := el("td", "")
		if len(f.Units) > 1 {
			us := el("select", "", "data-testid", "unit-"+f.Field, "title", "unit or clock")
			for _, u := range f.Units {
				o := el("option", unitLabel(u), "value", u)
				if u == c.Unit {
					o.Set("selected", true)
				}
				us.Call("appendChild", o)
			}
			ut.Call("appendChild", us)
		}
		tr.Call("appendChild", ut)
		tbl.Call("appendChild", tr)
	}
	box.Call("appendChild", tbl)
	spec := el("code", p.columns, "data-testid", "column-spec")
	apply := el("button", "read with this mapping", "type", "button", "data-testid", "column-apply")
	box.Call("append", "-columns ", spec, " ", apply)
	on(tbl, "change", func(js.Value) {
		p.columns = mappingSpec(p.formChoices())
		spec.Set("textContent", p.columns)
	})
	on(apply, "click", func(js.Value) {
		p.columns = mappingSpec(p.formChoices())
		byTestID("trace-format").Set("value", "mapped")
		if p.file.Truthy() {
			p.loadFile(p.file)
		}
	})
}

// unitLabel spells out the clocks in the unit selects (the value is the -columns unit).
func unitLabel(u string) string {
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

// formChoices reads the form's selects in trace.MapFields order.
func (p *page) formChoices() []mapChoice {
	var out []mapChoice
	for _, f := range trace.MapFields() {
		c := mapChoice{Field: f.Field, Column: byTestID("column-" + f.Field).Get("value").String(), Unit: f.Units[0]}
		if u := byTestID("unit-" + f.Field); u.Truthy() {
			c.Unit = u.Get("value").String()
		}
		out = append(out, c)
	}
	return out
}

// fillMapping restores a saved run's or a link's mapping into the form.
func (p *page) fillMapping(spec scenario.Spec) {
	p.columns = spec.Columns
	if spec.Columns == "" && spec.Format != "mapped" {
		p.showMapping(false)
		return
	}
	byTestID("trace-format").Set("value", "mapped")
	p.renderMapping()
	p.showMapping(true)
}

// formatChanged follows the format select: mapped shows the form; a loaded file is re-read.
func (p *page) formatChanged() {
	mapped := byTestID("trace-format").Get("value").String() == "mapped"
	if mapped {
		if p.columns == "" {
			p.columns = guessMapping(p.header)
		}
		p.renderMapping()
	}
	p.showMapping(mapped)
	if p.file.Truthy() {
		p.loadFile(p.file)
	}
}
