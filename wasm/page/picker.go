//go:build js && wasm

package page

import (
	"fmt"
	"strings"

	"schedlab/policies"
)

// buildPicker fills the policy picker grouped by family (policies.Families: baselines, Synergy,
// model similarity, interference, A-SRPT), each family open in a <details> with a link to its
// README section and each policy a checkbox with its one-line description. fifo starts checked.
func (p *page) buildPicker() {
	box := hook("policies").Underlying()
	for _, f := range policies.Families() {
		det := el("details", "", "class", "family", "open", "")
		sum := el("summary", f.Title+" ")
		sum.Call("appendChild", el("a", "README", "href", readmeLink(f.README), "target", "_blank", "rel", "noopener",
			"data-testid", "family-readme", "title", "the family's section of the README"))
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

// readmeLink points at a README heading served beside the page (site.sh copies README.md) with a
// text fragment, which Chromium scrolls to even in a plain-text document: "#:~:text=### Heading"
// with every byte but ASCII letters and digits percent-encoded ('-', ',' and '&' are fragment
// syntax).
func readmeLink(heading string) string {
	var b strings.Builder
	for _, c := range []byte("### " + heading) {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return "README.md#:~:text=" + b.String()
}
