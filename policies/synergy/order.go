package synergy

import (
	"sort"

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
func (p *Policy) sortJobs(v *sim.View) {
	if p.order == FIFO {
		return
	}
	p.keys = p.keys[:0]
	for _, i := range p.jobs {
		p.keys = append(p.keys, p.key(v, v.Job(int(i)), &p.st[i]))
	}
	sort.Stable(byKey{p, v})
}

type byKey struct {
	p *Policy
	v *sim.View
}

func (b byKey) Len() int { return len(b.p.jobs) }

func (b byKey) Swap(x, y int) {
	b.p.jobs[x], b.p.jobs[y] = b.p.jobs[y], b.p.jobs[x]
	b.p.keys[x], b.p.keys[y] = b.p.keys[y], b.p.keys[x]
}

func (b byKey) Less(x, y int) bool {
	p := b.p
	ix, iy := p.jobs[x], p.jobs[y]
	if p.order != FIFO {
		if px, py := p.st[ix].prio, p.st[iy].prio; px != py {
			return px
		}
		if p.keys[x] != p.keys[y] {
			return p.keys[x] < p.keys[y]
		}
	}
	return b.v.Job(int(ix)).Job.Submit < b.v.Job(int(iy)).Job.Submit
}
