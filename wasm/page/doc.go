//go:build js && wasm

// Package page is the app's page side (wasm/app, app.wasm, runs Start): the
// simulator view (form, summary, Gantt and the panels beside it), the Figures view and the
// history. index.html holds the static markup; every element the code looks up carries a
// data-testid (hook). Work that takes long runs in Web Workers through wasm/pool; what needs no
// browser lives in wasm/pagelogic, tested natively.
//
// A new panel of the simulator view is one file here: a type implementing panel (panel.go), its
// markup in index.html, one entry in panels. A new main view (beside the simulator and the
// Figures view) is the same: a type implementing view (view.go), its markup and nav button, one
// entry in page.views. Every js.Func goes through the page's
// jsfunc.Counter (listeners through handlers), so the browser test of live handlers covers it.
package page
