//go:build js && wasm

package page

import (
	"slices"
	"strings"

	"honnef.co/go/js/dom/v2"

	"schedlab/core/trace"
	"schedlab/policies/scenario"
	"schedlab/wasm/pagelogic"
)

// showMapping shows or hides the column-mapping form.
func (p *page) showMapping(visible bool) { setHidden(hook("column-map"), !visible) }

// renderMapping builds the form from the file's header row (or, without a file, from the columns
// the current mapping names): per field of trace.MapFields a column select (data-testid
// column-<field>) and, where the field has units, a unit select (unit-<field>), preselected from
// p.columns. "read with this mapping" re-reads the file as format mapped.
func (p *page) renderMapping() {
	p.mappingH.release() // the form they belong to goes now
	box := hook("column-map").Underlying()
	clear(box)
	chosen := pagelogic.MappingChoices(p.columns)
	cols := pagelogic.Mappable(p.header)
	for _, c := range chosen {
		if c.Column != "" && !slices.ContainsFunc(cols, func(h string) bool { return strings.EqualFold(h, c.Column) }) {
			cols = append(cols, c.Column)
		}
	}
	slices.Sort(cols[len(pagelogic.Mappable(p.header)):]) // columns only the mapping names, in a stable order
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
				o := el("option", pagelogic.UnitLabel(u), "value", u)
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
	p.mappingH.on(tbl, "change", func(*dom.BasicEvent) {
		p.columns = pagelogic.MappingSpec(p.formChoices())
		spec.Set("textContent", p.columns)
	})
	p.mappingH.on(apply, "click", func(*dom.BasicEvent) {
		p.columns = pagelogic.MappingSpec(p.formChoices())
		selectEl("trace-format").SetValue("mapped")
		if p.file.Truthy() {
			p.loadFile(p.file)
		}
	})
}

// formChoices reads the form's selects in trace.MapFields order.
func (p *page) formChoices() []pagelogic.MapChoice {
	var out []pagelogic.MapChoice
	for _, f := range trace.MapFields() {
		c := pagelogic.MapChoice{Field: f.Field, Column: selectEl("column-" + f.Field).Value(), Unit: f.Units[0]}
		if u := hook("unit-" + f.Field); u != nil {
			c.Unit = (&dom.HTMLSelectElement{BasicHTMLElement: u}).Value()
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
	selectEl("trace-format").SetValue("mapped")
	p.renderMapping()
	p.showMapping(true)
}

// formatChanged follows the format select: mapped shows the form; a loaded file is re-read.
func (p *page) formatChanged() {
	mapped := selectEl("trace-format").Value() == "mapped"
	if mapped {
		if p.columns == "" {
			p.columns = pagelogic.GuessMapping(p.header)
		}
		p.renderMapping()
	}
	p.showMapping(mapped)
	if p.file.Truthy() {
		p.loadFile(p.file)
	}
}
