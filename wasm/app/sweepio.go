//go:build js && wasm

package main

import (
	"bytes"
	"fmt"
	"syscall/js"

	"schedlab/policies"
	"schedlab/policies/figure"
	"schedlab/policies/sweep"
	"schedlab/wasm/figchart"
)

// A study too big for a browser runs on a cluster (scripts/cluster/README.md): the page exports
// the form as a sweep file to start it from, and imports the merged CSV the cluster returns to draw
// it. Both live in the "Beyond one machine" box of the controls.
func (p *page) buildSweepIO() {
	on(byTestID("export-sweep"), "click", func(js.Value) { p.exportSweep() })
	on(byTestID("import-figure-csv"), "change", func(js.Value) { p.importFigureCSV() })
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
	in := byTestID("import-figure-csv")
	files := in.Get("files")
	if files.Length() == 0 {
		return
	}
	p.setError("")
	file := files.Index(0)
	name := file.Get("name").String()
	txt, err := await(file.Call("text"))
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
	box := byTestID("imported-figure-chart")
	if err != nil {
		p.setError(err.Error())
		box.Set("hidden", true)
		byTestID("imported-figure-note").Set("textContent", "")
		return
	}
	box.Set("hidden", false)
	box.Get("style").Set("height", fmt.Sprintf("%dpx", figchart.Height(len(fig.Metrics)))) // the grids' rule
	byTestID("imported-figure-note").Set("textContent",
		fmt.Sprintf("%s: %s, %d rows, seeds %s", name, fig.ID, len(rows), figure.FormatSeeds(fig.Seeds)))
	chartsJS().Call("figureShow", box, string(opt)) // resizes with its box, as the Figures view's chart
}
