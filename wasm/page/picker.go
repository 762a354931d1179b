//go:build js && wasm

package page

import (
	"fmt"
	"strings"

	"honnef.co/go/js/dom/v2"

	"schedlab/policies"
)

// buildPicker fills the policy picker grouped by family (policies.Families: baselines, Synergy,
// model similarity, interference, A-SRPT), each family a <details> with a link to its document
// (site.sh renders it to HTML at its repository path) and each policy a checkbox with its
// one-line description. fifo starts checked. Only the first family (the baselines) starts open:
// some fifty policies would push everything below them out of sight; each family's header says
// how many of its policies are picked, so a closed one hides no choice.
func (p *page) buildPicker() {
	box := hook("policies").Underlying()
	for i, f := range policies.Families() {
		det := el("details", "", "class", "family")
		if i == 0 {
			det.Set("open", true)
		}
		sum := el("summary", f.Title+" ")
		sum.Call("appendChild", el("span", "", "class", "picked", "data-testid", "family-picked"))
		det.Call("appendChild", sum)
		doc := el("p", "", "class", "doclink")
		doc.Call("appendChild", el("a", "the family's document", "href", docHTML(f.Doc), "target", "_blank", "rel", "noopener",
			"data-testid", "family-readme", "title", "its rules, the choices made where the papers are silent, reproductions"))
		det.Call("appendChild", doc)
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
	p.static.on(box, "change", func(*dom.BasicEvent) { countPicked(false) })
	countPicked(false)
}

// countPicked writes each family's "n of m picked" into its header; with open it also opens the
// families holding a picked policy (a form filled from a link or a reopened run).
func countPicked(open bool) {
	fams := hook("policies").Underlying().Call("querySelectorAll", "details.family")
	for i := range fams.Length() {
		d := fams.Index(i)
		boxes := d.Call("querySelectorAll", "input[type=checkbox]")
		n := 0
		for j := range boxes.Length() {
			if boxes.Index(j).Get("checked").Bool() {
				n++
			}
		}
		txt := ""
		if n > 0 {
			txt = fmt.Sprintf("%d of %d picked", n, boxes.Length())
		}
		d.Call("querySelector", ".picked").Set("textContent", txt)
		if n > 0 && open {
			d.Set("open", true)
		}
	}
}

// docHTML is the address of a document's rendered page (scripts/site.sh renders every served
// Markdown document X.md to X.html beside it).
func docHTML(md string) string {
	path, frag, _ := strings.Cut(md, "#")
	if base, ok := strings.CutSuffix(path, ".md"); ok {
		path = base + ".html"
	}
	if frag != "" {
		return path + "#" + frag
	}
	return path
}
