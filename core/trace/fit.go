package trace

import (
	"fmt"

	"schedlab/core"
)

// NeverFit reports, as warnings naming the file and line, the jobs that no placement on c can
// ever hold — more GPUs than the cluster has of the job's allowed types; the engine rejects them
// at arrival (they are left out of JCT statistics) — and the jobs that ask for more CPU or memory
// than those servers have in all, which run with what a policy gives them. At most maxWarnings
// jobs are named; the rest are counted.
func NeverFit(name string, jobs []core.Job, c *core.Cluster) []string {
	var out []string
	extra := 0
	for i := range jobs {
		j := &jobs[i]
		gpus, cpu, mem := 0, 0.0, 0.0
		for _, s := range c.Servers {
			if j.AllowsType(s.Type) {
				gpus += s.GPUs
				cpu += s.CPUs
				mem += s.MemGB
			}
		}
		var why string
		switch {
		case j.GPUs > gpus:
			why = fmt.Sprintf("never fits the cluster (needs %d GPUs, the cluster has %d it may use)", j.GPUs, gpus)
		case j.CPU > cpu:
			why = fmt.Sprintf("asks for %g CPU cores, more than the servers it may use have (%g): it runs with what a policy gives it", j.CPU, cpu)
		case j.MemGB > mem:
			why = fmt.Sprintf("asks for %g GB of memory, more than the servers it may use have (%g): it runs with what a policy gives it", j.MemGB, mem)
		default:
			continue
		}
		if len(out) == maxWarnings {
			extra++
			continue
		}
		out = append(out, fmt.Sprintf("%s:%d: job %s %s", name, j.Line, j.ID, why))
	}
	if extra > 0 {
		out = append(out, fmt.Sprintf("%s: %d more such jobs", name, extra))
	}
	return out
}
