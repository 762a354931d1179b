package trace

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"schedlab/core"
)

var openbColumns = []string{"name", "cpu_milli", "memory_mib", "num_gpu", "gpu_milli", "gpu_spec", "qos",
	"pod_phase", "creation_time", "deletion_time", "scheduled_time"}

// AlibabaOpenB reads the pod lists of Alibaba's GPU cluster trace v2023 (alibaba/clusterdata
// cluster-trace-gpu-v2023, the FGD paper's openb_pod_list_*.csv):
//
//	name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time
//	openb-pod-0001,6000,12288,1,460,,LS,Running,427061,12902960,427061
//
// Rules: Submit = creation_time (seconds from the trace start). Length = deletion_time −
// scheduled_time (Duration; for Running pods the deletion time is the end of the collection, so
// their length is censored). GPUs = num_gpu; gpu_milli < 1000 is a fraction of one GPU, which
// needs GPU sharing: until the importer can express it, the pod gets whole GPUs (rounded up) and
// one warning counts them. gpu_spec ('|'-separated, e.g. V100M16|V100M32) → GPUTypes (duplicates
// dropped); cpu_milli / 1000 → CPU cores, memory_mib / 1024 → MemGB. Rows that cannot be jobs are
// skipped with a counted warning giving the reason and the first line: Pending pods (never
// scheduled: no run time), CPU-only pods (num_gpu 0) and pods deleted at or before they were
// scheduled. qos and pod_phase are otherwise not used. The multigpu variants (openb_pod_list_
// multigpuNN.csv, five columns, no times) are refused: they are placement snapshots, not
// workloads. The node list (openb_node_list_*.csv) is a cluster description: -cluster @file.
type AlibabaOpenB struct{}

// Name implements Importer.
func (AlibabaOpenB) Name() string { return "alibaba-openb" }

// Detect implements Importer: a header starting name,cpu_milli,memory_mib,num_gpu.
func (AlibabaOpenB) Detect(first string) bool {
	h := headerFields(first)
	return len(h) >= 4 && slices.Equal(h[:4], openbColumns[:4])
}

// skipped counts rows of one kind left out of a workload and remembers the first line.
type skipped struct {
	n, first int
}

func (s *skipped) add(line int) {
	if s.n == 0 {
		s.first = line
	}
	s.n++
}

func (s *skipped) warn(c *collector, what string) {
	if s.n > 0 {
		c.warnf("%s:%d: %s: %d rows (first on this line)", c.name, s.first, what, s.n)
	}
}

// Read implements Importer.
func (AlibabaOpenB) Read(name string, r io.Reader, models *core.Models) ([]core.Job, []string, error) {
	rr := newRows(name, r)
	c := newCollector(name, models)
	idx, width, err := rr.header(openbColumns[:5], openbColumns[5:], false)
	if err != nil {
		return nil, nil, err
	}
	for _, k := range []string{"creation_time", "deletion_time", "scheduled_time"} {
		if idx[k] < 0 {
			return nil, nil, errAt(name, 1, "header", fmt.Sprintf("no %s column: this is a multigpu/placement snapshot without times, not a workload (use openb_pod_list_default.csv or a gpushare/gpuspec/cpu variant)", k))
		}
	}
	var list jobList
	var pending, cpuOnly, noRun, fractional skipped
	for rec, err := range rr.records(width) {
		if err != nil {
			return c.finish(nil, err)
		}
		j, skip, err := openbJob(rr, c, rec, idx)
		if err != nil {
			return c.finish(nil, err)
		}
		switch skip {
		case "pending":
			pending.add(rr.line)
			continue
		case "cpu":
			cpuOnly.add(rr.line)
			continue
		case "norun":
			noRun.add(rr.line)
			continue
		case "fractional":
			fractional.add(rr.line)
		}
		c.id(j.ID, j.Line)
		list.add(j)
	}
	pending.warn(c, "Pending pods rejected (never scheduled, so no run time)")
	cpuOnly.warn(c, "CPU-only pods skipped (num_gpu 0: the simulator schedules GPU jobs)")
	noRun.warn(c, "pods skipped (deleted at or before they were scheduled: no run time)")
	fractional.warn(c, "fractional-GPU pods (gpu_milli < 1000) rounded up to whole GPUs (GPU sharing is not expressed by this importer)")
	return c.finish(list.slice(), nil)
}

// openbJob parses one pod; skip names why the pod is not a job ("" = it is; "fractional" = it is,
// rounded up).
func openbJob(rr *rows, c *collector, rec []string, idx map[string]int) (core.Job, string, error) {
	j := core.Job{Line: rr.line}
	var err error
	get := func(k string) string { return col(rec, idx, k) }
	if j.ID, err = text(get("name")); err != nil {
		return j, "", rr.errf("name", "%v", err)
	}
	cpu, err := number(get("cpu_milli"), 1e12)
	if err != nil {
		return j, "", rr.errf("cpu_milli", "%v", err)
	}
	j.CPU = cpu / 1000
	mem, err := number(get("memory_mib"), 1e15)
	if err != nil {
		return j, "", rr.errf("memory_mib", "%v", err)
	}
	j.MemGB = mem / 1024
	n, err := count(get("num_gpu"), maxGPUs)
	if err != nil {
		return j, "", rr.errf("num_gpu", "%v", err)
	}
	j.GPUs = int(n)
	milli, err := optional(get("gpu_milli"), func(s string) (int64, error) { return count(s, 1000) })
	if err != nil {
		return j, "", rr.errf("gpu_milli", "%v", err)
	}
	spec, err := text(get("gpu_spec"))
	if err == nil {
		j.GPUTypes, err = gpuTypes(spec)
	}
	if err != nil {
		return j, "", rr.errf("gpu_spec", "%v", err)
	}
	j.GPUTypes = dedupTypes(j.GPUTypes)
	if _, err := text(get("qos")); err != nil {
		return j, "", rr.errf("qos", "%v", err)
	}
	phase, err := text(get("pod_phase"))
	if err != nil {
		return j, "", rr.errf("pod_phase", "%v", err)
	}
	if j.Submit, err = seconds(get("creation_time")); err != nil {
		return j, "", rr.errf("creation_time", "%v", err)
	}
	del, err := optional(get("deletion_time"), seconds)
	if err != nil {
		return j, "", rr.errf("deletion_time", "%v", err)
	}
	schedS := get("scheduled_time")
	sched, err := optional(schedS, seconds)
	if err != nil {
		return j, "", rr.errf("scheduled_time", "%v", err)
	}
	switch {
	case strings.EqualFold(phase, "Pending") || strings.TrimSpace(schedS) == "":
		return j, "pending", nil
	case j.GPUs == 0:
		return j, "cpu", nil
	case del <= sched:
		return j, "norun", nil
	}
	j.Duration = del - sched
	if err := j.Validate(); err != nil {
		return j, "", rr.wrap(err)
	}
	if milli > 0 && milli < 1000 {
		return j, "fractional", nil
	}
	return j, "", nil
}

// dedupTypes drops repeated GPU types, keeping the first occurrence.
func dedupTypes(ts []core.GPUType) []core.GPUType {
	out := ts[:0]
	for _, t := range ts {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
