package sim

import "schedlab/core"

// Status is a job's place in its life cycle.
type Status uint8

// Job statuses.
const (
	Future   Status = iota // not yet arrived
	Pending                // arrived, waiting (also after a preemption)
	Running                // holds GPUs
	Done                   // finished
	Rejected               // can never fit the cluster
)

var statusNames = [...]string{"future", "pending", "running", "done", "rejected"}

func (s Status) String() string { return statusNames[s] }

// Alloc is what a policy asks for when it starts a job: the exact GPU ids (one per GPU of the
// gang) and the host CPU cores and memory per GPU. Zero CPU/memory means each server's
// proportional share (its cores or memory divided by its GPUs).
//
// Share lets the job join GPUs that already run other jobs when the run has a co-location model
// (Config.Colocation) and the model says they fit; on such a GPU the default CPU and memory are
// 0 (its proportional share is held once, by the job that came first).
type Alloc struct {
	GPUs      []int
	CPUPerGPU float64
	MemPerGPU float64
	Share     bool
}

// JobState is the engine's run-time record of one job. Policies read it through its methods and
// must not keep pointers to its slices; only the engine changes it.
type JobState struct {
	Job   *core.Job
	Index int // 0-based arrival order (after the stable sort by submit time)

	gpuType    core.GPUType
	total      float64 // work: iterations, or ms for duration-only jobs
	done       float64
	last       core.Time
	firstStart core.Time
	end        core.Time
	heldMS     core.Time  // wall time holding GPUs, up to last
	refIter    float64    // cached reference iteration time (View.RefIterTime)
	effMS      float64    // ∫ factor dt over the time the job made progress (effective-util numerator)
	live       *liveState // from the job's first start to its end (see liveState)

	// The small fields last, together: a run holds one JobState per job of the workload.
	preemptions  int32
	gen          uint32 // invalidates stale completion/lease events
	prev, next   int32  // running list links
	openInterval int32  // index into intervals, -1 if none (0 when open in a lean run)
	status       Status
	// shapedKnown caches Sim.shaped: 0 not asked yet, 1 shaped, 2 not.
	shapedKnown uint8
	leaseEnded  bool // lease released at this instant; interval closing deferred
	kept        bool // lease ended at this instant, GPUs and charges still booked (keep.go)
	hadRun      bool
}

// liveState is the part of a job's state needed only while it may run again: its host charges,
// its speed without co-runners, its lease and the speed model's recent answers (see iterTimeOn).
// It is 328 bytes, so the engine hands one out at a job's first start and takes it back when the
// job finishes: a run holds one per unfinished job that has run, not one per job of the workload
// (one per job of a million-job trace would be 328 MB). For the same reason what only a job that has run
// reads (its GPUs, its speed, its restart stall, its speed under sharing, its lease credit) is
// kept here, not in its JobState, and a finished job's GPU list goes with its liveState to the
// next job that starts.
type liveState struct {
	// gpus are the GPU ids held (empty unless running or kept; release truncates the list but
	// leaves it in place), cpuPerGPU and memPerGPU the host cores and GB charged on each.
	gpus      []int32
	cpuPerGPU []float64
	memPerGPU []float64
	rate      float64 // work per ms under the current allocation (0 unless running)
	iterTime  float64 // seconds per iteration under the current allocation (0 for duration jobs or when not running)
	baseRate  float64 // rate on the current allocation without co-runners
	baseIter  float64 // iterTime without co-runners
	leaseAt   core.Time
	// stallUntil is the end of the checkpoint/restart cost: no progress before it.
	stallUntil core.Time
	factor     float64 // normalised throughput under sharing (1 = alone)
	credit     float64 // work credited per lease under round-credit progress
	creditIter float64 // the iteration time credit was computed for
	leanGPUs   []int32 // a lean run's open interval's GPUs (aliases gpus; see Sim.openInterval)

	// itCache is the speed model's last answer for this job, with its warning and the placement
	// it was asked for.
	itCache float64
	itWarn  string
	itShape shape
	// The answer before it, for a shaped job; itShape stays the shape of the job's current (or
	// last) placement, which the same-GPU case relies on.
	itCache2 float64
	itWarn2  string
	itShape2 shape
}

// Status is the job's current status.
func (s *JobState) Status() Status { return s.status }

// GPUsHeld lists the GPU ids the job holds (read-only; nil unless running).
func (s *JobState) GPUsHeld() []int32 {
	if s.status != Running {
		return nil // (a kept lease's GPUs are still listed)
	}
	return s.live.gpus
}

// GPUType is the GPU type of its current (or last) allocation.
func (s *JobState) GPUType() core.GPUType { return s.gpuType }

// FirstStart is when the job first started, -1 if never.
func (s *JobState) FirstStart() core.Time { return s.firstStart }

// End is when the job finished, -1 if not finished.
func (s *JobState) End() core.Time { return s.end }

// Preemptions counts how often the job lost its GPUs before finishing.
func (s *JobState) Preemptions() int { return int(s.preemptions) }

// Total is the job's work: iterations, or milliseconds for a duration-only job.
func (s *JobState) Total() float64 { return s.total }

// IterTime is seconds per iteration under the current allocation (0 for duration-only jobs or
// when not running).
func (s *JobState) IterTime() float64 {
	if s.live == nil {
		return 0
	}
	return s.live.iterTime
}

// Effective is the time the job has run at full isolated speed so far, in ms: the integral of its
// normalised throughput (View.Slowdown) over the time it held GPUs and made progress, up to its
// last settled instant.
func (s *JobState) Effective() float64 { return s.effMS }

// effAt is Effective brought up to now.
func (s *JobState) effAt(now core.Time) float64 {
	e := s.effMS
	if s.status == Running {
		if from := max(s.last, s.live.stallUntil); now > from {
			e += float64(s.live.factor * float64(now-from))
		}
	}
	return e
}

// progressAt is the work done by time now, counting the current allocation's progress.
func (s *JobState) progressAt(now core.Time) float64 {
	if s.status != Running || s.live.rate == 0 {
		return s.done
	}
	from := max(s.last, s.live.stallUntil)
	if now <= from {
		return s.done
	}
	return upTo(s.done+float64(float64(now-from)*s.live.rate), s.total)
}

// reachesAt is the first millisecond t ≥ now at which the job's progress, not capped at its
// total, reaches x (see View.ReachesAt): the quotient's estimate, moved by whole milliseconds
// until the progress computed as progressAt computes it agrees, so a policy woken then sees the
// progress it asked for.
func (s *JobState) reachesAt(now core.Time, x float64) core.Time {
	if s.status != Running || s.live.rate == 0 {
		return core.MaxTime
	}
	from := max(s.last, s.live.stallUntil)
	at := func(t core.Time) float64 {
		if t <= from {
			return s.done
		}
		return s.done + float64(float64(t-from)*s.live.rate)
	}
	if at(now) >= x {
		return now
	}
	d := (x - s.done) / s.live.rate
	if d > float64(core.MaxTime/4) {
		return core.MaxTime
	}
	t := max(from+core.Time(d), now)
	for at(t) < x {
		t++
	}
	for t > now && at(t-1) >= x {
		t--
	}
	return t
}

// cachedFor reports whether the cached iteration time holds for the job's GPUs with cpu cores and
// mem GB per GPU: on the GPUs it has held since its open interval began only those two can differ
// from the cached shape (see iterTimeOn).
func (s *JobState) cachedFor(cpu, mem float64) bool {
	return s.live.itCache > 0 && cpu == s.live.itShape.cpu && mem == s.live.itShape.mem
}

// upTo is min(x, limit) for numbers that are never NaN and never -0 (work done and totals): one
// comparison, where the builtin min on floats is a runtime call under wasm (runtime.fmin64, 1–3 %
// of a Synergy cell there).
func upTo(x, limit float64) float64 {
	if x > limit {
		return limit
	}
	return x
}

// heldAt is the wall time the job has held GPUs by now.
func (s *JobState) heldAt(now core.Time) core.Time {
	if s.status == Running {
		return s.heldMS + now - s.last
	}
	return s.heldMS
}

// settle brings done and heldMS up to now.
func (s *JobState) settle(now core.Time) {
	s.effMS = s.effAt(now)
	s.done = s.progressAt(now)
	s.heldMS = s.heldAt(now)
	s.last = now
}
