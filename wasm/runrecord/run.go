package runrecord

import (
	"encoding/json"
	"math"

	"schedlab/core"
	"schedlab/core/sensitivity"
	"schedlab/core/sim"
	"schedlab/policies"
	"schedlab/policies/scenario"
)

// Run is one policy's outcome as the parts of its record, read in place from the sim.Result:
// MarshalBinary encodes them without copying them into a Record (a worker's million-job run
// would otherwise allocate a few hundred MB for a copy it only encodes), and the page decodes
// the bytes into one.
type Run struct {
	// Head holds the record's scalar fields (no jobs, intervals, series, virtual schedule or
	// timelines); the caller may set those it knows (ID, Name, Created, TraceHash, Scripts).
	Head       Record
	r          *sim.Result
	c          *core.Cluster
	match      matcher
	ivSpeedup  []float64 // per interval, speedups (nil until the record is encoded)
	jobSpeedup []float64 // per job, speedups
	t          []int64   // the series' times (nil until the record is encoded: series)
	spans      []Span
}

// NewRun reads o's result for its record. It drains an A-SRPT policy's virtual machine: call it
// once per outcome, as the policy's last user.
func NewRun(spec scenario.Spec, c *core.Cluster, o policies.Outcome) (*Run, error) {
	sum, err := json.Marshal(o.Summary)
	if err != nil {
		return nil, err
	}
	r := o.Result
	run := &Run{r: r, c: c, Head: Record{Spec: spec, Policy: o.Summary.Policy, Summary: sum, Cluster: c.String(),
		End: int64(r.End), Sharing: r.Sharing}}
	if v, ok := o.Policy.(virtualer); ok {
		// The real run can end before the virtual machine has reached every job (the cluster
		// runs many jobs at once, the machine one). Draining it after the run — NewRun is the
		// policy's last user — completes the schedule in the same SRPT order, so every job has
		// its spans; those after End are the machine's queue when the run ended.
		vm := v.Virtual()
		vm.Advance(core.Time(math.MaxInt64 / 2))
		spans := vm.Spans()
		run.spans = make([]Span, len(spans))
		for i, sp := range spans {
			run.spans[i] = Span{Job: int32(sp.Job), From: int64(sp.From), To: int64(sp.To)}
		}
	}
	if m, ok := o.Policy.(matcher); ok {
		run.match = m
	}
	return run, nil
}

// MarshalBinary is the binary form of the run's record: the bytes Record.MarshalBinary writes for
// a Record holding the same parts (TestRunEncodesAsItsRecord).
func (run *Run) MarshalBinary() ([]byte, error) {
	run.speedups()
	return encode(&run.Head, run)
}

// Meta is the history's entry of the run's record.
func (run *Run) Meta() Meta {
	m := run.Head.Meta()
	m.Jobs = run.jobs()
	return m
}

func (run *Run) jobs() int { return len(run.r.Jobs) }

func (run *Run) job(i int, out *Job) {
	jr := &run.r.Jobs[i]
	j := jr.Job
	*out = Job{ID: j.ID, Submit: int64(j.Submit), FirstStart: int64(jr.FirstStart), End: int64(jr.End),
		GPUs: j.GPUs, GPUType: string(jr.GPUType), Preemptions: jr.Preemptions, Status: uint8(jr.Status),
		Model: j.Model, User: j.User, Measured: jr.Measured, Duration: int64(j.Duration),
		Iterations: j.Iterations, Line: j.Line, CPU: j.CPU, Speedup: run.jobSpeedup[i]}
	if run.r.Sharing {
		out.Held, out.Effective = int64(jr.Held), jr.Effective
	}
	if run.match != nil {
		mt := run.match.Match(i)
		out.Ref, out.Sim, out.Best = mt.Reference, mt.Similarity, string(mt.Best)
	}
}

func (run *Run) intervals() int { return len(run.r.Intervals) }

func (run *Run) interval(i int, out *Interval) {
	iv := &run.r.Intervals[i]
	*out = Interval{Job: iv.Job, From: int64(iv.From), To: int64(iv.To), GPUs: iv.GPUs, CPU: iv.CPU, Mem: iv.Mem,
		Speedup: run.ivSpeedup[i]}
}

// series is the run's series, its times copied as int64 the first time (the encoder's; the view
// samples the run's own).
func (run *Run) series() *Series {
	s := &run.r.Series
	if run.t == nil {
		run.t = make([]int64, len(s.T))
		for i, t := range s.T {
			run.t[i] = int64(t)
		}
	}
	return &Series{T: run.t, Busy: s.BusyGPUs, CPU: s.CPUUsed, Mem: s.MemUsed, Queue: s.Queue}
}

func (run *Run) virtual() []Span { return run.spans }

// why yields every job's timeline without the submission and the end, starts with their
// allocation instead of their text (sim.Result.StepsBare).
func (run *Run) why(yield func(Step)) {
	r := run.r
	if r.Why == nil {
		return
	}
	var steps []sim.Event
	for i := range r.Jobs {
		steps = r.StepsBare(i, steps[:0])
		for _, e := range steps {
			yield(Step{Job: int32(i), At: int64(e.At), Kind: uint8(e.Kind), Class: uint8(e.Class), Text: e.Text,
				Alloc: e.Alloc, Servers: e.Servers})
		}
	}
}

func (run *Run) sizeHint() int {
	r := run.r
	n := 12*len(r.Series.T) + 16*len(run.spans) + 12*len(r.Jobs) // a job's start step
	for i := range r.Jobs {
		n += 32 + len(r.Jobs[i].Job.ID)
	}
	for i := range r.Intervals {
		n += 16 + 3*len(r.Intervals[i].GPUs)
	}
	if r.Sharing {
		n += 12 * len(r.Jobs)
	}
	return n
}

// speedups sets each interval's speed-up over the proportional CPU/memory share from the built-in
// sensitivity profiles (Synergy's), and each job's time-weighted mean over its intervals. Jobs of
// models without a profile, or that run for a fixed duration, keep 0 (not applicable). They are
// computed when the record is first encoded, not in NewRun: the view (View), which the worker
// answers with first, has no use for them.
func (run *Run) speedups() {
	if run.ivSpeedup != nil {
		return
	}
	r, c := run.r, run.c
	tbl := sensitivity.Builtin()
	run.ivSpeedup = make([]float64, len(r.Intervals))
	num := make([]float64, len(r.Jobs))
	den := make([]float64, len(r.Jobs))
	for i, iv := range r.Intervals {
		if iv.IterTime <= 0 || len(iv.GPUs) == 0 || len(iv.CPU) != len(iv.GPUs) {
			continue
		}
		j := r.Jobs[iv.Job].Job
		sv := &c.Servers[c.ServerOf(int(iv.GPUs[0]))]
		prof, ok := tbl.Lookup(j.Model, sv.CPUs/float64(sv.GPUs))
		if !ok {
			continue
		}
		var cpu, mem float64
		for k := range iv.GPUs {
			cpu += iv.CPU[k]
			mem += iv.Mem[k]
		}
		n := float64(len(iv.GPUs))
		sp := prof.SpeedupAt(len(iv.GPUs), cpu/n, mem/n)
		run.ivSpeedup[i] = sp
		w := float64(max(iv.To-iv.From, 1))
		num[iv.Job] += float64(sp * w) // (not fused: the same bits natively as in the browser)
		den[iv.Job] += w
	}
	run.jobSpeedup = num
	for k := range num {
		if den[k] > 0 {
			num[k] /= den[k]
		}
	}
}
