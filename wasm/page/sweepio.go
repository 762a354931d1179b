//go:build js && wasm

package page

import (
	"bytes"
	"fmt"

	"honnef.co/go/js/dom/v2"

	"schedlab/policies"
	"schedlab/policies/figure"
	"schedlab/policies/sweep"
	"schedlab/wasm/figchart"
)

// A study too big for a browser runs on a cluster (scripts/batch/README.md): the page exports
// the form as a sweep file to start it from, and imports the merged CSV the cluster returns to draw
// it. Both live in the "Beyond one machine" box of the controls.
func (p *page) buildSweepIO() {
	p.static.on(hook("export-sweep").Underlying(), "click", func(*dom.BasicEvent) { p.exportSweep() })
	p.static.on(hook("import-figure-csv").Underlying(), "change", func(*dom.BasicEvent) { p.importFigureCSV() })
}

// exportSweep downloads the sweep file of what the form shows: workload, cluster, policies and
// their parameters, engine settings, and its seed as the seed list. An uploaded trace keeps its
// file name: the cluster must hold the same file there.
func (p *page) exportSweep() {
	p.setError("")
	spec, _, err := p.spec()
	if err != nil {
		p.setError("export sweep file: " + err.Error())
		return
	}
	data, err := sweep.FileOf("my-sweep", spec)
	if err != nil {
		p.setError("export sweep file: " + err.Error())
		return
	}
	download("schedlab-sweep.json", "application/json", data)
}

// importFigureCSV draws a figure CSV (-figure-out or -merge output): a catalogue figure's with its
// published references, any other (a user's sweep) as the CSV itself describes it.
func (p *page) importFigureCSV() {
	in := input("import-figure-csv")
	files := in.Files()
	if len(files) == 0 {
		return
	}
	p.setError("")
	file := files[0].Value
	name := file.Get("name").String()
	txt, err := p.funcs.Await(file.Call("text"))
	if err != nil {
		p.setError(name + ": " + err.Error())
		return
	}
	data := []byte(txt.String())
	fig, rows, err := sweep.FigureOfCSV(name, data)
	if err == nil {
		if cat, ok := policies.FindFigure(fig.ID); ok {
			fig = cat
			rows, err = figure.ReadCSV(cat, name, bytes.NewReader(data))
		}
	}
	var opt []byte
	if err == nil {
		opt, err = figchart.Option(fig, figure.Stats(fig, rows))
	}
	box := hook("imported-figure-chart")
	if err != nil {
		p.setError(err.Error())
		setHidden(box, true)
		hook("imported-figure-note").SetTextContent("")
		return
	}
	setHidden(box, false)
	box.Style().SetProperty("height", fmt.Sprintf("%dpx", figchart.Height(len(fig.Metrics))), "") // the grids' rule
	hook("imported-figure-note").SetTextContent(
		fmt.Sprintf("%s: %s, %d rows, seeds %s", name, fig.ID, len(rows), figure.FormatSeeds(fig.Seeds)))
	chartsJS().Call("figureShow", box.Underlying(), string(opt)) // resizes with its box, as the Figures view's chart
}
