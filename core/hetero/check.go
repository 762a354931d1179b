package hetero

import (
	"errors"
	"fmt"

	"schedlab/core"
)

// maxCheckErrors bounds the errors Check reports (the rest are counted).
const maxCheckErrors = 10

// Check reports, for every job of a model in the table, each placement the cluster allows it
// that the table has no measurement for: a GPU type the job may use (consolidated when one
// server of that type has room for the whole gang, spread when two or more servers of that type
// together do). Jobs with their own iteration time and models outside the table are not checked.
// Errors read "name:N: model: problem" (N is the job's source line in the trace called name), or
// "job ID: model: problem" for a generated job.
func (s Speed) Check(name string, jobs []core.Job, c *core.Cluster) error {
	type shape struct {
		t              core.GPUType
		maxServer, sum int
		servers        int
	}
	var shapes []shape
	for _, t := range c.Types() {
		sh := shape{t: t}
		for _, sv := range c.Servers {
			if sv.Type == t {
				sh.maxServer = max(sh.maxServer, sv.GPUs)
				sh.sum += sv.GPUs
				sh.servers++
			}
		}
		shapes = append(shapes, sh)
	}
	var errs []error
	extra := 0
	report := func(j *core.Job, msg string) {
		if len(errs) == maxCheckErrors {
			extra++
			return
		}
		where := fmt.Sprintf("%s:%d", name, j.Line)
		if j.Line == 0 {
			where = "job " + j.ID
		}
		errs = append(errs, fmt.Errorf("%s: model: %s", where, msg))
	}
	for i := range jobs {
		j := &jobs[i]
		if j.IterTime > 0 || j.Duration > 0 {
			continue
		}
		prof, ok := s.Table.Profile(j.Model)
		if !ok {
			continue
		}
		for _, sh := range shapes {
			if !j.AllowsType(sh.t) {
				continue
			}
			if sh.maxServer >= j.GPUs {
				if _, ok := prof.At(sh.t, j.GPUs, false); !ok {
					report(j, fmt.Sprintf("%s has no measured throughput on %s", prof.Name, placementText(sh.t, j.GPUs, false)))
				}
			}
			if j.GPUs > 1 && sh.servers > 1 && sh.sum >= j.GPUs {
				if _, ok := prof.At(sh.t, j.GPUs, true); !ok {
					report(j, fmt.Sprintf("%s has no measured throughput on %s", prof.Name, placementText(sh.t, j.GPUs, true)))
				}
			}
		}
	}
	if extra > 0 {
		errs = append(errs, fmt.Errorf("and %d more missing profiles", extra))
	}
	return errors.Join(errs...)
}
