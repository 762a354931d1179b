package sim

import (
	"fmt"
	"slices"

	"schedlab/core"
)

// Colocation is the ground truth of GPU sharing: which jobs may run on one GPU together and how
// much each slows down. Config.Colocation = nil turns sharing off (every GPU has at most one job).
// Both methods must be pure functions of their arguments.
type Colocation interface {
	// Fits reports whether every job of group (two or more) can run on one GPU of type t at once.
	Fits(group []*core.Job, t core.GPUType) bool
	// Slowdown is j's normalised throughput, in (0, 1], on a GPU of type t that it shares with
	// others (one or more jobs): its speed is its isolated speed times this factor.
	Slowdown(j *core.Job, others []*core.Job, t core.GPUType) float64
}

// SharingPolicy is implemented by policies that run with the co-location model (policies.RunOne
// passes one in Config.Colocation when Shares returns true). Other policies run with sharing off.
type SharingPolicy interface {
	Policy
	Shares() bool
}

// hostCharge is the host CPU and memory that GPU g of allocation a takes: the explicit per-GPU
// amounts, else the server's proportional share — except that a job joining a GPU that already
// runs a job takes none by default (the GPU's proportional share is held once, by its first job).
func (s *Sim) hostCharge(a *Alloc, g int, sv *core.Server) (cpu, mem float64) {
	joining := a.Share && s.gpuOwner[g] >= 0
	cpu, mem = a.CPUPerGPU, a.MemPerGPU
	if cpu == 0 && !joining {
		cpu = sv.CPUs / float64(sv.GPUs)
	}
	if mem == 0 && !joining {
		mem = sv.MemGB / float64(sv.GPUs)
	}
	return cpu, mem
}

// canJoin reports whether job j may be added to the jobs already on GPU g.
func (s *Sim) canJoin(j *JobState, g int) bool {
	if s.owner(g) < 0 {
		return true
	}
	if s.occ == nil {
		return false
	}
	if ok, found := s.joins.get(g, j.Index); found {
		return ok
	}
	group := s.jobScratch[:0]
	for _, o := range s.occ[g] {
		group = append(group, s.jobs[o].Job)
	}
	group = append(group, j.Job)
	s.jobScratch = group[:0]
	ok := s.coloc.Fits(group, s.cl.Servers[s.cl.ServerOf(g)].Type)
	s.joins.put(g, j.Index, ok)
	return ok
}

// occupy adds job i to GPU g's occupants; it reports whether the GPU was idle.
func (s *Sim) occupy(g int, i int32) bool {
	idle := s.gpuOwner[g] < 0
	if s.occ != nil {
		s.occ[g] = append(s.occ[g], i)
		s.joins.changed(g)
	}
	if idle {
		s.gpuOwner[g] = i
	}
	return idle
}

// vacate removes job i from GPU g; it reports whether the GPU is now idle. (Small enough to be
// inlined in release when sharing is off.)
func (s *Sim) vacate(g int, i int32) bool {
	if s.occ == nil {
		s.gpuOwner[g] = -1
		return true
	}
	return s.leave(g, i)
}

// leave is vacate with sharing on.
func (s *Sim) leave(g int, i int32) bool {
	o := s.occ[g]
	k := slices.Index(o, i)
	if k < 0 {
		panic(fmt.Sprintf("sim: job %d is not on GPU %d", i, g))
	}
	o = slices.Delete(o, k, k+1)
	s.occ[g] = o
	s.joins.changed(g)
	if len(o) == 0 {
		s.gpuOwner[g] = -1
		return true
	}
	s.gpuOwner[g] = o[0]
	return false
}

// factor is job j's current normalised throughput: the slowest of its GPUs (a synchronous gang
// runs at the pace of its slowest task), 1 on GPUs it has to itself.
func (s *Sim) factor(j *JobState) float64 {
	if s.occ == nil {
		return 1
	}
	f := 1.0
	for _, g := range j.live.gpus {
		o := s.occ[g]
		if len(o) < 2 {
			continue
		}
		others := s.jobScratch[:0]
		for _, k := range o {
			if k != int32(j.Index) {
				others = append(others, s.jobs[k].Job)
			}
		}
		x := s.coloc.Slowdown(j.Job, others, s.cl.Servers[s.cl.ServerOf(int(g))].Type)
		s.jobScratch = others[:0]
		if !(x > 0 && x <= 1) {
			panic(fmt.Sprintf("sim: co-location model gave slowdown %v for job %s", x, j.Job.ID))
		}
		f = min(f, x)
	}
	return f
}

// reshare recomputes the speed of every running job on the given GPUs except skip (settling its
// progress first, then rescheduling its completion). Called whenever a job starts or stops there.
func (s *Sim) reshare(gpus []int32, skip int32) {
	if s.occ == nil {
		return
	}
	var seen []int32
	for _, g := range gpus {
		for _, k := range s.occ[g] {
			if k != skip && !slices.Contains(seen, k) {
				seen = append(seen, k)
			}
		}
	}
	slices.Sort(seen) // deterministic: arrival order
	for _, k := range seen {
		j := &s.jobs[k]
		f := s.factor(j)
		if f == j.live.factor {
			continue
		}
		j.settle(s.now)
		s.setSpeed(j, f)
		if s.rounds == LeaseRounds && s.cfg.Progress == RoundCredit {
			continue // credited up front: the factor only changes the effective-throughput account
		}
		j.gen++
		if s.rounds == LeaseRounds {
			s.heap.push(j.live.leaseAt, LeaseEnd, k, j.gen)
		}
		s.pushCompletion(j)
	}
}

// setSpeed applies normalised throughput f to j's isolated speed.
func (s *Sim) setSpeed(j *JobState, f float64) {
	j.live.factor = f
	if s.rounds == LeaseRounds && s.cfg.Progress == RoundCredit {
		return
	}
	j.live.rate = j.live.baseRate * f
	if j.live.baseIter > 0 {
		j.live.iterTime = j.live.baseIter / f
	}
}

// effectiveGPUs is Σ over running jobs of normalised throughput × GPUs (Series.Effective), summed
// in start order.
func (s *Sim) effectiveGPUs() float64 {
	e := 0.0
	for k := s.runHead; k >= 0; k = s.jobs[k].next {
		j := &s.jobs[k]
		e += float64(j.live.factor * float64(len(j.live.gpus)))
	}
	return e
}

// Occupants lists the arrival indices of the jobs on GPU g, in the order they joined (read-only;
// empty when the GPU is idle).
func (v *View) Occupants(g int) []int32 {
	if v.s.occ != nil {
		return v.s.occ[g]
	}
	if o := v.s.owner(g); o >= 0 {
		return []int32{o}
	}
	return nil
}

// Sharing is the number of jobs on GPU g (0 when idle).
func (v *View) Sharing(g int) int {
	if v.s.occ != nil {
		return len(v.s.occ[g])
	}
	if v.s.owner(g) >= 0 {
		return 1
	}
	return 0
}

// CanShare reports whether pending job j could be started with Alloc.Share on GPU g as far as
// the co-location model is concerned: g is idle, or sharing is on and j fits beside its jobs.
// (The GPU type and host resources are checked by Start.)
func (v *View) CanShare(j *JobState, g int) bool { return v.s.canJoin(j, g) }

// Slowdown is j's current normalised throughput (1 unless it shares a GPU, 0 if not running).
func (v *View) Slowdown(j *JobState) float64 {
	if j.status != Running {
		return 0
	}
	return j.live.factor
}
