//go:build js && wasm

package page

import (
	"fmt"

	"schedlab/wasm/charts"
	"schedlab/wasm/pagelogic"
	"schedlab/wasm/runrecord"
	"schedlab/wasm/typed"
)

// showVirtual draws, for an A-SRPT run, the virtual single-machine SRPT schedule under the Gantt:
// same time axis and margins, zoom kept in step, spans coloured like the Gantt, and a click in
// either chart highlights the job in both (static/charts.js). Other runs hide it. Called after
// the Gantt is initialised, whose highlight it shares. The spans are r's record's.
func (p *page) showVirtual(r *run) {
	box := hook("virtual-box")
	chart := hook("virtual").Underlying()
	if r.view.Virtual == 0 {
		setHidden(box, true)
		chartsJS().Call("virtualClear", chart)
		return
	}
	rec, err := p.full(r, "the virtual schedule")
	if p.shown != r {
		return
	}
	if err != nil {
		p.setError(err.Error())
		return
	}
	setHidden(box, false)
	opt, err := charts.VirtualOption("virtual SRPT machine (A-SRPT's priorities): "+rec.Name, r.view.End)
	if err != nil {
		p.setError(err.Error())
		return
	}
	chartsJS().Call("virtualInit", chart, string(opt))
	by := selectEl("colour-by").Value()
	p.virtualData(rec, by)
}

// virtualData fills the virtual chart with rec's spans coloured by `by`.
func (p *page) virtualData(rec *runrecord.Record, by string) {
	v := charts.BuildVirtual(rec, by)
	flat := make([]float64, 2*len(v.Items))
	for i, it := range v.Items {
		flat[2*i], flat[2*i+1] = float64(it[0]), float64(it[1])
	}
	chart := hook("virtual").Underlying()
	runEnd := float64(-1) // no marker: the schedule ends within the run
	if pagelogic.ViewEnd(rec) > rec.End {
		runEnd = float64(rec.End)
	}
	chartsJS().Call("virtualData", chart, typed.Float64s(flat), typed.Int32s(v.Job), typed.Int32s(v.Colour), runEnd)
	setAttr(chart, "data-spans", itoa(len(v.Items)))
	setAttr(chart, "data-jobs", itoa(v.Jobs))
	hook("virtual-note").SetTextContent(fmt.Sprintf(
		"Virtual SRPT schedule: %d spans of %d jobs on one machine of speed 1 (predicted work); A-SRPT ranks the real cluster's jobs in the order this machine completes them.",
		len(v.Items), v.Jobs))
}
