package sim

// A renewal is a Start that gives a job back the lease that ended at this instant, unchanged: the
// same GPUs in the same order, with the same CPU and memory on each. Round-based policies
// (Synergy) end every lease at every tick and start most jobs again exactly so (90 % of the
// starts of a synergy-fig12 DRF cell, 92 % under FIFO+TUNE, a third under LAS). Such a start
// needs neither the validation of the GPUs' ids, types and distinctness nor a new placement: they
// held for this job a moment ago and the cluster has not changed. What may have changed is that
// another job took one of the GPUs or the host's CPU or memory in the meantime, which renewable
// tests. renew then does what begin does for a job continuing on its GPUs (its interval stays
// open, no checkpoint stall, the cached iteration time), in the same order, so that every number
// of the run is what the full path gives. Runs that share GPUs take the full path.

// renewable reports whether starting j on a is a renewal that fits now (see above). It is false
// whenever the full path might refuse the start, which then says why.
func (v *View) renewable(j *JobState, a *Alloc) bool {
	s := v.s
	if !j.leaseEnded || j.openInterval < 0 || s.occ != nil || a.Share || a.CPUPerGPU == 0 || a.MemPerGPU == 0 {
		return false
	}
	if j.Job.Duration == 0 && !j.cachedFor(a.CPUPerGPU, a.MemPerGPU) {
		return false // begin would ask the speed model
	}
	n := len(a.GPUs)
	if !sameGPUs(s.intervalGPUs(j), a.GPUs) || cap(j.live.cpuPerGPU) < n {
		return false
	}
	// release truncated the lease's charges but left them in place; nothing has appended since.
	cpu, mem := j.live.cpuPerGPU[:n], j.live.memPerGPU[:n]
	if n == 1 { // hostCharges' sum without the call (a sum of one charge is the charge)
		g := a.GPUs[0]
		sv := s.cl.ServerOf(g)
		return s.gpuOwner[g] < 0 && cpu[0] == a.CPUPerGPU && mem[0] == a.MemPerGPU && v.hostHas(sv, a.CPUPerGPU, a.MemPerGPU)
	}
	lastServer := -1
	for k, g := range a.GPUs {
		if s.gpuOwner[g] >= 0 || cpu[k] != a.CPUPerGPU || mem[k] != a.MemPerGPU {
			return false
		}
		if sv := s.cl.ServerOf(g); sv != lastServer {
			if !s.anyOn(a.GPUs[:k], sv) {
				if cpu, mem := s.hostCharges(&s.cl.Servers[sv], a); !v.hostHas(sv, cpu, mem) {
					return false
				}
			}
			lastServer = sv
		}
	}
	return true
}

// renew starts j on the lease that just ended (renewable said it may): begin's work for a job
// continuing on the same GPUs with the cached speed.
func (s *Sim) renew(j *JobState) {
	s.removePending(j)
	j.leaseEnded = false
	n := len(s.intervalGPUs(j))
	j.live.gpus, j.live.cpuPerGPU, j.live.memPerGPU = j.live.gpus[:n], j.live.cpuPerGPU[:n], j.live.memPerGPU[:n]
	for k, g := range j.live.gpus {
		s.gpuOwner[g] = int32(j.Index)
		s.hold(s.cl.ServerOf(int(g)), true, j.live.cpuPerGPU[k], j.live.memPerGPU[k])
	}
	s.rerun(j)
}

// rerun runs j again on the GPUs and charges it held (renew, resume).
func (s *Sim) rerun(j *JobState) {
	j.status = Running
	j.last = s.now
	s.pushRunning(j)
	if j.Job.Duration > 0 {
		j.live.rate = 1
	} else {
		if j.live.itWarn != "" {
			s.warnings.add(j.live.itWarn)
		}
		j.live.iterTime = j.live.itCache
		j.live.rate = 1 / (j.live.itCache * 1000)
	}
	j.live.baseRate, j.live.baseIter = j.live.rate, j.live.iterTime
	j.live.factor = 1
	s.arm(j)
}
