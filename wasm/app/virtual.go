//go:build js && wasm

package main

import (
	"fmt"

	"schedlab/wasm/charts"
	"schedlab/wasm/runrec"
)

// showVirtual draws, for an A-SRPT run, the virtual single-machine SRPT schedule under the Gantt:
// same time axis and margins, zoom kept in step, spans coloured like the Gantt, and a click in
// either chart highlights the job in both (static/charts.js). Other runs hide it. Called after
// the Gantt is initialised, whose highlight it shares.
func (p *page) showVirtual(rec *runrec.Record) {
	box := doc.Call("getElementById", "virtual-box")
	chart := byTestID("virtual")
	if len(rec.Virtual) == 0 {
		box.Set("hidden", true)
		chartsJS().Call("virtualClear", chart)
		return
	}
	box.Set("hidden", false)
	opt, err := charts.VirtualOption("virtual SRPT machine (A-SRPT's priorities): "+rec.Name, viewEnd(rec))
	if err != nil {
		p.setError(err.Error())
		return
	}
	chartsJS().Call("virtualInit", chart, string(opt))
	by := doc.Call("getElementById", "colour-by").Get("value").String()
	p.virtualData(rec, by)
}

// virtualData fills the virtual chart with rec's spans coloured by `by`.
func (p *page) virtualData(rec *runrec.Record, by string) {
	v := charts.BuildVirtual(rec, by)
	flat := make([]float64, 2*len(v.Items))
	for i, it := range v.Items {
		flat[2*i], flat[2*i+1] = float64(it[0]), float64(it[1])
	}
	chart := byTestID("virtual")
	runEnd := float64(-1) // no marker: the schedule ends within the run
	if viewEnd(rec) > rec.End {
		runEnd = float64(rec.End)
	}
	chartsJS().Call("virtualData", chart, float64sToJS(flat), int32sToJS(v.Job), int32sToJS(v.Colour), runEnd)
	setAttr(chart, "data-spans", itoa(len(v.Items)))
	setAttr(chart, "data-jobs", itoa(v.Jobs))
	doc.Call("getElementById", "virtual-note").Set("textContent", fmt.Sprintf(
		"Virtual SRPT schedule: %d spans of %d jobs on one machine of speed 1 (predicted work); A-SRPT ranks the real cluster's jobs in the order this machine completes them.",
		len(v.Items), v.Jobs))
}

// viewEnd is the time axis' end for rec's Gantt and virtual schedule: the run's end, or later when
// the virtual machine's drained queue outlasts the run (runrec.FromOutcome), so both axes agree.
func viewEnd(rec *runrec.Record) int64 {
	end := rec.End
	for _, sp := range rec.Virtual {
		end = max(end, sp.To)
	}
	return end
}
