//go:build js && wasm

package page

import (
	"bytes"
	"fmt"

	"honnef.co/go/js/dom/v2"

	"schedlab/policies"
	"schedlab/policies/figure/report"
	"schedlab/wasm/pagelogic"
)

// commit is the commit the site was built from, stamped at link time by scripts/site.sh
// (-X schedlab/wasm/page.commit=…): the program version the Claims view and its report name.
var commit string

// claimsView is the Claims view: per paper every claim of the figures stored in this browser,
// judged, with the figures not run yet (each with a button that runs it in the Figures view), and
// a download of the same page the runner's -judge … -report writes. Both are drawn by package
// report from the same rows, so the view and the runner's report agree by construction.
type claimsView struct {
	p *page
}

func (c *claimsView) name() string { return "claims" }

// init wires the view's two listeners: the download, and one on the body for its run buttons
// (the body is redrawn on every show; a listener on the body outlives its rows).
func (c *claimsView) init() {
	c.p.static.on(hook("claims-body").Underlying(), "click", func(ev *dom.BasicEvent) {
		btn := ev.Get("target").Call("closest", "button[data-run-figure]")
		if btn.IsNull() {
			return
		}
		c.p.fig.open(html(btn).GetAttribute("data-run-figure"), "", nil, true)
	})
	c.p.static.on(hook("claims-download").Underlying(), "click", func(*dom.BasicEvent) { c.download() })
}

// shown judges the stored figures again: a figure may have finished since the view was last open.
func (c *claimsView) shown() { go c.refresh() }

// changed redraws the view if it is showing: a figure running behind it has finished.
func (c *claimsView) changed() {
	if !hook("claims-view").HasAttribute("hidden") {
		go c.refresh()
	}
}

// load reads the stored figure runs and judges them (pagelogic.StoredClaims).
func (c *claimsView) load(runButtons bool) (report.Report, error) {
	list, err := c.p.store.ListFigures(c.p.ctx)
	if err != nil {
		return report.Report{}, fmt.Errorf("the stored figures could not be read: %w", err)
	}
	runs := make([]pagelogic.StoredFigure, len(list))
	for i, fr := range list {
		runs[i] = pagelogic.StoredFigure{Figure: fr.Figure, Seeds: fr.Seeds, Xs: fr.Xs, Cells: fr.Cells, Done: fr.Done,
			Created: fr.Created, CSV: fr.CSV}
	}
	tables, problems := pagelogic.StoredClaims(policies.Figures(), runs)
	return report.Report{Papers: report.Papers(policies.Figures(), tables, true), Version: pagelogic.BuildVersion(commit),
		From: "the figures stored in this browser", Problems: problems, RunButtons: runButtons}, nil
}

// refresh redraws the view; the view's data-loaded is "1" once it shows the store's figures.
func (c *claimsView) refresh() {
	box := hook("claims-view")
	box.RemoveAttribute("data-loaded")
	defer box.SetAttribute("data-loaded", "1")
	defer c.recover()
	status := hook("claims-status")
	r, err := c.load(true)
	if err != nil {
		status.SetTextContent(err.Error())
		return
	}
	var buf bytes.Buffer
	if err := report.Body(&buf, r); err != nil {
		status.SetTextContent("the claims could not be drawn: " + err.Error())
		return
	}
	body := hook("claims-body").Underlying()
	body.Set("innerHTML", buf.String())
	// On a phone a table scrolls inside its own box (app.css); the keyboard can reach it to scroll.
	tables := body.Call("querySelectorAll", "table")
	for i := range tables.Length() {
		tables.Index(i).Call("setAttribute", "tabindex", "0")
	}
	run := 0
	for _, p := range r.Papers {
		run += len(p.Tables)
	}
	msg := fmt.Sprintf("%d figure(s) run", run)
	if n := len(r.Problems); n > 0 {
		msg += fmt.Sprintf("; %d stored run(s) could not be read (listed below)", n)
	}
	status.SetTextContent(msg)
}

// download saves the report of the stored figures as the runner's -report writes it: one
// self-contained HTML file.
func (c *claimsView) download() {
	defer c.recover()
	r, err := c.load(false)
	if err != nil {
		c.p.setError(err.Error())
		return
	}
	var buf bytes.Buffer
	if err := report.Write(&buf, r); err != nil {
		c.p.setError("the report could not be written: " + err.Error())
		return
	}
	download("schedlab-report.html", "text/html", buf.Bytes())
}

// recover turns a panic while drawing (a JavaScript exception, a bug) into a message instead of
// ending the page's wasm program.
func (c *claimsView) recover() {
	if r := recover(); r != nil {
		hook("claims-status").SetTextContent(fmt.Sprintf("claims view: internal error: %v", r))
	}
}
