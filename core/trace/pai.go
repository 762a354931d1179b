package trace

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"schedlab/core"
)

// The column names of Alibaba PAI 2020's tables (cluster-trace-gpu-v2020 data/*.header); the
// .csv files themselves have no header line.
var (
	paiTask     = []string{"job_name", "task_name", "inst_num", "status", "start_time", "end_time", "plan_cpu", "plan_mem", "plan_gpu", "gpu_type"}
	paiJob      = []string{"job_name", "inst_id", "user", "status", "start_time", "end_time"}
	paiInstance = []string{"job_name", "task_name", "inst_name", "worker_name", "inst_id", "status", "start_time", "end_time", "machine"}
	paiGroupTag = []string{"inst_id", "user", "gpu_type_spec", "group", "workload"}
	// paiJoined are the columns a joined table (task ⋈ job ⋈ group tag) may add to the task's.
	paiJoined = []string{"inst_id", "user", "gpu_type_spec", "group", "workload"}
)

// AlibabaPAI reads Alibaba PAI's 2020 GPU trace (alibaba/clusterdata cluster-trace-gpu-v2020).
// A job is one row of pai_task_table — headerless as published, or with a header, possibly
// joined with pai_job_table and pai_group_tag_table (extra columns inst_id, user,
// gpu_type_spec, group, workload, as the dataset's own notebooks join them):
//
//	job_name,task_name,inst_num,status,start_time,end_time,plan_cpu,plan_mem,plan_gpu,gpu_type[,user,group,gpu_type_spec,…]
//	4f057009a5d481acec67b088,tensorflow,1.0,Terminated,1739162.0,1739200.0,600.0,29.296875,50.0,MISC
//
// Rules: one job per task that requests GPUs, id "job_name/task_name". Submit = start_time (the
// task's launch, seconds) as an offset from the earliest in the file — the table has no
// submission time, so queueing before launch is lost. Length = end_time − start_time (Duration);
// tasks without an end (Running, Waiting, blank end_time) are skipped with a counted warning, as
// are CPU-only tasks (plan_gpu 0). plan_gpu is per instance in percent of a GPU: GPUs = inst_num ×
// ⌈plan_gpu / 100⌉ (fractions need GPU sharing: rounded up, counted in a warning); CPU = inst_num ×
// plan_cpu / 100 cores; MemGB = inst_num × plan_mem. gpu_type is the type the task got, an
// outcome, so it is not a constraint; gpu_type_spec (the group tag table's requested type) is
// GPUTypes when present. group — the group tag that marks recurring instances of the same job —
// is kept as the recurrence key (Recurrence); user → User. pai_job_table, pai_instance_table and
// pai_group_tag_table alone carry no GPU request and are refused with a message naming the table
// to use.
type AlibabaPAI struct{}

// Name implements Importer.
func (AlibabaPAI) Name() string { return "alibaba-pai" }

// paiTable names which PAI table a first line belongs to ("" = none); header reports whether
// the line is a header.
func paiTable(first string) (table string, header bool) {
	h := headerFields(first)
	switch {
	case len(h) >= 9 && h[0] == "job_name" && h[1] == "task_name" && h[2] == "inst_num":
		return "pai_task_table", true
	case len(h) == 6 && h[0] == "job_name" && h[1] == "inst_id":
		return "pai_job_table", true
	case len(h) == 9 && h[0] == "job_name" && h[2] == "inst_name":
		return "pai_instance_table", true
	case len(h) == 5 && h[0] == "inst_id" && h[3] == "group":
		return "pai_group_tag_table", true
	}
	num := func(s string) bool { _, err := strconv.ParseFloat(s, 64); return err == nil || s == "" }
	status := func(s string) bool {
		switch s {
		case "terminated", "failed", "running", "waiting", "interrupted":
			return true
		}
		return false
	}
	switch {
	case len(h) == 10 && num(h[2]) && status(h[3]) && num(h[4]) && num(h[8]):
		return "pai_task_table", false
	case len(h) == 6 && status(h[3]) && num(h[4]) && num(h[5]):
		return "pai_job_table", false
	case len(h) == 9 && status(h[5]) && num(h[6]) && num(h[7]):
		return "pai_instance_table", false
	}
	return "", false
}

// Detect implements Importer: any of the PAI tables (the wrong ones are refused by Read).
func (AlibabaPAI) Detect(first string) bool {
	t, _ := paiTable(first)
	return t != ""
}

// Read implements Importer.
func (AlibabaPAI) Read(name string, r io.Reader, models *core.Models) ([]core.Job, []string, error) {
	br := newPeekReader(r)
	first, err := peekFirstLine(br)
	if err != nil {
		return nil, nil, fmt.Errorf("%s:1: read: %v", name, err)
	}
	table, header := paiTable(first)
	if table != "pai_task_table" && table != "" {
		return nil, nil, errAt(name, 1, "table", table+" has no GPU request: import pai_task_table (optionally joined with pai_job_table and pai_group_tag_table for user and group)")
	}
	rr := newRows(name, br)
	c := newCollector(name, models)
	var idx map[string]int
	width := len(paiTask)
	if header {
		if idx, width, err = rr.header(paiTask, paiJoined, false); err != nil {
			return nil, nil, err
		}
	} else {
		idx = map[string]int{}
		for i, k := range paiTask {
			idx[k] = i
		}
		for _, k := range paiJoined {
			idx[k] = -1
		}
	}
	var list jobList
	var cpuOnly, noEnd, fractional skipped
	earliest := core.MaxTime
	for rec, err := range rr.records(width) {
		if err != nil {
			return c.finish(nil, err)
		}
		get := func(k string) string { return col(rec, idx, k) }
		j := core.Job{Line: rr.line}
		var first error
		fail := func(field string, e error) {
			if e != nil && first == nil {
				first = rr.errf(field, "%v", e)
			}
		}
		job, err := text(get("job_name"))
		fail("job_name", err)
		task, err := text(get("task_name"))
		fail("task_name", err)
		j.ID = job + "/" + task
		inst, err := count(get("inst_num"), maxGPUs)
		fail("inst_num", err)
		status, err := text(get("status"))
		fail("status", err)
		start, err := optional(get("start_time"), seconds)
		fail("start_time", err)
		end, err := optional(get("end_time"), seconds)
		fail("end_time", err)
		cpu, err := optionalNum(get("plan_cpu"), 1e9)
		fail("plan_cpu", err)
		mem, err := optionalNum(get("plan_mem"), 1e12)
		fail("plan_mem", err)
		gpu, err := optionalNum(get("plan_gpu"), 100*maxGPUs)
		fail("plan_gpu", err)
		_, err = text(get("gpu_type"))
		fail("gpu_type", err)
		j.User, err = text(get("user"))
		fail("user", err)
		j.Recurrence, err = text(get("group"))
		fail("group", err)
		spec, err := text(get("gpu_type_spec"))
		if err == nil {
			j.GPUTypes, err = gpuTypes(spec)
		}
		fail("gpu_type_spec", err)
		if first != nil {
			return c.finish(nil, first)
		}
		perInst := math.Ceil(gpu / 100)
		if float64(inst)*perInst > maxGPUs {
			return c.finish(nil, rr.errf("plan_gpu", "inst_num × plan_gpu is absurdly large"))
		}
		j.GPUs = int(inst) * int(perInst)
		j.CPU = float64(inst) * cpu / 100
		j.MemGB = float64(inst) * mem
		st := strings.ToLower(status)
		switch {
		case j.GPUs == 0:
			cpuOnly.add(rr.line)
			continue
		case st == "running" || st == "waiting" || strings.TrimSpace(get("end_time")) == "" || end <= start:
			noEnd.add(rr.line)
			continue
		}
		if gpu != perInst*100 {
			fractional.add(rr.line)
		}
		j.Duration = end - start
		if err := j.Validate(); err != nil {
			return c.finish(nil, rr.wrap(err))
		}
		j.Submit = start // shifted below
		earliest = min(earliest, start)
		c.id(j.ID, j.Line)
		list.add(j)
	}
	cpuOnly.warn(c, "CPU-only tasks skipped (plan_gpu 0)")
	noEnd.warn(c, "tasks skipped (no completed run: Running/Waiting, or no end_time after start_time)")
	fractional.warn(c, "fractional-GPU tasks (plan_gpu not a multiple of 100) rounded up to whole GPUs per instance")
	jobs := list.slice()
	// Every start_time is within [0, maxSeconds], so the offsets stay within the bound too.
	if err := sinceEarliest(name, "start_time", jobs, earliest); err != nil {
		return c.finish(nil, err)
	}
	return c.finish(jobs, nil)
}
