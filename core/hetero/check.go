package hetero

import (
	"errors"
	"fmt"
	"slices"

	"schedlab/core"
)

// maxCheckErrors bounds the errors Check reports (the rest are counted).
const maxCheckErrors = 10

// Check reports, for every job of a model in the table, each placement the cluster allows it
// that the table has no measurement for: a GPU type the job may use (consolidated when one
// server of that type has room for the whole gang, spread when two or more servers of that type
// together do). Jobs with their own iteration time and models outside the table are not checked.
//
// A placement with an estimate (Table.Rate) is an error only when measuredOnly is set; otherwise
// the jobs needing one are counted in note, "N jobs of K job types use an estimated multi-GPU
// throughput (first: name:LINE)", which the caller shows once as the run's warning. A placement
// with neither is always an error. Errors read "name:N: model: problem" (N is the job's source
// line in the trace called name), or "job ID: model: problem" for a generated job.
func (s Speed) Check(name string, jobs []core.Job, c *core.Cluster, measuredOnly bool) (note string, err error) {
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
	where := func(j *core.Job) string {
		if j.Line == 0 {
			return "job " + j.ID
		}
		return fmt.Sprintf("%s:%d", name, j.Line)
	}
	var errs []error
	extra := 0
	report := func(j *core.Job, msg string) {
		if len(errs) == maxCheckErrors {
			extra++
			return
		}
		errs = append(errs, fmt.Errorf("%s: model: %s", where(j), msg))
	}
	estimated, first := 0, ""
	var types []string
	var known profileMemo
	for i := range jobs {
		j := &jobs[i]
		if j.IterTime > 0 || j.Duration > 0 {
			continue
		}
		prof := known.profile(s.Table, j.Model)
		if prof == nil {
			continue
		}
		uses := false
		check := func(t core.GPUType, spread bool) {
			_, est, ok := s.Table.Rate(prof, t, j.GPUs, spread)
			switch {
			case !ok || est && measuredOnly:
				report(j, fmt.Sprintf("%s has no measured throughput on %s", prof.Name, placementText(t, j.GPUs, spread)))
			case est:
				uses = true
			}
		}
		for _, sh := range shapes {
			if !j.AllowsType(sh.t) {
				continue
			}
			if sh.maxServer >= j.GPUs {
				check(sh.t, false)
			}
			if j.GPUs > 1 && sh.servers > 1 && sh.sum >= j.GPUs {
				check(sh.t, true)
			}
		}
		if uses {
			if estimated == 0 {
				first = where(j)
			}
			estimated++
			if !slices.Contains(types, prof.Name) {
				types = append(types, prof.Name)
			}
		}
	}
	if extra > 0 {
		errs = append(errs, fmt.Errorf("and %d more missing profiles", extra))
	}
	if len(errs) > 0 {
		return "", errors.Join(errs...)
	}
	if estimated == 0 {
		return "", nil
	}
	return fmt.Sprintf("%s of %s %s an estimated multi-GPU throughput (first: %s)",
		plural(estimated, "job"), plural(len(types), "job type"), verb(estimated), first), nil
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func verb(n int) string {
	if n == 1 {
		return "uses"
	}
	return "use"
}

// profileMemo keeps Table.Profile's answers by model name, for at most maxMemoNames names: a
// workload names a few models a million times, and a table lookup normalises a name it has no
// profile for (most names, in a workload of the registry's other models) before missing it.
type profileMemo struct {
	names core.NameIndex
	found []*Profile // nil: not in the table
}

const maxMemoNames = 1024

func (m *profileMemo) profile(t *Table, model string) *Profile {
	if k, ok := m.names.Get(model); ok {
		return m.found[k]
	}
	p, _ := t.Profile(model)
	if len(m.found) < maxMemoNames {
		m.names.Set(model, len(m.found))
		m.found = append(m.found, p)
	}
	return p
}
