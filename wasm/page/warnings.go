//go:build js && wasm

package page

import (
	"encoding/json"
)

// warningsPanel lists every run's warnings under the summary table, one item "run: warning"
// each, in the runner's words (metrics.Summary.Warnings): a run whose numbers rest on an
// estimated throughput, a skipped row or a job that never started says so beside those numbers.
type warningsPanel struct{}

func (warningsPanel) init(*page)               {}
func (warningsPanel) shownChanged(*page, *run) {}

func (warningsPanel) runsChanged(p *page) {
	ul := hook("run-warnings")
	ul.SetTextContent("")
	n := 0
	for _, r := range p.runs {
		var s struct {
			Warnings []string `json:"warnings"`
		}
		if json.Unmarshal(r.head.Summary, &s) != nil {
			continue // validated when the record was made or loaded
		}
		for _, w := range s.Warnings {
			ul.Underlying().Call("appendChild", el("li", r.head.Name+": "+w))
			n++
		}
	}
	setHidden(ul, n == 0)
}
