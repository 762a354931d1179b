//go:build js && wasm

package page

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"schedlab/core"
	"schedlab/core/export"
	"schedlab/wasm/pagelogic"
	"schedlab/wasm/runrecord"
)

// records are the records of the runs in the table, read (full) for an export.
func (p *page) records() ([]*runrecord.Record, error) {
	runs := slices.Clone(p.runs)
	out := make([]*runrecord.Record, len(runs))
	for i, r := range runs {
		rec, err := p.full(r, "the export")
		if err != nil {
			return nil, fmt.Errorf("%s: %w", r.head.Name, err)
		}
		out[i] = rec
	}
	return out, nil
}

// exportCSV writes the per-job CSV of every run in the table, byte for byte the runner's -jobs-out.
func (p *page) exportCSV() {
	if len(p.runs) == 0 {
		p.setError("nothing to export: run or open a run first")
		return
	}
	recs, err := p.records()
	if err != nil {
		p.setError(err.Error())
		return
	}
	runs := make([]export.Run, len(recs))
	for i, r := range recs {
		runs[i] = export.Run{Policy: r.Policy, Result: r.Result()}
	}
	var buf bytes.Buffer
	if err := export.WriteJobsCSV(&buf, runs); err != nil {
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
	recs, err := p.records()
	if err != nil {
		p.setError(err.Error())
		return
	}
	b, err := json.Marshal(pagelogic.ExportFile{Schedlab: 1, Runs: recs})
	if err != nil {
		p.setError(err.Error())
		return
	}
	download("schedlab-runs.json", "application/json", b)
}

// exportTrace writes the Chrome trace-event JSON of the shown run (opens in Perfetto).
func (p *page) exportTrace() {
	r := p.shown
	if r == nil {
		p.setError("nothing to export: run or open a run first")
		return
	}
	rec, err := p.full(r, "the export")
	if err != nil {
		p.setError(err.Error())
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
		p.runs = append(p.runs, recordRun(r))
	}
	p.shown = nil
	p.renderSummary()
	if len(p.runs) > 0 {
		p.show(p.runs[0])
	}
	p.refreshHistory()
	in.SetValue("")
}
