package trace

import (
	"io"

	"schedlab/core"
)

// muriColumns is Muri's 13-column header.
var muriColumns = []string{"job_id", "num_gpu", "submit_time", "iterations", "model_name", "batch_size",
	"duration", "interval", "iteration_time", "resource_time_0", "resource_time_1", "resource_time_2", "priority"}

// Muri reads the traces of Muri's simulator (Rivendile/Muri, SIGCOMM'22):
//
//	job_id,num_gpu,submit_time,iterations,model_name,batch_size,duration,interval,iteration_time,resource_time_0,resource_time_1,resource_time_2,priority
//	0,16,0,4378042,vgg16,16,1453510000,3840000,332,83,68,110,0
//
// Every time is in milliseconds (Muri's simulator divides by 1000). Length rule: Iterations =
// iterations at IterTime = iteration_time / 1000 s per iteration, so the engine runs the job for
// iterations × iteration_time, which is the trace's duration column (checked: a mismatch over 1 %
// is warned about); when iteration_time is 0 the duration column is the length instead.
// resource_time_0..2 (ms per iteration on each of the three resources Muri interleaves, in the
// trace's column order) are kept on core.Job.ResourceTimes in seconds. submit_time is the offset
// from the trace start; model_name is canonicalised through the registry; batch_size is the
// per-GPU batch. interval and priority are not used.
type Muri struct{}

// Name implements Importer.
func (Muri) Name() string { return "muri" }

// Detect implements Importer: the header starts with job_id,num_gpu,submit_time and names
// resource_time_0.
func (Muri) Detect(first string) bool {
	h := headerFields(first)
	return len(h) == len(muriColumns) && h[0] == "job_id" && h[1] == "num_gpu" && h[9] == "resource_time_0"
}

// Read implements Importer.
func (Muri) Read(name string, r io.Reader, models *core.Models) ([]core.Job, []string, error) {
	rr := newRows(name, r)
	c := newCollector(name, models)
	idx, width, err := rr.header(muriColumns, nil, false)
	if err != nil {
		return nil, nil, err
	}
	var list jobList
	mismatch := 0
	for rec, err := range rr.records(width) {
		if err != nil {
			return c.finish(nil, err)
		}
		get := func(k string) string { return rec[idx[k]] }
		j := core.Job{Line: rr.line}
		var first error
		fail := func(field string, e error) {
			if e != nil && first == nil {
				first = rr.errf(field, "%v", e)
			}
		}
		j.ID, err = text(get("job_id"))
		fail("job_id", err)
		n, err := count(get("num_gpu"), maxGPUs)
		fail("num_gpu", err)
		j.GPUs = int(n)
		j.Submit, err = millis(get("submit_time"))
		fail("submit_time", err)
		j.Iterations, err = count(get("iterations"), maxIterations)
		fail("iterations", err)
		model, err := text(get("model_name"))
		fail("model_name", err)
		n, err = count(get("batch_size"), maxBatch)
		fail("batch_size", err)
		j.BatchSize = int(n)
		dur, err := millis(get("duration"))
		fail("duration", err)
		iterMS, err := number(get("iteration_time"), maxSeconds)
		fail("iteration_time", err)
		for i := range 3 {
			k := muriColumns[9+i]
			v, err := number(get(k), maxSeconds)
			fail(k, err)
			j.ResourceTimes[i] = v / 1000
		}
		_, err = number(get("interval"), maxSeconds*1000)
		fail("interval", err)
		_, err = number(get("priority"), maxSeconds)
		fail("priority", err)
		if first != nil {
			return c.finish(nil, first)
		}
		if iterMS > 0 && j.Iterations > 0 {
			j.IterTime = iterMS / 1000
			if want := float64(j.Iterations) * iterMS; dur > 0 && (want > float64(dur)*1.01 || want < float64(dur)*0.99) {
				mismatch++
			}
		} else {
			j.Duration = dur
		}
		if err := j.Validate(); err != nil {
			return c.finish(nil, rr.wrap(err))
		}
		j.Model = c.model(model)
		c.id(j.ID, j.Line)
		list.add(j)
	}
	if mismatch > 0 {
		c.warnf("%s: %d jobs have iterations × iteration_time more than 1 %% away from duration; the iterations are used", name, mismatch)
	}
	return c.finish(list.slice(), nil)
}
