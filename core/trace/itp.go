package trace

import (
	"io"
	"strings"

	"schedlab/core"
)

// ITP reads Microsoft ITP traces as published with ElasticFlow, in either form:
//
//	job_id,submission_time,duration,num_gpu                                              (raw-traces)
//	job_id,submission_time,num_iteration,model_name,deadline,batch_size,num_gpu,duration  (elasticflow-traces)
//
// Columns are found by name, so their order does not matter. Rules:
//   - submission_time is seconds from the trace start and is used as is (not shifted).
//   - duration, the job's real measured run time in seconds, is its length: Duration wins. The
//     ElasticFlow columns are synthetic additions, kept as information only: num_iteration goes to
//     Iterations, model_name (canonicalised through the registry; unknown names are kept and
//     warned about once each) to Model, batch_size to BatchSize. The engine ignores them while
//     Duration > 0, but a policy may read them.
//   - deadline (absolute seconds) has no Job field yet: it is checked to be a number, then dropped
//     with one warning.
type ITP struct{}

// Name implements Importer.
func (ITP) Name() string { return "itp" }

// Detect implements Importer: a header starting with job_id and naming submission_time.
func (ITP) Detect(first string) bool {
	h := headerFields(first)
	return len(h) >= 4 && h[0] == "job_id" && strings.Contains(first, "submission_time")
}

// Read implements Importer.
func (ITP) Read(name string, r io.Reader, models *core.Models) ([]core.Job, []string, error) {
	rr := newRows(name, r)
	c := newCollector(name, models)
	idx, width, err := rr.header([]string{"job_id", "submission_time", "duration", "num_gpu"},
		[]string{"num_iteration", "model_name", "batch_size", "deadline"}, false)
	if err != nil {
		return nil, nil, err
	}
	if idx["deadline"] >= 0 {
		c.warnf("%s: deadline column ignored (core.Job has no deadline)", name)
	}
	var jobs []core.Job
	for rec, err := range rr.records(width) {
		if err == nil {
			var j core.Job
			j, err = itpJob(rr, c, rec, idx)
			jobs = append(jobs, j)
		}
		if err != nil {
			return c.finish(nil, err)
		}
	}
	return c.finish(jobs, nil)
}

func itpJob(rr *rows, c *collector, rec []string, idx map[string]int) (core.Job, error) {
	j := core.Job{Line: rr.line}
	var err error
	if j.ID, err = text(rec[idx["job_id"]]); err != nil {
		return j, rr.errf("job_id", "%v", err)
	}
	if j.Submit, err = seconds(rec[idx["submission_time"]]); err != nil {
		return j, rr.errf("submission_time", "%v", err)
	}
	if j.Duration, err = seconds(rec[idx["duration"]]); err != nil {
		return j, rr.errf("duration", "%v", err)
	}
	n, err := count(rec[idx["num_gpu"]], maxGPUs)
	if err != nil {
		return j, rr.errf("num_gpu", "%v", err)
	}
	j.GPUs = int(n)
	if j.Iterations, err = optional(col(rec, idx, "num_iteration"), func(s string) (int64, error) { return count(s, maxIterations) }); err != nil {
		return j, rr.errf("num_iteration", "%v", err)
	}
	model, err := text(col(rec, idx, "model_name"))
	if err != nil {
		return j, rr.errf("model_name", "%v", err)
	}
	if n, err = optional(col(rec, idx, "batch_size"), func(s string) (int64, error) { return count(s, maxBatch) }); err != nil {
		return j, rr.errf("batch_size", "%v", err)
	}
	j.BatchSize = int(n)
	if _, err = optional(col(rec, idx, "deadline"), seconds); err != nil {
		return j, rr.errf("deadline", "%v", err)
	}
	if err := j.Validate(); err != nil {
		return j, rr.wrap(err)
	}
	j.Model = c.model(model)
	c.id(j.ID, j.Line)
	return j, nil
}
