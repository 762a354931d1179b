//go:build js && wasm

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"schedlab/core"
	"schedlab/core/export"
	"schedlab/core/jsondup"
	"schedlab/wasm/runrec"
)

func mathFloat64bits(f float64) uint64 { return math.Float64bits(f) }

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

// exportFile is the full JSON export; importJSON reads it back.
type exportFile struct {
	Schedlab int              `json:"schedlab"`
	Runs     []*runrec.Record `json:"runs"`
}

func (p *page) exportJSON() {
	if len(p.runs) == 0 {
		p.setError("nothing to export: run or open a run first")
		return
	}
	b, err := json.Marshal(exportFile{Schedlab: 1, Runs: p.runs})
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
	which := doc.Call("getElementById", "export-chart").Get("value").String()
	box := doc.Call("getElementById", which)
	url := chartsJS().Call("image", box, kind)
	if !url.Truthy() {
		p.setError("nothing to export: the " + which + " chart is empty")
		return
	}
	downloadURL("schedlab-"+which+"."+kind, url.String())
}

// readExport decodes the full JSON export file name (content raw) and validates its runs; errors
// name the file. A key given twice in one object is an error too (ignoring case, as the record
// structs match keys): the file is ours, but a hand-edited one must not silently keep one of
// two values.
func readExport(name string, raw []byte) ([]*runrec.Record, error) {
	var ef exportFile
	if err := json.Unmarshal(raw, &ef); err != nil {
		line, _, msg := jsonProblem(raw, err)
		if line > 0 {
			return nil, fmt.Errorf("%s:%d: json: %s", name, line, msg)
		}
		return nil, fmt.Errorf("%s: json: %s", name, msg)
	}
	if d := jsondup.Find(raw, jsondup.FoldCase); d != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, d.Line, d)
	}
	if ef.Schedlab != 1 {
		return nil, errors.New(name + `: not a schedlab JSON export (no "schedlab": 1)`)
	}
	for i, r := range ef.Runs {
		if r == nil {
			return nil, fmt.Errorf("%s: runs[%d]: null", name, i)
		}
		if err := r.Validate(); err != nil {
			return nil, fmt.Errorf("%s: runs[%d].%v", name, i, err)
		}
	}
	return ef.Runs, nil
}

// importJSON loads a full JSON export back: the runs join the table and the history.
func (p *page) importJSON() {
	in := doc.Call("getElementById", "import-json")
	files := in.Get("files")
	if files.Length() == 0 {
		return
	}
	p.setError("")
	f := files.Index(0)
	txt, err := await(f.Call("text"))
	if err != nil {
		p.setError(err.Error())
		return
	}
	runs, err := readExport(f.Get("name").String(), []byte(txt.String()))
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
	in.Set("value", "")
}
