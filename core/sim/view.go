package sim

import (
	"fmt"
	"iter"
	"math/bits"
	"math/rand/v2"
	"slices"

	"schedlab/core"
)

// View is a policy's window on the run: read-only state plus the two actions Start and Stop.
// A View is valid only during the Decide (or Init) call it is passed to.
type View struct{ s *Sim }

// Now is the current simulated time.
func (v *View) Now() core.Time { return v.s.now }

// Rand is the run's only random source (seeded by Config.Seed).
func (v *View) Rand() *rand.Rand { return v.s.rng }

// Cluster is the cluster (read-only).
func (v *View) Cluster() *core.Cluster { return v.s.cl }

// Round is the round length.
func (v *View) Round() core.Time { return v.s.cfg.Round }

// Warn records text among the run's warnings (Result.Warnings, counted per distinct text): how a
// policy reports that it fell back from its normal decision (e.g. a failed solver) without
// stopping the run.
func (v *View) Warn(text string) { v.s.warnings.add(text) }

// Fail ends the run with err after the current instant: how a policy that cannot go on (a user's
// script that raised an error or broke a rule) stops the run instead of panicking. The first
// error wins; Sim.Err returns it.
func (v *View) Fail(err error) {
	if v.s.failed == nil && err != nil {
		v.s.failed = err
	}
}

// NumJobs is the number of jobs in the workload; Job(i) is the one with arrival index i.
func (v *View) NumJobs() int { return len(v.s.jobs) }

// Arrived is the number of jobs that have arrived so far: arrival indices below it.
func (v *View) Arrived() int { return v.s.nextArrival }

// Job returns the state of the job with arrival index i.
func (v *View) Job(i int) *JobState { return &v.s.jobs[i] }

// PendingLen and RunningLen count waiting and running jobs.
func (v *View) PendingLen() int { return v.s.pendLen }

// RunningLen counts running jobs.
func (v *View) RunningLen() int { return v.s.runLen }

// Pending yields waiting jobs in arrival order. Starting the yielded job is allowed; starting or
// stopping other jobs while iterating is not. It visits only words of the pending set that hold a
// waiting job (pendWords), so its cost follows the waiting jobs, not the workload.
func (v *View) Pending() iter.Seq[*JobState] {
	return func(yield func(*JobState) bool) {
		s := v.s
		top := (s.nextArrival + 1<<12 - 1) >> 12 // (no job at or after nextArrival waits)
		for hi := s.pendLo; hi < top; hi++ {
			ws := s.pendWords[hi]
			if ws == 0 && hi == s.pendLo {
				s.pendLo++
			}
			for ws != 0 {
				w := hi<<6 + bits.TrailingZeros64(ws)
				ws &= ws - 1
				for b := s.pendBits[w]; b != 0; b &= b - 1 {
					if !yield(&s.jobs[w<<6+bits.TrailingZeros64(b)]) {
						return
					}
				}
			}
		}
	}
}

// Finished yields the jobs that have finished since the policy last decided (arrival order
// within an instant is not promised): how a policy that indexes its running jobs drops them.
func (v *View) Finished() iter.Seq[*JobState] {
	return func(yield func(*JobState) bool) {
		for _, i := range v.s.finished {
			if !yield(&v.s.jobs[i]) {
				return
			}
		}
	}
}

// Running yields running jobs in the order they (last) started. Stopping the yielded job is
// allowed; starting or stopping others while iterating is not.
func (v *View) Running() iter.Seq[*JobState] {
	return func(yield func(*JobState) bool) {
		for i := v.s.runHead; i >= 0; {
			j := &v.s.jobs[i]
			next := j.next
			if !yield(j) {
				return
			}
			i = next
		}
	}
}

// WakeAt asks the engine to let the policy decide at time t (trigger OnWake) even if nothing else
// happens then: how a policy whose priorities change with time (a LAS demotion, a starvation
// promotion) re-decides at the moment they change, not at the next arrival, completion or round
// tick, so that its schedule does not depend on the round length. A policy holds one wake-up: a
// call replaces the one before, and t ≤ Now() or core.MaxTime cancels it.
func (v *View) WakeAt(t core.Time) {
	s := v.s
	if t <= s.now {
		t = core.MaxTime
	}
	if t == s.wakeAt {
		return
	}
	s.wakeGen++
	s.wakeAt = t
	if t < core.MaxTime {
		s.heap.push(t, Wake, 0, s.wakeGen)
	}
}

// FreeGPUs is the number of idle GPUs in the cluster.
func (v *View) FreeGPUs() int { return v.s.totalFree + v.s.keptGPUs }

// FreeOn is the number of idle GPUs on server sv.
func (v *View) FreeOn(sv int) int {
	if v.s.kept > 0 {
		return v.s.freeGPUs[sv] + v.s.keptOn(sv)
	}
	return v.s.freeGPUs[sv]
}

// TightestServer is the server of GPU type typ with the fewest idle GPUs (FreeOn) but at least n,
// the lowest-numbered of equals, or -1 when none has n: what a best-fit placement looks for, as a
// scan of FreeOn over the type's servers in order would find it, without the scan (but while a
// lease is kept, and in a cluster too uneven to index: freeIndex).
func (v *View) TightestServer(typ core.GPUType, n int) int {
	x := &v.s.byFree
	t := slices.Index(x.types, typ)
	if t < 0 {
		return -1
	}
	if v.s.kept == 0 && x.on() {
		return x.tightest(t, n)
	}
	// Kept GPUs count as idle, and the index does not know them; a cluster may have no index.
	best, bestFree := -1, 0
	for sv := range v.s.cl.Servers {
		if int(x.typeOf[sv]) != t {
			continue
		}
		if f := v.FreeOn(sv); f >= n && (best < 0 || f < bestFree) {
			best, bestFree = sv, f
		}
	}
	return best
}

// IsFree reports whether GPU g is idle (no job at all, shared or not).
func (v *View) IsFree(g int) bool { return v.s.owner(g) < 0 }

// Owner is the arrival index of the job on GPU g, -1 if idle.
func (v *View) Owner(g int) int { return int(v.s.owner(g)) }

// FreeCPU is the unallocated CPU cores of server sv.
func (v *View) FreeCPU(sv int) float64 {
	if v.s.kept > 0 {
		v.s.letGoAll()
	}
	return v.s.cl.Servers[sv].CPUs - v.s.cpuUsed[sv]
}

// FreeMem is the unallocated host memory (GB) of server sv.
func (v *View) FreeMem(sv int) float64 {
	if v.s.kept > 0 {
		v.s.letGoAll()
	}
	return v.s.cl.Servers[sv].MemGB - v.s.memUsed[sv]
}

// Progress is the work j has done by now (iterations, or ms for duration-only jobs).
func (v *View) Progress(j *JobState) float64 { return j.progressAt(v.s.now) }

// ReachesAt is the first millisecond, not before now, at which running job j's progress reaches x
// (iterations, or ms for a duration-only job) at its current allocation's rate: the moment a key
// that depends on progress crosses, asked for with WakeAt (A-SRPT corrects a prediction a job
// outlives then). It assumes nothing changes before then; a change is an event, and the policy
// decides and asks again. Past the job's total work it extrapolates (the job ends first, but a
// policy that predicts lengths may ask when its prediction would be reached). core.MaxTime when
// j is not running or makes no progress.
func (v *View) ReachesAt(j *JobState, x float64) core.Time { return j.reachesAt(v.s.now, x) }

// LeaseCredit is the work a lease credits running job j under round-credit progress: floor(round ÷
// iteration time) iterations on its current allocation, or the round in ms for a duration-only job
// (0 for a job that has not run or has finished).
func (v *View) LeaseCredit(j *JobState) float64 {
	if j.live == nil {
		return 0
	}
	return j.live.credit
}

// Attained is the GPU-time j has received so far (held time × GPUs), Tiresias' attained service.
func (v *View) Attained(j *JobState) core.Time { return j.heldAt(v.s.now) * core.Time(j.Job.GPUs) }

// Held is the wall time j has held GPUs so far.
func (v *View) Held(j *JobState) core.Time { return j.heldAt(v.s.now) }

// Remaining is the oracle remaining time of j at its reference speed: for a duration-only job the
// rest of its duration; otherwise remaining iterations × the iteration time on the first GPU type
// of the cluster the job may use, consolidated, at the proportional CPU/memory share.
func (v *View) Remaining(j *JobState) core.Time {
	left := j.total - j.progressAt(v.s.now)
	if j.Job.Duration > 0 {
		return core.Time(left)
	}
	return core.FromSeconds(left * v.RefIterTime(j))
}

// RefIterTime is j's iteration time at the reference placement described in Remaining.
func (v *View) RefIterTime(j *JobState) float64 {
	if j.refIter == 0 {
		it, _ := v.s.speed.IterTime(j.Job, v.s.refPlacement(j.Job))
		j.refIter = it
	}
	return j.refIter
}

func (s *Sim) refPlacement(j *core.Job) Placement {
	for _, sv := range s.cl.Servers {
		if j.AllowsType(sv.Type) {
			per := float64(sv.GPUs)
			return Placement{Type: sv.Type, GPUs: j.GPUs, Servers: (j.GPUs + sv.GPUs - 1) / sv.GPUs,
				CPUPerGPU: sv.CPUs / per, MemPerGPU: sv.MemGB / per, PropCPU: sv.CPUs / per, PropMem: sv.MemGB / per,
				Cluster: s.cl}
		}
	}
	return Placement{Type: core.V100, GPUs: j.GPUs, Servers: 1, CPUPerGPU: core.DefaultCPUPerGPU,
		MemPerGPU: core.DefaultMemPerGPU, PropCPU: core.DefaultCPUPerGPU, PropMem: core.DefaultMemPerGPU}
}

// Start runs pending job j on allocation a. It returns an error, and changes nothing, when the
// allocation is invalid: wrong GPU count, a busy or repeated GPU, mixed or disallowed GPU types,
// or more CPU/memory than a server has left. The engine copies a.GPUs.
func (v *View) Start(j *JobState, a Alloc) error {
	s := v.s
	if j.status != Pending {
		return fmt.Errorf("start job %s: status is %v, want pending", j.Job.ID, j.status)
	}
	if j.kept {
		if s.resume(j, &a) {
			return nil
		}
		s.letGo(j) // (and a is no renewal either: renewable would say no)
	} else if j.leaseEnded && v.renewable(j, &a) { // (the test before the call: most starts are not renewals)
		s.renew(j)
		return nil
	}
	if len(a.GPUs) != j.Job.GPUs {
		return fmt.Errorf("start job %s: %d GPUs given, job needs %d", j.Job.ID, len(a.GPUs), j.Job.GPUs)
	}
	if a.CPUPerGPU < 0 || a.MemPerGPU < 0 {
		return fmt.Errorf("start job %s: negative CPU or memory", j.Job.ID)
	}
	for k, g := range a.GPUs {
		if g < 0 || g >= len(s.gpuOwner) {
			return fmt.Errorf("start job %s: GPU %d does not exist", j.Job.ID, g)
		}
		if s.kept > 0 {
			if k := s.keptAt(g); k != nil {
				s.letGo(k)
			}
		}
		if s.gpuOwner[g] >= 0 {
			switch {
			case !a.Share:
				return fmt.Errorf("start job %s: GPU %d is busy", j.Job.ID, g)
			case s.occ == nil:
				return fmt.Errorf("start job %s: GPU %d is busy and sharing is off (no co-location model)", j.Job.ID, g)
			case !s.canJoin(j, g):
				return fmt.Errorf("start job %s: does not fit beside the jobs on GPU %d", j.Job.ID, g)
			}
		}
		for _, h := range a.GPUs[:k] {
			if h == g {
				return fmt.Errorf("start job %s: GPU %d given twice", j.Job.ID, g)
			}
		}
	}
	// Every field of the run's one Placement is set below: a fresh one would be zeroed first, which
	// under wasm is a memory.fill call per start.
	p := &s.place
	p.Servers = 0
	lastServer := -1
	for k, g := range a.GPUs {
		sv := &s.cl.Servers[s.cl.ServerOf(g)]
		if k == 0 {
			p.Type, p.GPUs, p.PropCPU, p.PropMem = sv.Type, len(a.GPUs), sv.CPUs/float64(sv.GPUs), sv.MemGB/float64(sv.GPUs)
			if !j.Job.AllowsType(sv.Type) {
				return fmt.Errorf("start job %s: GPU type %s not allowed", j.Job.ID, sv.Type)
			}
		} else if sv.Index != lastServer && sv.Type != p.Type { // (a GPU on the last one's server has its type)
			return fmt.Errorf("start job %s: a gang may not mix GPU types (%s, %s)", j.Job.ID, p.Type, sv.Type)
		}
		if sv.Index != lastServer {
			// Count distinct servers; GPUs of one server are usually adjacent in a.GPUs.
			if !s.anyOn(a.GPUs[:k], sv.Index) {
				p.Servers++
				if cpu, mem := s.hostCharges(sv, &a); !v.hostHas(sv.Index, cpu, mem) {
					if s.kept > 0 {
						s.letGoOn(sv.Index) // kept charges may be in the way (see keep.go)
					}
					if err := v.hostShort(j, sv.Index, cpu, mem); err != nil {
						return err
					}
				}
			}
			lastServer = sv.Index
		}
	}
	p.CPUPerGPU, p.MemPerGPU = a.CPUPerGPU, a.MemPerGPU
	p.GPUIDs, p.Cluster = a.GPUs, s.cl
	if p.CPUPerGPU == 0 {
		p.CPUPerGPU = p.PropCPU
	}
	if p.MemPerGPU == 0 {
		p.MemPerGPU = p.PropMem
	}
	s.begin(j, &a, p)
	return nil
}

// hostEps is the rounding a host's free CPU and memory may be short by and still take a charge.
const hostEps = 1e-9

// hostShort says why server sv lacks the cpu cores or mem GB of job j's GPUs there (nil when it
// has them).
func (v *View) hostShort(j *JobState, sv int, cpu, mem float64) error {
	switch {
	case v.hostHas(sv, cpu, mem):
		return nil
	case cpu > v.freeCPU(sv)+hostEps:
		return fmt.Errorf("start job %s: server %d has %.6g free cores, job needs %.6g", j.Job.ID, sv, v.freeCPU(sv), cpu)
	}
	return fmt.Errorf("start job %s: server %d has %.6g GB free, job needs %.6g", j.Job.ID, sv, v.freeMem(sv), mem)
}

// hostCharges are the cores and GB the GPUs of a on server sv would take there.
func (s *Sim) hostCharges(sv *core.Server, a *Alloc) (cpu, mem float64) {
	for _, g := range a.GPUs {
		if s.cl.ServerOf(g) == sv.Index {
			c, m := s.hostCharge(a, g, sv)
			cpu += c
			mem += m
		}
	}
	return cpu, mem
}

// hostHas reports whether server sv has cpu cores and mem GB free, to within hostEps.
func (v *View) hostHas(sv int, cpu, mem float64) bool {
	return !(cpu > v.freeCPU(sv)+hostEps) && !(mem > v.freeMem(sv)+hostEps)
}

// freeCPU and freeMem are what the books say is free on server sv, kept charges counted as used.
func (v *View) freeCPU(sv int) float64 { return v.s.cl.Servers[sv].CPUs - v.s.cpuUsed[sv] }
func (v *View) freeMem(sv int) float64 { return v.s.cl.Servers[sv].MemGB - v.s.memUsed[sv] }

// Stop preempts running job j: it releases its GPUs and goes back to waiting.
func (v *View) Stop(j *JobState) error {
	if j.status != Running {
		return fmt.Errorf("stop job %s: status is %v, want running", j.Job.ID, j.status)
	}
	v.s.stop(j)
	return nil
}
