//go:build js && wasm

package page

import (
	"encoding/json"
	"strings"

	"schedlab/wasm/runrecord"
)

// offerScripts lists the offered scripts in the Figures view as checkboxes figure-script-NAME:
// each one ticked joins the figure opened next as one more series (figure.WithPolicies), as the
// runner's -policy-file does, and its cells run in the scripting worker. Ticks of scripts still
// offered are kept.
func (v *figView) offerScripts() {
	box := hook("figure-scripts").Underlying()
	ticked := v.ticked()
	clear(box)
	all := v.p.scripts.all()
	setHidden(html(box), len(all) == 0)
	if len(all) == 0 {
		return
	}
	box.Call("appendChild", el("span", "your policies as series: ", "class", "note"))
	for _, sc := range all {
		cb := el("input", "", "type", "checkbox", "value", sc.Name, "data-testid", "figure-script-"+sc.Name)
		cb.Set("checked", ticked[sc.Name])
		lab := el("label", "", "title", sc.File)
		lab.Call("append", cb, " "+sc.Name)
		box.Call("appendChild", lab)
	}
}

// ticked are the scripts ticked in the Figures view, by name.
func (v *figView) ticked() map[string]bool {
	out := map[string]bool{}
	boxes := doc.Call("querySelectorAll", `[data-testid="figure-scripts"] input`)
	for i := range boxes.Length() {
		if b := boxes.Index(i); b.Get("checked").Bool() {
			out[b.Get("value").String()] = true
		}
	}
	return out
}

// tick ticks exactly the scripts called names (a stored figure's).
func (v *figView) tick(names []string) {
	boxes := doc.Call("querySelectorAll", `[data-testid="figure-scripts"] input`)
	for i := range boxes.Length() {
		b := boxes.Index(i)
		on := false
		for _, n := range names {
			on = on || n == b.Get("value").String()
		}
		b.Set("checked", on)
	}
}

// chosenScripts are the ticked scripts, in the order offered.
func (v *figView) chosenScripts() []runrecord.Script {
	t := v.ticked()
	var out []runrecord.Script
	for _, sc := range v.p.scripts.all() {
		if t[sc.Name] {
			out = append(out, sc)
		}
	}
	return out
}

// scriptNames are the names of ss, in order.
func scriptNames(ss []runrecord.Script) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.Name
	}
	return out
}

// scriptsKey is what a figure's store key adds for its scripts ("" without): each name and
// source hash, so another version of a script is another stored figure.
func scriptsKey(ss []runrecord.Script) string {
	if len(ss) == 0 {
		return ""
	}
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = s.Name + "@" + s.Hash
	}
	return "|scripts:" + strings.Join(parts, ",")
}

// scriptsJSON is a worker's "scripts" field ("" without scripts).
func scriptsJSON(ss []runrecord.Script) string {
	if len(ss) == 0 {
		return ""
	}
	b, _ := json.Marshal(ss)
	return string(b)
}
