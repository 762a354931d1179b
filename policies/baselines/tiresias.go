package baselines

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"schedlab/policies/placement"
	"schedlab/policies/scenario"
)

// TiresiasCommit is the commit of SymbioticLab/Tiresias the recorded re-runs were made at.
const TiresiasCommit = "959f9b08f44fa1b4f2b3aed79b01e4d439264a94"

// TiresiasTrace is the authors' 60-job trace (simulator/60_job.csv) in the shared data folder.
const TiresiasTrace = "data:tiresias/60_job.csv"

// TiresiasRun is one run of the Tiresias authors' simulator (SymbioticLab/Tiresias at
// TiresiasCommit, simulator/run_sim.py under Python 2.7.18) on their 60-job trace, in a copy of
// simulator/ with
//
//	python2.7 run_sim.py --cluster_spec=nNg4.csv --print --scheme=SCHEME --trace_file=60_job.csv --schedule=SCHEDULE --log_path=out
//
// (Command). nNg4.csv is one switch of N servers of 4 GPUs, 40 cores and 256 GB: the authors' own
// n32g4.csv for 32, one written alike for 2, 3 and 4. dlas-gpu's two thresholds are the first two
// values of queue_limit in jobs.py (num_queue is 3, so the third is never read), set in the copy
// as the simulator's README says to. numpy, which jobs.py imports for nothing the runs use, is a
// stand-in module on PYTHONPATH. A Fixed run is made in a copy with their two bugs fixed
// (TiresiasFixes). End is each job's end_time in the log's job.csv, by job_id, in seconds.
type TiresiasRun struct {
	Servers    int    // 4-GPU servers
	Schedule   string // "fifo" or "dlas-gpu"
	Scheme     string // "count" or "yarn"
	Thresholds [2]int // dlas-gpu's queue limits, GPU-seconds; zero for fifo
	Fixed      bool
	End        []int
}

// TiresiasFix is one of their bugs, fixed by replacing one line of simulator/run_sim.py.
type TiresiasFix struct {
	Line     int // 1-based, at TiresiasCommit
	Old, New string
	Why      string
}

// TiresiasFixes are the two fixes of the Fixed runs, both in dlas_sim_jobs.
var TiresiasFixes = []TiresiasFix{{
	Line: 1005,
	Old:  "event['end_jobs'] = end_events[0]['end_jobs']",
	New:  "event = dict(event, end_jobs=end_events[0]['end_jobs'])",
	Why: "when a completion falls at an arrival's time the arrival event itself is given the completion's end_jobs; " +
		"if a demotion comes first, that event stays queued with them, and when it is handled later they are logged as done " +
		"although they may have been preempted meanwhile (a copy leaves the queued event as it was)",
}, {
	Line: 1226,
	Old:  "jump_time = int(math.ceil((JOBS.queue_limit[qid] - rjob['executed_time'])/rjob['num_gpu']) + event_time)",
	New:  "jump_time = int(math.ceil((JOBS.queue_limit[qid] - rjob['executed_time'] * rjob['num_gpu']) / float(rjob['num_gpu'])) + event_time)",
	Why: "the time of the next demotion subtracts the wall seconds run (executed_time) from a limit in GPU-seconds, " +
		"and divides with Python 2's integer division, so a job of several GPUs is demoted late " +
		"(the demotion test itself uses executed_time × num_gpu)",
}}

// Name is the run as the re-run tool and the figure name it: "2x4 dlas-gpu 1000/2000 fixed".
func (r TiresiasRun) Name() string {
	s := fmt.Sprintf("%dx4 %s", r.Servers, r.Schedule)
	if r.Schedule == "fifo" {
		return s + " " + r.Scheme
	}
	s += fmt.Sprintf(" %d/%d", r.Thresholds[0], r.Thresholds[1])
	if r.Fixed {
		s += " fixed"
	}
	return s
}

// Spec is the cluster spec file of the run, as written in its copy of simulator/ (SpecFile).
func (r TiresiasRun) Spec() string {
	return fmt.Sprintf("num_switch,num_node_p_switch,num_gpu_p_node,num_cpu_p_node,mem_p_node\n1,%d,4,40,256\n", r.Servers)
}

// SpecFile is the name of the run's cluster spec file.
func (r TiresiasRun) SpecFile() string { return fmt.Sprintf("n%dg4.csv", r.Servers) }

// Args are the simulator's arguments (after run_sim.py) with the log written to out.
func (r TiresiasRun) Args(out string) []string {
	return []string{"--cluster_spec=" + r.SpecFile(), "--print", "--scheme=" + r.Scheme, "--trace_file=60_job.csv",
		"--schedule=" + r.Schedule, "--log_path=" + out}
}

// Command is the command line that made the run, in its copy of simulator/.
func (r TiresiasRun) Command() string {
	c := "python2.7 run_sim.py " + strings.Join(r.Args("out"), " ")
	if r.Schedule == "dlas-gpu" {
		c += fmt.Sprintf(" (queue_limit = [%d, %d, 18000] in jobs.py", r.Thresholds[0], r.Thresholds[1])
		if r.Fixed {
			c += "; run_sim.py lines 1005 and 1226 fixed"
		}
		c += ")"
	}
	return c
}

// Judged is true for the runs ours must equal job for job: fifo's (their bugs are in dlas-gpu
// only) and the Fixed dlas-gpu runs. An unmodified dlas-gpu run is recorded to show the bugs.
func (r TiresiasRun) Judged() bool { return r.Schedule == "fifo" || r.Fixed }

// Ours is our counterpart of the run on the same trace and cluster: fifo with the matching
// placement (any of ours equals their count, which only counts GPUs; tiresias-yarn their yarn), or
// las at the same thresholds with queue_order "tiresias" (dlas-gpu counts GPUs whatever the
// scheme). las demotes a job at the millisecond its service crosses a threshold; their clock
// counts whole seconds and moves it at the second after (their ceil): the crossings of these runs
// fall on whole seconds but for 3250 GPU-seconds over 4 or 8 GPUs, which shift no job end here.
func (r TiresiasRun) Ours() scenario.Spec {
	s := scenario.Spec{Trace: TiresiasTrace, Format: "tiresias", Cluster: fmt.Sprintf("%dx4", r.Servers), Seed: 1}
	if r.Schedule == "fifo" {
		s.Policies = []string{NameFIFO}
		if r.Scheme == "yarn" {
			s.Params = map[string]json.RawMessage{NameFIFO: json.RawMessage(fmt.Sprintf(`{"placement":%q}`, placement.TiresiasYarn))}
		}
		return s
	}
	s.Policies = []string{NameLAS}
	s.Params = map[string]json.RawMessage{NameLAS: json.RawMessage(fmt.Sprintf(`{"thresholds_gpu_s":[%d,%d],"queue_order":%q}`,
		r.Thresholds[0], r.Thresholds[1], OrderTiresias))}
	return s
}

// TiresiasConfigs are the configurations re-run, End empty: on 2, 3, 4 and 32 servers, fifo under
// count and yarn, and dlas-gpu at the authors' thresholds (3250, 7200) and two lower pairs that
// make jobs cross them, unmodified and fixed.
func TiresiasConfigs() []TiresiasRun {
	var out []TiresiasRun
	for _, n := range []int{2, 3, 4, 32} {
		for _, scheme := range []string{"count", "yarn"} {
			out = append(out, TiresiasRun{Servers: n, Schedule: "fifo", Scheme: scheme})
		}
		for _, th := range [][2]int{{3250, 7200}, {1000, 2000}, {400, 800}} {
			for _, fixed := range []bool{false, true} {
				out = append(out, TiresiasRun{Servers: n, Schedule: "dlas-gpu", Scheme: "count", Thresholds: th, Fixed: fixed})
			}
		}
	}
	return out
}

// TiresiasReruns are the recorded runs (copies), in TiresiasConfigs' order.
func TiresiasReruns() []TiresiasRun {
	out := slices.Clone(tiresiasRuns)
	for i := range out {
		out[i].End = slices.Clone(out[i].End)
	}
	return out
}
