package trace

import (
	"io"
	"strings"

	"schedlab/core"
)

// Tiresias reads the job traces of Tiresias' simulator (SymbioticLab/Tiresias), in either form:
//
//	job_id,num_gpu,submit_time,iterations,model_name,duration,interval                      (60_job.csv)
//	job_id,num_gpu,submit_time,start_time,duration,model_size,aggr_interval,model_name,model_scale  (tf_job.csv)
//
// Columns are found by name. Length rule: duration, the job's run time in seconds as Tiresias'
// simulator replays it, is the length (Duration wins). iterations and model_name are kept as
// information (Iterations, Model canonicalised through the registry, unknown names warned about
// once). submit_time is seconds from the trace start. interval, start_time (the recorded start,
// an outcome of Tiresias' own schedule), model_size, aggr_interval and model_scale are not used.
type Tiresias struct{}

// Name implements Importer.
func (Tiresias) Name() string { return "tiresias" }

// Detect implements Importer: job_id,num_gpu,submit_time first, without Muri's columns.
func (Tiresias) Detect(first string) bool {
	h := headerFields(first)
	return len(h) >= 5 && h[0] == "job_id" && h[1] == "num_gpu" && h[2] == "submit_time" &&
		!strings.Contains(first, "resource_time_0")
}

// Read implements Importer.
func (Tiresias) Read(name string, r io.Reader, models *core.Models) ([]core.Job, []string, error) {
	rr := newRows(name, r)
	c := newCollector(name, models)
	idx, width, err := rr.header([]string{"job_id", "num_gpu", "submit_time", "duration"},
		[]string{"iterations", "model_name", "interval", "start_time", "model_size", "aggr_interval", "model_scale"}, false)
	if err != nil {
		return nil, nil, err
	}
	var list jobList
	for rec, err := range rr.records(width) {
		if err != nil {
			return c.finish(nil, err)
		}
		j := core.Job{Line: rr.line}
		if j.ID, err = text(rec[idx["job_id"]]); err != nil {
			return c.finish(nil, rr.errf("job_id", "%v", err))
		}
		n, err := count(rec[idx["num_gpu"]], maxGPUs)
		if err != nil {
			return c.finish(nil, rr.errf("num_gpu", "%v", err))
		}
		j.GPUs = int(n)
		if j.Submit, err = seconds(rec[idx["submit_time"]]); err != nil {
			return c.finish(nil, rr.errf("submit_time", "%v", err))
		}
		if j.Duration, err = seconds(rec[idx["duration"]]); err != nil {
			return c.finish(nil, rr.errf("duration", "%v", err))
		}
		if j.Iterations, err = optional(col(rec, idx, "iterations"), func(s string) (int64, error) { return count(s, maxIterations) }); err != nil {
			return c.finish(nil, rr.errf("iterations", "%v", err))
		}
		for _, k := range []string{"interval", "start_time", "model_size", "aggr_interval", "model_scale"} {
			if _, err := optional(col(rec, idx, k), func(s string) (float64, error) { return number(s, maxSeconds) }); err != nil {
				return c.finish(nil, rr.errf(k, "%v", err))
			}
		}
		model, err := text(col(rec, idx, "model_name"))
		if err != nil {
			return c.finish(nil, rr.errf("model_name", "%v", err))
		}
		if err := j.Validate(); err != nil {
			return c.finish(nil, rr.wrap(err))
		}
		j.Model = c.model(model)
		c.id(j.ID, j.Line)
		list.add(j)
	}
	return c.finish(list.slice(), nil)
}
