package trace

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"schedlab/core"
)

// nativeColumns is the native format's column order. Units: seconds for times (exact to the
// millisecond), GB for memory, cores for CPU.
var nativeColumns = [...]string{
	"id", "submit_s", "gpus", "duration_s", "iterations", "model", "batch_size", "iter_time_s",
	"gpu_types", "cpu", "mem_gb", "user", "recurrence", "dp", "pp", "tp", "resource_times_s",
}

// baseColumns is how many of nativeColumns WriteNative always writes; the later ones appear only
// when some job uses them, so files written before they existed keep their exact form.
const baseColumns = 16

// Native is the simulator's own CSV format, the one WriteNative produces. The header names the
// columns, in any order; id, submit_s and gpus are required, the others optional, and a blank
// cell means zero/empty. Unknown columns are an error (they are usually typos).
//
//	id           text, the job's name (unique; a duplicate is a warning)
//	submit_s     submission time in seconds from the trace start (decimal, rounded to 1 ms)
//	gpus         gang size
//	duration_s   fixed run time in seconds; when > 0 it wins over iterations
//	iterations   number of iterations of model (the speed model turns them into time)
//	model        model name, canonicalised through the registry (unknown names kept, warned)
//	batch_size   per-GPU batch (0 = the model's profiled batch)
//	iter_time_s  seconds per iteration given by the trace (0 = from the registry)
//	gpu_types    allowed GPU types separated by '|', e.g. "V100|P100" (blank = any)
//	cpu, mem_gb  host cores and GB requested (0 = the proportional share)
//	user, recurrence  text tags
//	dp, pp, tp   parallel degrees (all blank, or with dp×pp×tp = gpus)
//	resource_times_s  seconds per iteration on each of three resources, "a|b|c" (Muri's
//	             resource_time_0..2; blank = unknown); written only when some job has them
//
// Every core.Job field except Line (which is the line read from) survives WriteNative followed
// by Read.
type Native struct{}

// Name implements Importer.
func (Native) Name() string { return "native" }

// Detect implements Importer: a header starting with id and naming submit_s.
func (Native) Detect(first string) bool {
	h := headerFields(first)
	return len(h) > 1 && h[0] == "id" && strings.Contains(first, "submit_s")
}

// Read implements Importer.
func (Native) Read(name string, r io.Reader, models *core.Models) ([]core.Job, []string, error) {
	rr := newRows(name, r)
	c := newCollector(name, models)
	idx, width, err := rr.header(nativeColumns[:3], nativeColumns[3:], true)
	if err != nil {
		return nil, nil, err
	}
	var jobs jobList
	for rec, err := range rr.records(width) {
		if err != nil {
			return c.finish(nil, err)
		}
		j, err := nativeJob(rr, c, func(col string) string {
			if i := idx[col]; i >= 0 {
				return rec[i]
			}
			return ""
		})
		if err != nil {
			return c.finish(nil, err)
		}
		jobs.add(j)
	}
	return c.finish(jobs.slice(), nil)
}

// nativeJob builds a job from native-format cells; get returns a cell by column name.
func nativeJob(rr *rows, c *collector, get func(string) string) (core.Job, error) {
	j := core.Job{Line: rr.line}
	var first, err error
	// fail records the first error, located and named after its column.
	fail := func(field string, e error) {
		if e != nil && first == nil {
			first = rr.errf(field, "%v", e)
		}
	}
	var n int64
	j.ID, err = text(get("id"))
	fail("id", err)
	j.Submit, err = seconds(get("submit_s"))
	fail("submit_s", err)
	n, err = count(get("gpus"), maxGPUs)
	fail("gpus", err)
	j.GPUs = int(n)
	j.Duration, err = optional(get("duration_s"), seconds)
	fail("duration_s", err)
	j.Iterations, err = optional(get("iterations"), func(s string) (int64, error) { return count(s, maxIterations) })
	fail("iterations", err)
	model, err := text(get("model"))
	fail("model", err)
	n, err = optional(get("batch_size"), func(s string) (int64, error) { return count(s, maxBatch) })
	fail("batch_size", err)
	j.BatchSize = int(n)
	j.IterTime, err = optional(get("iter_time_s"), func(s string) (float64, error) { return number(s, maxSeconds) })
	fail("iter_time_s", err)
	j.GPUTypes, err = c.gpuTypes(get("gpu_types"))
	fail("gpu_types", err)
	j.CPU, err = optional(get("cpu"), func(s string) (float64, error) { return number(s, 1e9) })
	fail("cpu", err)
	j.MemGB, err = optional(get("mem_gb"), func(s string) (float64, error) { return number(s, 1e12) })
	fail("mem_gb", err)
	j.User, err = text(get("user"))
	fail("user", err)
	j.User = c.intern(j.User)
	j.Recurrence, err = text(get("recurrence"))
	fail("recurrence", err)
	j.Recurrence = c.intern(j.Recurrence)
	var par [3]int64
	for i, k := range []string{"dp", "pp", "tp"} {
		par[i], err = optional(get(k), func(s string) (int64, error) { return count(s, maxGPUs) })
		fail(k, err)
	}
	j.Par = core.Parallelism{DP: int(par[0]), PP: int(par[1]), TP: int(par[2])}
	j.ResourceTimes, err = resourceTimes(get("resource_times_s"))
	fail("resource_times_s", err)
	if first != nil {
		return j, first
	}
	j.Model = c.model(model)
	if e := j.Validate(); e != nil {
		return j, rr.wrap(e)
	}
	c.id(j.ID, j.Line)
	return j, nil
}

// nativeCells returns a job's cells in nativeColumns order ("" for zero values).
func nativeCells(j *core.Job, cells []string) []string {
	cells = cells[:0]
	num := func(v int64) string {
		if v == 0 {
			return ""
		}
		return strconv.FormatInt(v, 10)
	}
	flt := func(v float64) string {
		if v == 0 {
			return ""
		}
		return formatFloat(v)
	}
	types := make([]string, len(j.GPUTypes))
	for i, t := range j.GPUTypes {
		types[i] = string(t)
	}
	dur := ""
	if j.Duration != 0 {
		dur = formatTime(j.Duration)
	}
	par := [3]string{}
	if j.Par != (core.Parallelism{}) {
		par = [3]string{strconv.Itoa(j.Par.DP), strconv.Itoa(j.Par.PP), strconv.Itoa(j.Par.TP)}
	}
	res := ""
	if j.ResourceTimes != ([3]float64{}) {
		rt := j.ResourceTimes
		res = formatFloat(rt[0]) + "|" + formatFloat(rt[1]) + "|" + formatFloat(rt[2])
	}
	return append(cells, j.ID, formatTime(j.Submit), strconv.Itoa(j.GPUs), dur, num(j.Iterations),
		j.Model, num(int64(j.BatchSize)), flt(j.IterTime), strings.Join(types, "|"), flt(j.CPU),
		flt(j.MemGB), j.User, j.Recurrence, par[0], par[1], par[2], res)
}

// resourceTimes parses "a|b|c" seconds ("" = all zero).
func resourceTimes(s string) ([3]float64, error) {
	var out [3]float64
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	parts := strings.Split(s, "|")
	if len(parts) != 3 {
		return out, fmt.Errorf("want three '|'-separated numbers, got %d", len(parts))
	}
	for i, p := range parts {
		v, err := number(p, maxSeconds)
		if err != nil {
			return out, err
		}
		out[i] = v
	}
	return out, nil
}

// WriteNative writes jobs in the native CSV format (header included), the export format for any
// loaded trace.
func WriteNative(w io.Writer, jobs []core.Job) error {
	cw := csv.NewWriter(w)
	width := baseColumns
	for i := range jobs {
		if jobs[i].ResourceTimes != ([3]float64{}) {
			width = len(nativeColumns)
			break
		}
	}
	if err := cw.Write(nativeColumns[:width]); err != nil {
		return err
	}
	cells := make([]string, 0, len(nativeColumns))
	for i := range jobs {
		cells = nativeCells(&jobs[i], cells)
		if err := cw.Write(cells[:width]); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
