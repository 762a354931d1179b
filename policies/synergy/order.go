package synergy

import (
	"cmp"
	"slices"

	"schedlab/core"
	"schedlab/core/sim"
)

// remaining is the authors' remaining_duration: seconds left at the proportional share, divided by
// the speed-up the job was left with unless the mode is proportional.
func (p *Policy) remaining(v *sim.View, j *sim.JobState, s *jobState) float64 {
	d := s.unit * (j.Total() - v.Progress(j))
	if p.mode != Proportional {
		d /= s.keySpeed
	}
	return d
}

// key is the job's primary sort key (smaller first) under p's order.
func (p *Policy) key(v *sim.View, j *sim.JobState, s *jobState) float64 {
	switch p.order {
	case SRTF:
		return p.remaining(v, j, s)
	case LAS:
		return float64(s.rounds) * v.Round().Seconds() * float64(j.Job.GPUs)
	case FTF:
		ideal := s.unit * j.Total()
		return (v.Now().Seconds() - j.Job.Submit.Seconds() + p.remaining(v, j, s)) / ideal
	case DRF:
		c := v.Cluster()
		return max(float64(j.Job.GPUs)/float64(c.NumGPUs()), s.dem.CPU/c.TotalCPUs(), s.dem.Mem/c.TotalMemGB())
	case Tetris:
		c := v.Cluster()
		dur := p.remaining(v, j, s)
		w := 0.0
		w += float64(j.Job.GPUs) / float64(c.NumGPUs()) * dur
		w += s.dem.CPU / c.TotalCPUs() * dur
		w += s.dem.Mem / c.TotalMemGB() * dur
		return w
	}
	return j.Job.Submit.Seconds()
}

// sortJobs orders p.jobs by (bumped first, key, arrival), FIFO by arrival alone; ties keep arrival
// order, as the authors' stable in-place sort does for distinct arrival times. Under FIFO the
// jobs already come in that order (View.Pending yields arrival order, and arrival indices follow
// the engine's stable sort by submit time), so the sort is skipped.
//
// p.jobs comes in arrival order, so the stable sort's result is the one order of the entries
// (bumped first, key, submit time, arrival index), a strict total order for finite keys. Between
// rounds most waiting jobs keep their key (under LAS and SRTF only the jobs that ran change), so
// rather than sorting thousands of waiting jobs every round the sorter keeps last round's order,
// drops the jobs that left or whose entry changed, sorts only those that changed or arrived, and
// merges the two sorted lists: the same order in O(n + k log k) for k changed jobs.
func (p *Policy) sortJobs(v *sim.View) {
	if p.order == FIFO {
		return
	}
	o := &p.sorter
	prev := o.stamp
	o.stamp++
	o.fresh = o.fresh[:0]
	for _, i := range p.jobs {
		s := &p.st[i]
		j := v.Job(int(i))
		e := sortEntry{key: p.key(v, j, s), submit: j.Job.Submit, job: i, prio: s.prio}
		if keep := prev > 0 && s.sorted == prev && s.entry == e; !keep { // stamp 0: never sorted
			o.fresh = append(o.fresh, e)
		}
		s.entry, s.sorted = e, o.stamp
	}
	slices.SortFunc(o.fresh, compareEntries)
	// Merge the jobs kept from last round's order (filtered as they are read) with the fresh ones.
	out, f, n := o.spare[:0], o.fresh, 0
	for _, e := range o.order {
		// Kept: still waiting, with the entry it had last round (its entry then was e).
		if s := &p.st[e.job]; s.sorted != o.stamp || s.entry != e {
			continue
		}
		for len(f) > 0 && compareEntries(f[0], e) < 0 {
			out, p.jobs[n], f, n = append(out, f[0]), f[0].job, f[1:], n+1
		}
		out, p.jobs[n], n = append(out, e), e.job, n+1
	}
	for _, e := range f {
		out, p.jobs[n], n = append(out, e), e.job, n+1
	}
	o.order, o.spare = out, o.order
}

// sorter is sortJobs' memory between rounds.
type sorter struct {
	stamp uint32      // sortJobs calls so far; jobState.sorted holds the last one a job took part in
	order []sortEntry // last round's sorted jobs
	spare []sortEntry // the next order's buffer
	fresh []sortEntry
}

// sortEntry is a waiting job with its sort key as of one round.
type sortEntry struct {
	key    float64
	submit core.Time
	job    int32
	prio   bool
}

func compareEntries(a, b sortEntry) int {
	switch {
	case a.prio != b.prio:
		if a.prio {
			return -1
		}
		return 1
	case a.key != b.key:
		if a.key < b.key {
			return -1
		}
		return 1
	case a.submit != b.submit:
		return cmp.Compare(a.submit, b.submit)
	}
	return cmp.Compare(a.job, b.job)
}
