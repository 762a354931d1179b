package trace

import (
	"fmt"

	"schedlab/core"
)

// NeverFit reports, as warnings naming the file and line, the jobs that no placement on c can
// ever hold: more GPUs than the cluster has of the job's allowed types, or more CPU or memory
// than those servers have in all. The engine rejects such jobs at arrival (they are left out of
// JCT statistics); this says which rows they were before the run starts. At most maxWarnings
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
			why = fmt.Sprintf("needs %d GPUs, the cluster has %d it may use", j.GPUs, gpus)
		case j.CPU > cpu:
			why = fmt.Sprintf("needs %g CPU cores, the servers it may use have %g", j.CPU, cpu)
		case j.MemGB > mem:
			why = fmt.Sprintf("needs %g GB of memory, the servers it may use have %g", j.MemGB, mem)
		default:
			continue
		}
		if len(out) == maxWarnings {
			extra++
			continue
		}
		out = append(out, fmt.Sprintf("%s:%d: job %s never fits the cluster (%s)", name, j.Line, j.ID, why))
	}
	if extra > 0 {
		out = append(out, fmt.Sprintf("%s: %d more jobs never fit the cluster", name, extra))
	}
	return out
}
