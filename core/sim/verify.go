package sim

import (
	"fmt"
	"math"
	"math/bits"
	"slices"

	"schedlab/core"
)

// verify checks the engine's invariants; it panics on a violation (a bug, never bad input).
// Config.Verify runs it after every instant in tests.
func (s *Sim) verify() {
	n := s.cl.NumGPUs()
	owners := make([]int32, n)
	for g := range owners {
		owners[g] = -1
	}
	running := 0
	for i := s.runHead; i >= 0; i = s.jobs[i].next {
		j := &s.jobs[i]
		running++
		if j.status != Running {
			panic(fmt.Sprintf("verify: job %d in running list with status %v", i, j.status))
		}
		if len(j.live.gpus) != j.Job.GPUs {
			panic(fmt.Sprintf("verify: job %d holds %d GPUs, gang is %d", i, len(j.live.gpus), j.Job.GPUs))
		}
		if s.leaseList && (j.live.leaseAt <= s.now || j.live.leaseAt != s.jobs[s.runHead].live.leaseAt) {
			panic(fmt.Sprintf("verify: job %d's lease ends at %d, now %d, the first running job's at %d (see endDueLeases)",
				i, j.live.leaseAt, s.now, s.jobs[s.runHead].live.leaseAt))
		}
		for _, g := range j.live.gpus {
			if owners[g] >= 0 && s.occ == nil {
				panic(fmt.Sprintf("verify: GPU %d held by jobs %d and %d", g, owners[g], i))
			}
			if owners[g] < 0 {
				owners[g] = i
			}
		}
	}
	if s.occ != nil {
		s.verifySharing(owners)
	}
	if running != s.runLen {
		panic(fmt.Sprintf("verify: running list has %d jobs, count says %d", running, s.runLen))
	}
	free := make([]int, len(s.cl.Servers))
	for g := range owners {
		if owners[g] >= 0 && s.occ != nil {
			owners[g] = s.occ[g][0] // any occupant may come first; verifySharing checked the set
		}
		if owners[g] != s.gpuOwner[g] {
			panic(fmt.Sprintf("verify: GPU %d owner %d, recomputed %d", g, s.gpuOwner[g], owners[g]))
		}
		if owners[g] < 0 {
			free[s.cl.ServerOf(g)]++
		}
	}
	total := 0
	for sv := range free {
		if free[sv] != s.freeGPUs[sv] {
			panic(fmt.Sprintf("verify: server %d free %d, recomputed %d", sv, s.freeGPUs[sv], free[sv]))
		}
		total += free[sv]
		if x := &s.byFree; x.on() && x.sets[x.set(sv, free[sv])*x.words+sv>>6]&(1<<(sv&63)) == 0 {
			panic(fmt.Sprintf("verify: server %d (%d idle GPUs) missing from the index of idle GPUs", sv, free[sv]))
		}
		const eps = 1e-6
		srv := s.cl.Servers[sv]
		if s.cpuUsed[sv] > srv.CPUs+eps || s.cpuUsed[sv] < -eps || s.memUsed[sv] > srv.MemGB+eps || s.memUsed[sv] < -eps {
			panic(fmt.Sprintf("verify: server %d CPU %.6g/%.6g mem %.6g/%.6g", sv, s.cpuUsed[sv], srv.CPUs, s.memUsed[sv], srv.MemGB))
		}
	}
	if total != s.totalFree {
		panic(fmt.Sprintf("verify: total free %d, recomputed %d", s.totalFree, total))
	}
	s.verifyIndex(len(free))
	if s.kept != 0 || s.keptGPUs != 0 {
		panic(fmt.Sprintf("verify: %d lease(s) of %d GPUs still kept after the instant", s.kept, s.keptGPUs))
	}
	pending := 0
	for i := range s.jobs {
		j := &s.jobs[i]
		if j.kept {
			panic(fmt.Sprintf("verify: job %d's lease still kept after the instant", i))
		}
		inSet := s.pendBits[i>>6]&(1<<(i&63)) != 0
		if inSet != (j.status == Pending) {
			panic(fmt.Sprintf("verify: job %d status %v, in pending set %v", i, j.status, inSet))
		}
		if inSet {
			pending++
		}
		if j.done > j.total+1e-6 {
			panic(fmt.Sprintf("verify: job %d done %.6g of %.6g", i, j.done, j.total))
		}
		if (j.status == Pending || j.status == Running || j.status == Done) && i >= s.nextArrival {
			panic(fmt.Sprintf("verify: job %d is %v before its arrival", i, j.status))
		}
	}
	if pending != s.pendLen {
		panic(fmt.Sprintf("verify: pending set has %d jobs, count says %d", pending, s.pendLen))
	}
}

// verifySharing checks the occupancy lists against the running jobs' GPUs, that every shared GPU's
// group fits, and that every running job's speed is its isolated speed times the slowest of its
// GPUs' slowdowns.
func (s *Sim) verifySharing(owners []int32) {
	count := make([]int, len(s.occ))
	for i := s.runHead; i >= 0; i = s.jobs[i].next {
		j := &s.jobs[i]
		for _, g := range j.live.gpus {
			if !slices.Contains(s.occ[g], i) {
				panic(fmt.Sprintf("verify: job %d runs on GPU %d but is not among its occupants %v", i, g, s.occ[g]))
			}
			count[g]++
		}
		f := s.factor(j)
		if math.Abs(f-j.live.factor) > 1e-12 {
			panic(fmt.Sprintf("verify: job %d normalised throughput %.9g, recomputed %.9g", i, j.live.factor, f))
		}
		if !(s.rounds == LeaseRounds && s.cfg.Progress == RoundCredit) && math.Abs(j.live.rate-float64(j.live.baseRate*f)) > 1e-12*j.live.baseRate {
			panic(fmt.Sprintf("verify: job %d rate %.9g, want %.9g × %.9g", i, j.live.rate, j.live.baseRate, f))
		}
	}
	for g, o := range s.occ {
		if len(o) != count[g] {
			panic(fmt.Sprintf("verify: GPU %d lists %d occupants, %d running jobs hold it", g, len(o), count[g]))
		}
		if (len(o) > 0) != (owners[g] >= 0) {
			panic(fmt.Sprintf("verify: GPU %d occupants %v, owner %d", g, o, owners[g]))
		}
		if len(o) > 1 {
			group := make([]*core.Job, len(o))
			for k, i := range o {
				group[k] = s.jobs[i].Job
			}
			if !s.coloc.Fits(group, s.cl.Servers[s.cl.ServerOf(g)].Type) {
				panic(fmt.Sprintf("verify: GPU %d runs jobs %v that do not fit together", g, o))
			}
		}
	}
}

// verifyIndex checks that the index of idle GPUs holds each server once: every server is in its
// own set (checked with its count above), so the sets together holding as many servers as the
// cluster has leaves no stale entry, which would make View.TightestServer return a server the
// scan of FreeOn would not. Each set's size (which tightest uses to skip empty sets) is checked
// against its bits.
func (s *Sim) verifyIndex(servers int) {
	x := &s.byFree
	if !x.on() {
		return
	}
	held := 0
	for k, size := range x.size {
		n := 0
		for _, w := range x.sets[k*x.words : (k+1)*x.words] {
			n += bits.OnesCount64(w)
		}
		if n != int(size) {
			panic(fmt.Sprintf("verify: set %d of the index of idle GPUs holds %d servers, counted %d", k, n, size))
		}
		held += n
	}
	if held != servers {
		panic(fmt.Sprintf("verify: the index of idle GPUs holds %d servers, the cluster has %d", held, servers))
	}
}
