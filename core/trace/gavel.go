package trace

import (
	"io"
	"strconv"
	"strings"

	"schedlab/core"
	"schedlab/core/hetero"
)

// Gavel reads the headerless tab-separated traces of Gavel (stanford-futuredata/gavel) and
// Shockwave (uw-mad-dash/shockwave), told apart by their column count:
//
//	7 columns (traces/msr/…):             job_type, command, num_steps_arg, needs_data_dir,
//	                                      total_steps, arrival_time, scale_factor
//	10 columns (traces/physical_cluster): job_type, command, working_directory, num_steps_arg,
//	                                      needs_data_dir, total_steps, scale_factor,
//	                                      priority_weight, SLO, arrival_time
//	12 columns (Shockwave):               job_type, command, working_directory, num_steps_arg,
//	                                      needs_data_dir, total_steps, scale_factor, mode,
//	                                      priority_weight, SLO, duration, arrival_time
//
// Length rule: steps + job type → time through Gavel's throughput model. Model is the job type's
// registry name ("ResNet-18 (batch size 64)" → resnet18-bs64: the registry knows Gavel's job
// types as aliases; without them hetero.CanonicalName gives the same name), Iterations =
// total_steps, GPUs = scale_factor; the engine's speed model then runs the job at Gavel's measured
// throughput for its GPU type, count and consolidation. arrival_time is seconds from the trace
// start. Ids are "L<line>" (the files have none). command, working_directory, num_steps_arg,
// needs_data_dir, priority_weight, SLO and Shockwave's mode are not used; Shockwave's duration
// (its own estimate at a fixed batch size) is checked to be a number and ignored, with one
// warning, so that the same job type and steps give the same length in every trace.
type Gavel struct{}

// Name implements Importer.
func (Gavel) Name() string { return "gavel" }

// gavelShape maps a column count to the indexes of the columns read.
type gavelShape struct{ steps, scale, arrival, duration int }

var gavelShapes = map[int]gavelShape{
	7:  {steps: 4, scale: 6, arrival: 5, duration: -1},
	10: {steps: 5, scale: 6, arrival: 9, duration: -1},
	12: {steps: 5, scale: 6, arrival: 11, duration: 10},
}

// Detect implements Importer: 7, 10 or 12 tab-separated cells, a job type with a letter first,
// numeric steps and scale factor.
func (Gavel) Detect(first string) bool {
	f := strings.Split(first, "\t")
	sh, ok := gavelShapes[len(f)]
	if !ok || strings.IndexFunc(f[0], isLetter) != 0 {
		return false
	}
	_, e1 := strconv.ParseFloat(strings.TrimSpace(f[sh.steps]), 64)
	_, e2 := strconv.ParseFloat(strings.TrimSpace(f[sh.scale]), 64)
	return e1 == nil && e2 == nil
}

func isLetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// Read implements Importer.
func (Gavel) Read(name string, r io.Reader, models *core.Models) ([]core.Job, []string, error) {
	rr := newRowsSep(name, r, '\t')
	c := newCollector(name, models)
	var list jobList
	width, warned := 0, false
	for rec, err := range rr.records(0) {
		if err != nil {
			return c.finish(nil, err)
		}
		if width == 0 {
			if _, ok := gavelShapes[len(rec)]; !ok {
				return c.finish(nil, rr.errf("row", "got %d tab-separated columns, want 7, 10 or 12", len(rec)))
			}
			width = len(rec)
		}
		if err := rr.width(rec, width); err != nil {
			return c.finish(nil, err)
		}
		sh := gavelShapes[width]
		j := core.Job{ID: "L" + strconv.Itoa(rr.line), Line: rr.line}
		typ, err := text(rec[0])
		if err == nil && typ == "" {
			err = errMissing
		}
		if err != nil {
			return c.finish(nil, rr.errf("job_type", "%v", err))
		}
		if j.Iterations, err = count(rec[sh.steps], maxIterations); err != nil {
			return c.finish(nil, rr.errf("total_steps", "%v", err))
		}
		n, err := count(rec[sh.scale], maxGPUs)
		if err != nil {
			return c.finish(nil, rr.errf("scale_factor", "%v", err))
		}
		j.GPUs = int(n)
		if j.Submit, err = seconds(rec[sh.arrival]); err != nil {
			return c.finish(nil, rr.errf("arrival_time", "%v", err))
		}
		if sh.duration >= 0 {
			if _, err := number(rec[sh.duration], maxSeconds); err != nil {
				return c.finish(nil, rr.errf("duration", "%v", err))
			}
			if !warned {
				c.warnf("%s: Shockwave's duration column ignored: length = total_steps at Gavel's measured throughput", name)
				warned = true
			}
		}
		if err := j.Validate(); err != nil {
			return c.finish(nil, rr.wrap(err))
		}
		if _, ok := c.models.Lookup(typ); ok {
			j.Model = c.model(typ)
		} else {
			j.Model = c.model(hetero.CanonicalName(typ))
		}
		list.add(j)
	}
	return c.finish(list.slice(), nil)
}
