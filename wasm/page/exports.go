//go:build js && wasm

package page

import (
	"bytes"
	"encoding/json"

	"schedlab/core"
	"schedlab/core/export"
	"schedlab/wasm/pagelogic"
)

func (p *page) exportRuns() []export.Run {
	runs := make([]export.Run, len(p.runs))
	for i, r := range p.runs {
		runs[i] = export.Run{Policy: r.Policy, Result: r.Result()}
	}
	return runs
}

// exportCSV writes the per-job CSV of every run in the table, byte for byte the runner's -jobs-out.
func (p *page) exportCSV() {
	if len(p.runs) == 0 {
		p.setError("nothing to export: run or open a run first")
		return
	}
	var buf bytes.Buffer
	if err := export.WriteJobsCSV(&buf, p.exportRuns()); err != nil {
		p.setError(err.Error())
		return
	}
	download("schedlab-jobs.csv", "text/csv", buf.Bytes())
}

func (p *page) exportJSON() {
	if len(p.runs) == 0 {
		p.setError("nothing to export: run or open a run first")
		return
	}
	b, err := json.Marshal(pagelogic.ExportFile{Schedlab: 1, Runs: p.runs})
	if err != nil {
		p.setError(err.Error())
		return
	}
	download("schedlab-runs.json", "application/json", b)
}

// exportTrace writes the Chrome trace-event JSON of the shown run (opens in Perfetto).
func (p *page) exportTrace() {
	rec := p.shown
	if rec == nil {
		p.setError("nothing to export: run or open a run first")
		return
	}
	c, err := core.ParseCluster(rec.Cluster)
	if err != nil {
		p.setError(err.Error())
		return
	}
	var buf bytes.Buffer
	if err := export.WriteTraceEvents(&buf, c, []export.Run{{Policy: rec.Policy, Result: rec.Result()}}); err != nil {
		p.setError(err.Error())
		return
	}
	download("schedlab-trace-"+rec.Policy+".json", "application/json", buf.Bytes())
}

// exportImage saves the chart chosen in the export select as PNG or SVG.
func (p *page) exportImage(kind string) {
	which := selectEl("export-chart").Value()
	box := hook(which).Underlying()
	url := chartsJS().Call("image", box, kind)
	if !url.Truthy() {
		p.setError("nothing to export: the " + which + " chart is empty")
		return
	}
	downloadURL("schedlab-"+which+"."+kind, url.String())
}

// importJSON loads a full JSON export back: the runs join the table and the history.
func (p *page) importJSON() {
	in := input("import-json")
	files := in.Files()
	if len(files) == 0 {
		return
	}
	p.setError("")
	f := files[0].Value
	txt, err := p.funcs.Await(f.Call("text"))
	if err != nil {
		p.setError(err.Error())
		return
	}
	runs, err := pagelogic.ReadExport(f.Get("name").String(), []byte(txt.String()))
	if err != nil {
		p.setError(err.Error())
		return
	}
	p.runs = nil
	for _, r := range runs {
		if err := p.store.Put(p.ctx, r); err != nil {
			p.setError("not saved: " + err.Error())
		}
		p.runs = append(p.runs, r)
	}
	p.shown = nil
	p.renderSummary()
	if len(p.runs) > 0 {
		p.show(p.runs[0])
	}
	p.refreshHistory()
	in.SetValue("")
}
