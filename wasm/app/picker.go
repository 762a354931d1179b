//go:build js && wasm

package main

import "schedlab/policies"

// buildPicker fills the policy picker grouped by family (policies.Families: baselines, Synergy,
// model similarity, interference, A-SRPT), each family open in a <details> with a link to its
// document (site.sh serves it at its repository path) and each policy a checkbox with its one-line
// description. fifo starts checked.
func (p *page) buildPicker() {
	box := byTestID("policies")
	for _, f := range policies.Families() {
		det := el("details", "", "class", "family", "open", "")
		sum := el("summary", f.Title+" ")
		sum.Call("appendChild", el("a", "README", "href", f.Doc, "target", "_blank", "rel", "noopener",
			"data-testid", "family-readme", "title", "the family's document: rules, choices, reproductions"))
		det.Call("appendChild", sum)
		for _, d := range f.Policies {
			cb := el("input", "", "type", "checkbox", "data-testid", "policy-"+d.Name, "value", d.Name, "id", "pol-"+d.Name)
			if d.Name == "fifo" {
				cb.Set("checked", true)
			}
			lab := el("label", "", "for", "pol-"+d.Name, "title", d.Doc)
			lab.Call("append", cb, " "+d.Name+" ")
			lab.Call("appendChild", el("span", d.Doc, "class", "note"))
			det.Call("appendChild", lab)
		}
		box.Call("appendChild", det)
	}
}
