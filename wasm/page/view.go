//go:build js && wasm

package page

import (
	"fmt"

	"honnef.co/go/js/dom/v2"
)

// view is one of the page's main views. The header's button nav-<name> shows it (the element
// <name>-view) and hides the others, and the history moves into it, so every view lists it
// beside itself. A new view is one file: a type with these methods, its markup and nav button in
// index.html, and its entry in p.views (Start).
type view interface {
	name() string
	// init builds the view's controls once (listeners through p.static).
	init()
	// shown runs when the view becomes visible (a chart drawn while hidden resizes).
	shown()
}

// simulatorView is the simulator: its controls are the page's own (buildControls, the panels).
type simulatorView struct{}

func (simulatorView) name() string { return "simulator" }
func (simulatorView) init()        {}
func (simulatorView) shown()       {}

// initViews builds every view and wires the nav buttons.
func (p *page) initViews() {
	for _, v := range p.views {
		v.init()
		name := v.name()
		p.static.on(hook("nav-"+name).Underlying(), "click", func(*dom.BasicEvent) { p.showView(name) })
	}
}

// showView shows the view called name in the main area and hides the others.
func (p *page) showView(name string) {
	var chosen view
	for _, v := range p.views {
		on := v.name() == name
		if on {
			chosen = v
			hook(name + "-view").AppendChild(hook("side"))
		}
		setHidden(hook(v.name()+"-view"), !on)
		hook("nav-"+v.name()).SetAttribute("aria-pressed", fmt.Sprint(on))
	}
	if chosen != nil {
		chosen.shown()
	}
}
