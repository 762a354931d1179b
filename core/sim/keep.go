package sim

// Kept leases. Under lease rounds with round credit and without GPU sharing (Sim.keep) every
// running lease ends at every tick and a round-based policy gives most of them straight back: 92 %
// of the starts of the 1,000-job Synergy run under FIFO+TUNE, a third under LAS at high load.
// Releasing each lease at the tick only to charge the same GPUs, cores and GB again at its renewal
// was a sixth of the instructions of that run. So endDueLeases keeps a lease that ends without
// finishing its job: the job is waiting again, as a released one would be, but its GPUs and host
// charges stay booked to it until the end of the instant. The View shows kept GPUs as idle
// (FreeGPUs, FreeOn, IsFree, Owner, Occupants, Sharing, CanShare), so the policy sees what it would
// have seen. A Start that gives the job the same lease back resumes it without touching the books;
// anything else that needs the kept resources first lets them go, as release would have, before it
// goes on:
//   - a Start of the kept job on another allocation lets its own lease go;
//   - a Start on a GPU a kept lease holds lets that lease go;
//   - a Start whose host check fails while leases are kept lets the kept leases on that server
//     go and checks again (a charge that fits beside kept ones fits without them);
//   - FreeCPU and FreeMem let every kept lease go;
//   - closeInstant lets the rest go, in the order their leases ended.
// The run's jobs, intervals and summary are those of releasing at the tick. The per-server sums of
// used cores and GB (floating point) may differ in the last bits, the charges being subtracted and
// added in another order; they only meet Start's host check, which allows hostEps, and the series.

// resume starts kept job j again if a is exactly its kept lease — the same GPUs in the same order,
// the same cores and GB on each, and the cached iteration time — and reports whether it did: begin's
// work for a job continuing on the same GPUs with the cached speed, none of it on the books. (The
// test and the start in one call: a second call per resumed start was 1–2 % of a synergy-fig1 cell
// at 8 jobs/h under Node.)
func (s *Sim) resume(j *JobState, a *Alloc) bool {
	if a.Share || a.CPUPerGPU == 0 || a.MemPerGPU == 0 || !sameGPUs(j.live.gpus, a.GPUs) {
		return false
	}
	if j.Job.Duration == 0 && !j.cachedFor(a.CPUPerGPU, a.MemPerGPU) {
		return false // begin would ask the speed model
	}
	for k := range j.live.gpus {
		if j.live.cpuPerGPU[k] != a.CPUPerGPU || j.live.memPerGPU[k] != a.MemPerGPU {
			return false
		}
	}
	s.removePending(j)
	j.kept, j.leaseEnded = false, false
	s.kept--
	s.keptGPUs -= len(j.live.gpus)
	s.rerun(j)
	return true
}

// letGo releases kept job j's lease as release would have at its end.
func (s *Sim) letGo(j *JobState) {
	j.kept = false
	s.kept--
	s.keptGPUs -= len(j.live.gpus)
	s.unbook(j)
}

// letGoAll releases every kept lease, in the order the leases ended.
func (s *Sim) letGoAll() {
	for _, i := range s.leaseEnded {
		if j := &s.jobs[i]; j.kept {
			s.letGo(j)
		}
	}
}

// letGoOn releases the kept leases with a GPU on server sv.
func (s *Sim) letGoOn(sv int) {
	first := s.cl.Servers[sv].FirstGPU
	for g := first; g < first+s.cl.Servers[sv].GPUs; g++ {
		if k := s.keptAt(g); k != nil {
			s.letGo(k)
		}
	}
}

// keptAt is the job whose kept lease holds GPU g, nil if none (small enough to be inlined: Start
// asks it of every GPU it is given while leases are kept).
func (s *Sim) keptAt(g int) *JobState {
	if o := s.gpuOwner[g]; o >= 0 && s.jobs[o].kept {
		return &s.jobs[o]
	}
	return nil
}

// owner is the job on GPU g as the policy sees it: -1 when idle or kept.
func (s *Sim) owner(g int) int32 {
	if s.kept > 0 && s.keptAt(g) != nil {
		return -1
	}
	return s.gpuOwner[g]
}

// keptOn counts the kept GPUs of server sv. It looks at the server's GPUs rather than keep a
// count per server: a round-based policy asks once per server and round (if at all), where a
// count would be kept up at every lease's end, move and renewal.
func (s *Sim) keptOn(sv int) int {
	n := 0
	first := s.cl.Servers[sv].FirstGPU
	for g := first; g < first+s.cl.Servers[sv].GPUs; g++ {
		if s.keptAt(g) != nil {
			n++
		}
	}
	return n
}
