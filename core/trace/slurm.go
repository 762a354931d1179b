package trace

import (
	"io"
	"strings"

	"schedlab/core"
)

// slurmLog reads the Slurm-style job logs of Helios and Acme: columns found by name, job_id,
// gpu_num, submit_time and duration (or start_time and end_time) required, anything else optional.
//
// Shared rules: submit_time is a date-time ("2020-06-09 18:41:01", a zone offset such as +08:00
// honoured, else UTC) or a number of seconds; either way Submit is the offset from the earliest
// submit in the file. Length = duration in seconds (Duration), or end_time − start_time when the
// duration cell is blank. Every final state (COMPLETED, FAILED, CANCELLED, TIMEOUT, NODE_FAIL) is
// replayed for its recorded duration: failed jobs held their GPUs too. Rows that cannot be jobs
// are skipped with a counted warning: CPU-only jobs (gpu_num 0) and jobs that never ran
// (duration 0). cpu_num → CPU (cores for the whole job). Rows stay in file order.
func slurmLog(name string, r io.Reader, models *core.Models, optional []string, row func(j *core.Job, get func(string) string) (string, error)) ([]core.Job, []string, error) {
	rr := newRows(name, r)
	c := newCollector(name, models)
	idx, width, err := rr.header([]string{"job_id", "gpu_num", "submit_time"},
		append([]string{"duration", "start_time", "end_time", "cpu_num", "node_num", "state", "queue", "user"}, optional...), false)
	if err != nil {
		return nil, nil, err
	}
	if idx["duration"] < 0 && (idx["start_time"] < 0 || idx["end_time"] < 0) {
		return nil, nil, errAt(name, 1, "header", `missing column "duration" (or both "start_time" and "end_time")`)
	}
	var list jobList
	var cpuOnly, noRun skipped
	earliest := core.MaxTime
	for rec, err := range rr.records(width) {
		if err != nil {
			return c.finish(nil, err)
		}
		get := func(k string) string { return col(rec, idx, k) }
		j := core.Job{Line: rr.line}
		if j.ID, err = text(get("job_id")); err != nil {
			return c.finish(nil, rr.errf("job_id", "%v", err))
		}
		n, err := count(get("gpu_num"), maxGPUs)
		if err != nil {
			return c.finish(nil, rr.errf("gpu_num", "%v", err))
		}
		j.GPUs = int(n)
		at, err := clockTime(get("submit_time"))
		if err != nil {
			return c.finish(nil, rr.errf("submit_time", "%v", err))
		}
		if strings.TrimSpace(get("duration")) != "" {
			if j.Duration, err = seconds(get("duration")); err != nil {
				return c.finish(nil, rr.errf("duration", "%v", err))
			}
		} else {
			start, err := clockTime(get("start_time"))
			if err != nil {
				return c.finish(nil, rr.errf("start_time", "%v", err))
			}
			end, err := clockTime(get("end_time"))
			if err != nil {
				return c.finish(nil, rr.errf("end_time", "%v", err))
			}
			if end < start {
				return c.finish(nil, rr.errf("end_time", "before start_time"))
			}
			j.Duration = end - start
		}
		if j.CPU, err = optionalNum(get("cpu_num"), 1e9); err != nil {
			return c.finish(nil, rr.errf("cpu_num", "%v", err))
		}
		if j.User, err = text(get("user")); err != nil {
			return c.finish(nil, rr.errf("user", "%v", err))
		}
		if field, err := row(&j, get); err != nil {
			return c.finish(nil, rr.errf(field, "%v", err))
		}
		switch {
		case j.GPUs == 0:
			cpuOnly.add(rr.line)
			continue
		case j.Duration == 0:
			noRun.add(rr.line)
			continue
		}
		if err := j.Validate(); err != nil {
			return c.finish(nil, rr.wrap(err))
		}
		j.Submit = at // absolute for now; shifted below
		earliest = min(earliest, at)
		c.id(j.ID, j.Line)
		list.add(j)
	}
	cpuOnly.warn(c, "CPU-only jobs skipped (gpu_num 0)")
	noRun.warn(c, "jobs skipped (duration 0: they never ran)")
	jobs := list.slice()
	if err := sinceEarliest(name, "submit_time", jobs, earliest); err != nil {
		return c.finish(nil, err)
	}
	return c.finish(jobs, nil)
}

// clockTime reads a date-time (ms since the epoch) or a number of seconds (ms).
func clockTime(s string) (core.Time, error) {
	t := strings.TrimSpace(s)
	if strings.Contains(t, ":") || strings.LastIndexByte(t, '-') > 0 && !strings.ContainsAny(t, "eE") {
		return timestamp(t)
	}
	return seconds(t)
}

func optionalNum(s string, max float64) (float64, error) {
	return optional(s, func(s string) (float64, error) { return number(s, max) })
}

// Helios reads SenseTime's Helios job logs (HeliosData cluster_log.csv, and the Philly log in
// the same columns that Helios' tools read):
//
//	job_id,user,vc,gpu_num,cpu_num,node_num,state,submit_time,start_time,end_time,duration,queue
//	1425512,uVMrF,vchbv,4,16,1,FAILED,2020-06-09 18:41:27,2020-06-09 18:41:27,2020-06-09 18:45:36,249,0
//
// Length rule: duration (seconds, = end_time − start_time) is the length (Duration). The virtual
// cluster vc (a team's quota) is stored as User, as the Philly importer does, since that is what
// per-tenant fairness groups by; without a vc column, user is. The rest follows slurmLog's rules.
type Helios struct{}

// Name implements Importer.
func (Helios) Name() string { return "helios" }

// Detect implements Importer: job_id first, gpu_num and submit_time named, no Acme-only column.
func (Helios) Detect(first string) bool {
	h := headerFields(first)
	return len(h) >= 4 && h[0] == "job_id" && slicesHas(h, "gpu_num") && slicesHas(h, "submit_time") && !slicesHas(h, "type")
}

// Read implements Importer.
func (Helios) Read(name string, r io.Reader, models *core.Models) ([]core.Job, []string, error) {
	return slurmLog(name, r, models, []string{"vc"}, func(j *core.Job, get func(string) string) (string, error) {
		vc, err := text(get("vc"))
		if err != nil {
			return "vc", err
		}
		if vc != "" {
			j.User = vc
		}
		return "", nil
	})
}

// Acme reads Shanghai AI Lab's AcmeTrace job logs (trace_seren.csv, trace_kalos.csv):
//
//	job_id,user,node_num,gpu_num,cpu_num,type,state,submit_time,start_time,end_time,duration,queue,gpu_time
//	5778469,u5907,1,8,128,Other,COMPLETED,2023-03-01 00:23:58+08:00,2023-03-01 00:24:11+08:00,2023-03-01 01:09:04+08:00,2693,13,21544.0
//
// Length rule: duration (seconds) is the length (Duration). user → User; Kalos' mem_per_pod_GB ×
// node_num → MemGB; type (the LLM-development stage: Pretrain, SFT, Evaluation, Debug, Other…)
// is checked to be text and not kept (core.Job has no field for it); gpu_time, fail_time,
// stop_time and shared_mem_per_pod are not used. The rest follows slurmLog's rules.
type Acme struct{}

// Name implements Importer.
func (Acme) Name() string { return "acme" }

// Detect implements Importer: job_id first, gpu_num, submit_time and type named.
func (Acme) Detect(first string) bool {
	h := headerFields(first)
	return len(h) >= 4 && h[0] == "job_id" && slicesHas(h, "gpu_num") && slicesHas(h, "submit_time") && slicesHas(h, "type")
}

// Read implements Importer.
func (Acme) Read(name string, r io.Reader, models *core.Models) ([]core.Job, []string, error) {
	return slurmLog(name, r, models, []string{"type", "mem_per_pod_gb", "shared_mem_per_pod", "fail_time", "stop_time", "gpu_time"},
		func(j *core.Job, get func(string) string) (string, error) {
			if _, err := text(get("type")); err != nil {
				return "type", err
			}
			mem, err := optionalNum(get("mem_per_pod_gb"), 1e9)
			if err != nil {
				return "mem_per_pod_GB", err
			}
			nodes, err := optional(get("node_num"), func(s string) (int64, error) { return count(s, maxGPUs) })
			if err != nil {
				return "node_num", err
			}
			j.MemGB = mem * float64(max(nodes, 1))
			return "", nil
		})
}

func slicesHas(h []string, s string) bool {
	for _, x := range h {
		if x == s {
			return true
		}
	}
	return false
}
