//go:build js && wasm

package page

import (
	"fmt"
	"strconv"
	"syscall/js"

	"schedlab/core"
	"schedlab/wasm/charts"
	"schedlab/wasm/pagelogic"
)

// maxJobRows bounds the per-job table (the CSV export has every job).
const maxJobRows = 300

// showHost draws the Synergy views of rec: CPU and memory allocated per server over time beside
// the GPU Gantt, and the per-job table with speed-ups, from r's record; other runs hide them.
func (p *page) showHost(r *run, c *core.Cluster) {
	row := hook("host")
	cpuBox, memBox := hook("host-cpu").Underlying(), hook("host-mem").Underlying()
	if !pagelogic.IsSynergy(r.head.Policy) {
		setHidden(row, true)
		chartsJS().Call("dispose", cpuBox)
		chartsJS().Call("dispose", memBox)
		return
	}
	rec, err := p.full(r, "its CPU and memory per server")
	if p.shown != r {
		return
	}
	if err != nil {
		p.setError(err.Error())
		return
	}
	setHidden(row, false)
	h := charts.BuildHost(rec, c)
	for _, x := range []struct {
		box         js.Value
		which, name string
	}{{cpuBox, "cpu", "CPU cores per server"}, {memBox, "mem", "host memory per server"}} {
		opt, err := charts.HostOption(h, c, x.which, x.name+": "+rec.Policy, rec.End)
		if err != nil {
			p.setError(err.Error())
			return
		}
		chartsJS().Call("show", x.box, string(opt))
	}
	row.SetAttribute("data-points", itoa(len(h.T)))
}

// showJobs fills the per-job table for Synergy runs (speed-up and host share) and model-similarity
// runs (chosen GPU type and the most similar reference model), and GPU-sharing runs (normalised
// throughput and co-runners, sharing.go), from r's record.
func (p *page) showJobs(r *run) {
	box := hook("jobs-box")
	tbl := hook("job-table").Underlying()
	clear(tbl)
	syn, simi, shr := pagelogic.IsSynergy(r.head.Policy), pagelogic.IsSimilarity(r.head), r.head.Sharing
	if !syn && !simi && !shr {
		setHidden(box, true)
		return
	}
	rec, err := p.full(r, "the job table")
	if p.shown != r {
		return
	}
	if err != nil {
		p.setError(err.Error())
		return
	}
	clear(tbl)
	setHidden(box, false)
	cols := []string{"job", "model", "GPUs", "JCT (h)"}
	if syn {
		cols = append(cols, "speed-up", "CPU/GPU", "GB/GPU")
	}
	if simi {
		cols = append(cols, "chosen type", "reference model", "similarity", "predicted best")
	}
	var ln *charts.Lanes
	if shr {
		cols = append(cols, pagelogic.SharingColumns...)
		ln = p.lanes(r, rec)
	}
	head := el("tr", "")
	for _, c := range cols {
		head.Call("appendChild", el("th", c))
	}
	tbl.Call("appendChild", head)
	first := make([]int, len(rec.Jobs)) // first interval of each job, -1 = none
	for i := range first {
		first[i] = -1
	}
	for i := len(rec.Intervals) - 1; i >= 0; i-- {
		first[rec.Intervals[i].Job] = i
	}
	n := min(len(rec.Jobs), maxJobRows)
	for i := 0; i < n; i++ {
		j := rec.Jobs[i]
		tr := el("tr", "", "data-job", j.ID)
		cell := func(text, key, value string) {
			td := el("td", text)
			if key != "" {
				setAttr(td, "data-col", key)
				setAttr(td, "data-value", value)
			}
			tr.Call("appendChild", td)
		}
		cell(j.ID, "", "")
		cell(j.Model, "", "")
		cell(itoa(j.GPUs), "", "")
		if j.End >= 0 {
			cell(strconv.FormatFloat(float64(j.End-j.Submit)/3.6e6, 'f', 2, 64), "", "")
		} else {
			cell("–", "", "")
		}
		if syn {
			sp := "–"
			if j.Speedup > 0 {
				sp = strconv.FormatFloat(j.Speedup, 'f', 3, 64)
			}
			cell(sp, "speedup", strconv.FormatFloat(j.Speedup, 'g', -1, 64))
			cpu, mem := "–", "–"
			if k := first[i]; k >= 0 && len(rec.Intervals[k].CPU) > 0 {
				cpu = strconv.FormatFloat(rec.Intervals[k].CPU[0], 'g', 4, 64)
				mem = strconv.FormatFloat(rec.Intervals[k].Mem[0], 'g', 4, 64)
			}
			cell(cpu, "cpu", cpu)
			cell(mem, "mem", mem)
		}
		if simi {
			cell(j.GPUType, "type", j.GPUType)
			cell(j.Ref, "ref", j.Ref)
			s := ""
			if j.Ref != "" {
				s = strconv.FormatFloat(j.Sim, 'f', 3, 64)
			}
			cell(s, "sim", s)
			cell(j.Best, "best", j.Best)
		}
		if shr {
			for _, c := range pagelogic.SharingCells(rec, coRunners(ln), i) {
				cell(c[0], c[1], c[2])
			}
		}
		tbl.Call("appendChild", tr)
	}
	hook("jobs-note").SetTextContent(
		fmt.Sprintf("Jobs: %d of %d shown (the per-job CSV has all)", n, len(rec.Jobs)))
}
