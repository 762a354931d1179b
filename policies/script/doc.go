// Package script runs scheduling policies written as Starlark scripts (go.starlark.net: a small,
// deterministic dialect of Python) inside the engine, natively, under Node and in the page.
//
// # What a script defines
//
// A script sets, at its top level, any of these settings (defaults in brackets) and defines one
// of two functions:
//
//	name = "my-policy"        # the policy's name [the file's base name without .star]
//	placement = "consolidate" # how a started job's GPUs are chosen: consolidate, spread, first-fit, random
//	preempt = False           # True: the order covers running jobs too, and the engine stops and starts to follow it
//	backfill = True           # False: a waiting job that does not fit blocks the ones behind it (FIFO's head of line)
//	rounds = False            # True: also decide at every round tick, not only at arrivals and completions
//
//	def priority(job, s):     # the fast form: rank one job; smaller runs first, ties by arrival
//	    return job.remaining  # a number, or a tuple of two (and, running, a third: see below)
//
//	def schedule(s):          # the free form: called once per decision
//	    return s.queue        # None, or a list of jobs: the order to start them in
//
// With priority the engine keeps the queue itself, as the built-in baselines do
// (policies/baselines.Keyed): a waiting job's priority is asked once, when it arrives or is
// preempted; with preempt = True every running job's is asked again at each decision, and the
// jobs run are chosen greedily in that order over running and waiting jobs (a job that does not
// fit is skipped), as srtf and las do. A waiting job's key is frozen until its status changes
// (aging and fairness are written with schedule). A running job's priority may carry a third
// element: until when (seconds) it stays as it is, None for as long as the job runs, "falls": it
// may change but never rises (the Go policies' HoldsUntil = core.MaxTime), or ("remaining_ms", k)
// / ("attained_ms", k): its first element moves by k for each millisecond that field of the job
// moves, which the policy computes itself (srsf.star: a key of remaining_ms × gpus falls by gpus
// per millisecond of work). The engine then reuses it instead of asking again and skips the full
// recomputation between decisions while no key can rise, exactly as las and srsf do (a script that
// gives none is asked at every decision).
//
// With schedule the script sees the whole snapshot and may act itself: s.start(job) starts a job
// with the placement (True, or False when it does not fit now), s.start(job, gpus=[0, 1]) on
// exactly those GPUs, s.start(job, placement="spread") with another strategy, s.preempt(job)
// stops a running one. A list it returns is applied after: without preemption each waiting job in
// it is started in turn (stopping at the first that does not fit unless backfill); with preempt =
// True it is the priority order over running and waiting jobs, and running jobs left out stop.
//
// # What a script receives
//
// s, the decision's snapshot (read-only; jobs are the same values across calls of a run):
//
//	s.now, s.round        the time and the round length, in seconds (s.now_ms, s.round_ms: integers)
//	s.why                 why the decision was called: ("arrival", "completion", "lease-end", "round", "wake")
//	s.first(n)            the first n waiting jobs (costs n; s.queue costs the whole queue)
//	s.arrived, s.finished the jobs that arrived, and that finished, since the previous decision
//	s.users               per user: .attained GPU-seconds (.attained_ms), .gpus and .running held now
//	s.queue, s.running    waiting jobs in arrival order; running jobs in the order they started
//	s.free                free GPUs; s.free_by_type {"V100": 12, ...}; s.free_gpus(server=None) their ids
//	s.servers             per server: .index .type .gpus .free .first_gpu .cpus .mem_gb
//	s.store               a dict kept across the run's calls: the script's own memory (globals are frozen)
//	s.job(x)              a job by index or id; s.random(), s.randint(n): the run's seeded generator
//	s.start, s.preempt    the actions above (schedule only); s.warn(text): a warning in the run's result
//	s.wait(job, text)     why a waiting job waits, in the script's words (schedule only): its reason
//	                      (class script) in the job's timeline and the wait-by-reason accounting
//
// job: .id .index .gpus .submit .status ("waiting", "running", "done") .model .user .iterations
// .duration .remaining (oracle seconds left at the reference speed) .attained (GPU-seconds held)
// .held .progress (0..1) .first_start .preemptions .gpu_type .gpus_held .allowed_types. Times are
// seconds (floats); .submit_ms .duration_ms .remaining_ms .attained_ms .held_ms .first_start_ms
// are the engine's integer milliseconds, for exact ties. The workloads carry no predictions of their own, so none is offered; the
// oracle .remaining is what sjf and srtf use.
//
// A module math offers exp, log, pow10, sqrt, floor, ceil and inf with the same bits on every platform
// (core/detmath); Starlark's own math module is not offered.
//
// # Rules, limits and errors
//
// A script is deterministic: no clock, no I/O, randomness only from s.random, dictionaries keep
// insertion order. It is bounded (Limits): steps per call (growing with the jobs a schedule call
// sees) and per run, a memory budget on what it holds (mem.go), and an allocation budget charged
// before any operation that can build something large in one step (rewrite.go),
// so an endless loop, a huge list or string, or a join that would need gigabytes ends the run
// with an error instead of a hang or an out-of-memory; recursion is refused by Starlark itself.
// Every failure — a syntax error, a runtime error, a wrong return value, GPUs that are not free,
// a job started twice or unknown — ends the run with an *Error, "file:line: what was wrong".
//
// # Go API
//
// Compile(file, src) checks a script and returns a Program (Name, Hash, Source, Factory, New); a
// Program is shared by any number of runs. Check(file, src) also dry-runs it (DryRun) on a tiny
// workload (DryRunJobs on DryRunCluster). Program.Factory plugs into policies.Registry, so a
// script runs wherever a built-in does; Hash identifies its source in records and sweep shards.
// Examples returns the shipped example scripts (scripted fifo, sjf and las, each byte-identical
// to its built-in).
package script
