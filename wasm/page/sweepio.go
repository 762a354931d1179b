//go:build js && wasm

package page

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

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
	p.static.on(hook("imported-figure-reading").Underlying(), "change", func(*dom.BasicEvent) {
		r, err := strconv.Atoi(hook("imported-figure-reading").Underlying().Get("value").String())
		if err == nil {
			p.drawImported(r)
		}
	})
}

// importedFigure is the figure and rows of the CSV last imported (fig nil before any, or after a
// refused one).
type importedFigure struct {
	name string
	fig  *figure.Figure
	rows []figure.Row
}

// exportSweep downloads the sweep file of what the form shows: workload, cluster, policies and
// their parameters, engine settings, and its seed as the seed list. An uploaded trace keeps its
// file name: the cluster must hold the same file there. A scripted policy is not in the file:
// its script downloads beside it, and the runner's -policy-file adds it to the sweep as one more
// series (and hashes it into the shards' headers), as the note says.
func (p *page) exportSweep() {
	p.setError("")
	hook("sweep-note").SetTextContent("")
	spec, _, err := p.spec()
	if err != nil {
		p.setError("export sweep file: " + err.Error())
		return
	}
	scripts, _ := p.scripts.chosen(spec.Policies)
	if len(scripts) > 0 {
		names := scriptNames(scripts)
		spec.Policies = slices.DeleteFunc(slices.Clone(spec.Policies), func(n string) bool { return slices.Contains(names, n) })
		if len(spec.Policies) == 0 {
			p.setError("export sweep file: tick a built-in policy too (a sweep file names built-ins; your scripts join it with -policy-file)")
			return
		}
	}
	data, err := sweep.FileOf("my-sweep", spec)
	if err != nil {
		p.setError("export sweep file: " + err.Error())
		return
	}
	download("schedlab-sweep.json", "application/json", data)
	var flags []string
	for _, sc := range scripts {
		file := path.Base(sc.File)
		download(file, "text/plain", []byte(sc.Source))
		flags = append(flags, "-policy-file "+file)
	}
	if len(flags) > 0 {
		hook("sweep-note").SetTextContent("your policies are the script files downloaded beside it: run the sweep with " + strings.Join(flags, " "))
	}
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
	if err != nil {
		p.imported = importedFigure{}
		p.setError(err.Error())
		setHidden(hook("imported-figure-chart"), true)
		setHidden(hook("imported-figure-reading-box"), true)
		hook("imported-figure-note").SetTextContent("")
		return
	}
	p.imported = importedFigure{name: name, fig: fig, rows: rows}
	// A figure with choices is drawn one reading at a time, as the Figures view draws it: the
	// picker offers the readings the CSV holds, the first of them first.
	held := figure.ReadingsIn(rows)
	pick := hook("imported-figure-reading").Underlying()
	clear(pick)
	all := fig.Readings()
	for _, r := range held {
		pick.Call("appendChild", el("option", all[r].Name, "value", itoa(r)))
	}
	setHidden(hook("imported-figure-reading-box"), len(fig.Choices) == 0)
	p.drawImported(held[0])
}

// drawImported draws the imported figure under reading r (its only reading when it has no
// choices), with its note: file, figure, rows, seeds and, with choices, the readings it holds.
func (p *page) drawImported(r int) {
	name, fig, rows := p.imported.name, p.imported.fig, p.imported.rows
	if fig == nil {
		return
	}
	drawn, drawnRows := fig, rows
	note := fmt.Sprintf("%s: %s, %d rows, seeds %s", name, fig.ID, len(rows), figure.FormatSeeds(fig.Seeds))
	if len(fig.Choices) > 0 {
		drawn, drawnRows = fig.Under(r), figure.RowsOf(rows, r)
		note += fmt.Sprintf(", %d of %d readings (%s); drawn: %s", len(figure.ReadingsIn(rows)), len(fig.Readings()),
			fig.ChoicesText(), fig.Readings()[r].Name)
	}
	opt, err := figchart.Option(drawn, figure.Stats(drawn, drawnRows))
	box := hook("imported-figure-chart")
	if err != nil {
		p.setError(err.Error())
		setHidden(box, true)
		hook("imported-figure-note").SetTextContent("")
		return
	}
	setHidden(box, false)
	box.Style().SetProperty("height", fmt.Sprintf("%dpx", figchart.Height(len(drawn.Metrics))), "") // the grids' rule
	hook("imported-figure-note").SetTextContent(note)
	chartsJS().Call("figureShow", box.Underlying(), string(opt)) // resizes with its box, as the Figures view's chart
}
