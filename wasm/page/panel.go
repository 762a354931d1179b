//go:build js && wasm

package page

// panel is a part of the simulator view that shows runs. The page calls it at three moments:
// once when the page starts (build controls; listeners through p.static, so they are counted),
// whenever the summary table's runs change (p.runs), and whenever a run is drawn (p.shown). A new
// panel is one file: a type with these three methods (empty where it has nothing to do), its
// markup in index.html with data-testid hooks, and its entry in panels.
type panel interface {
	init(p *page)
	runsChanged(p *page)
	shownChanged(p *page, r *run)
}

// panels are the page's panels, in the order they are called.
func panels() []panel {
	return []panel{warningsPanel{}, whyPanel{}}
}
