package pagelogic

import (
	"fmt"
	"path"
	"strings"

	"schedlab/core"
	"schedlab/wasm/runrecord"
)

// JobInfo is the Gantt tooltip of job i (plain text; the JS side escapes it). co (a sharing run's
// co-runners per job, else nil) adds the jobs it shared a GPU with.
func JobInfo(rec *runrecord.Record, co [][]int32, i int) string {
	if i < 0 || i >= len(rec.Jobs) {
		return ""
	}
	j := rec.Jobs[i]
	s := fmt.Sprintf("job %s · %d GPU(s) · submit %.2f h", j.ID, j.GPUs, float64(j.Submit)/3.6e6)
	if j.FirstStart >= 0 {
		s += fmt.Sprintf(" · start %.2f h", float64(j.FirstStart)/3.6e6)
	}
	if j.End >= 0 {
		s += fmt.Sprintf(" · end %.2f h", float64(j.End)/3.6e6)
	}
	if j.Model != "" {
		s += " · model " + j.Model
	}
	if j.User != "" {
		s += " · user " + j.User
	}
	if j.Speedup > 0 {
		s += fmt.Sprintf(" · speed-up ×%.3f over the proportional share", j.Speedup)
	}
	if j.GPUType != "" {
		s += " · on " + j.GPUType
	}
	if j.Ref != "" {
		s += fmt.Sprintf(" · most similar reference %s (%.3f), predicted best %s", j.Ref, j.Sim, j.Best)
	}
	if j.Preemptions > 0 {
		s += fmt.Sprintf(" · %d preemption(s)", j.Preemptions)
	}
	if rec.Sharing {
		s += SharingInfo(rec, co, i)
	}
	return s
}

// RowTypes is each GPU row's type index (in the cluster's type order), for colouring by type.
func RowTypes(rec *runrecord.Record) []int32 {
	c, err := core.ParseCluster(rec.Cluster)
	if err != nil {
		return nil
	}
	types := c.Types()
	out := make([]int32, 0, c.NumGPUs())
	for _, s := range c.Servers {
		k := int32(0)
		for i, t := range types {
			if t == s.Type {
				k = int32(i)
			}
		}
		for g := 0; g < s.GPUs; g++ {
			out = append(out, k)
		}
	}
	return out
}

// IsSynergy reports whether a policy belongs to the Synergy family (CPU/memory-aware allocation).
func IsSynergy(policy string) bool {
	for _, s := range []string{"+proportional", "+greedy", "+tune"} {
		if strings.HasSuffix(policy, s) {
			return true
		}
	}
	return policy == "drf" || policy == "tetris"
}

// IsSimilarity reports whether a policy is a model-similarity policy or one of its baselines.
func IsSimilarity(rec *runrecord.Record) bool {
	switch rec.Policy {
	case "first-fit-any", "random-type", "fastest-gpu-first":
		return true
	}
	return strings.HasPrefix(rec.Policy, "model-similarity")
}

// ViewEnd is the time axis' end for rec's Gantt and virtual schedule: the run's end, or later when
// the virtual machine's drained queue outlasts the run (runrecord.NewRun), so both axes agree.
func ViewEnd(rec *runrecord.Record) int64 {
	end := rec.End
	for _, sp := range rec.Virtual {
		end = max(end, sp.To)
	}
	return end
}

// TraceBase is the file name a figure cell's trace is known by ("data:synergy/x.csv" → "x.csv"):
// the page keys the files the user loaded by it, and the worker names a missing one by it.
func TraceBase(trace string) string { return path.Base(strings.TrimPrefix(trace, "data:")) }
