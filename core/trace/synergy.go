package trace

import (
	"io"
	"strconv"
	"strings"

	"schedlab/core"
)

// Synergy reads the headerless traces of Synergy's simulator (msr-fiddle/synergy), one job per
// line in the column order of its reader:
//
//	job_id,model_name,arrival_time,num_iters,gpu_demand
//	3,res18,0.003,30857,1
//
// Rules: jobs are iteration-based (Iterations = num_iters, must be > 0); model_name is
// canonicalised through the registry (res18 → resnet18, transformer → transformer-xl); an unknown
// model is kept as written and warned about once; arrival_time is seconds (float, rounded to
// 1 ms) from the trace start; gpu_demand is the gang size.
type Synergy struct{}

// Name implements Importer.
func (Synergy) Name() string { return "synergy" }

// Detect implements Importer: five cells, a non-numeric model between numbers.
func (Synergy) Detect(first string) bool {
	f := strings.Split(first, ",")
	if len(f) != 5 {
		return false
	}
	isNum := func(s string) bool {
		_, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		return err == nil
	}
	return !isNum(f[1]) && strings.TrimSpace(f[1]) != "" && isNum(f[2]) && isNum(f[3]) && isNum(f[4])
}

// Read implements Importer.
func (Synergy) Read(name string, r io.Reader, models *core.Models) ([]core.Job, []string, error) {
	rr := newRows(name, r)
	c := newCollector(name, models)
	var jobs []core.Job
	for rec, err := range rr.records(5) {
		if err == nil {
			var j core.Job
			j, err = synergyJob(rr, c, rec)
			jobs = append(jobs, j)
		}
		if err != nil {
			return c.finish(nil, err)
		}
	}
	return c.finish(jobs, nil)
}

func synergyJob(rr *rows, c *collector, rec []string) (core.Job, error) {
	j := core.Job{Line: rr.line}
	var err error
	if j.ID, err = text(rec[0]); err != nil {
		return j, rr.errf("job_id", "%v", err)
	}
	model, err := text(rec[1])
	if err != nil {
		return j, rr.errf("model_name", "%v", err)
	}
	if model == "" {
		return j, rr.errf("model_name", "missing value")
	}
	if j.Submit, err = seconds(rec[2]); err != nil {
		return j, rr.errf("arrival_time", "%v", err)
	}
	if j.Iterations, err = count(rec[3], maxIterations); err != nil {
		return j, rr.errf("num_iters", "%v", err)
	}
	if j.Iterations == 0 {
		return j, rr.errf("num_iters", "want a positive count, got 0")
	}
	n, err := count(rec[4], maxGPUs)
	if err != nil {
		return j, rr.errf("gpu_demand", "%v", err)
	}
	j.GPUs = int(n)
	if err := j.Validate(); err != nil {
		return j, rr.wrap(err)
	}
	j.Model = c.model(model)
	c.id(j.ID, j.Line)
	return j, nil
}
