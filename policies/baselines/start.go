package baselines

import (
	"fmt"

	"schedlab/core"
	"schedlab/core/sim"
	"schedlab/policies/placement"
)

// TryStart places waiting job j with placer p and starts it; false means it does not fit now, and
// the job's reason is the engine's capacity or shape (View.NoRoom). It is how every baseline starts
// a job, and what a new policy calls to start one on free GPUs chosen by a named strategy
// (placement.ByName).
func TryStart(v *sim.View, p placement.Placer, j *sim.JobState) bool {
	if j.Job.GPUs > v.FreeGPUs() {
		v.NoRoom(j)
		return false
	}
	ids, ok := p.Place(v, j)
	if !ok {
		v.NoRoom(j)
		return false
	}
	if err := v.Start(j, sim.Alloc{GPUs: ids}); err != nil {
		// The placer promised free GPUs of one allowed type: a refusal is a bug.
		panic(fmt.Sprintf("baselines: placement %s chose GPUs the engine refused: %v", p.Name(), err))
	}
	return true
}

// capacity counts GPUs per type while a preemptive policy chooses the set of jobs that should
// run: jobs are admitted in priority order while GPUs of an allowed type remain. Running jobs are
// charged to the type they hold; a waiting job to the allowed type with the most GPUs left (ties
// to cluster order), the same rule the placers use.
type capacity struct {
	types []core.GPUType
	base  []int
	left  []int
	total int
}

func (c *capacity) init(cl *core.Cluster) {
	c.types = cl.Types()
	c.base = make([]int, len(c.types))
	c.left = make([]int, len(c.types))
	for i, t := range c.types {
		c.base[i] = cl.GPUsOfType(t)
	}
}

func (c *capacity) reset() {
	copy(c.left, c.base)
	c.total = 0
	for _, n := range c.base {
		c.total += n
	}
}

func (c *capacity) take(t, g int) {
	c.left[t] -= g
	c.total -= g
}

// typeOf is the index of the type running job j holds.
func (c *capacity) typeOf(j *sim.JobState) int {
	t := 0
	if len(c.types) > 1 {
		for t < len(c.types) && c.types[t] != j.GPUType() {
			t++
		}
	}
	return t
}

// most is the most GPUs left of one type: no waiting job of more GPUs can be admitted.
func (c *capacity) most() int {
	m := 0
	for _, n := range c.left {
		m = max(m, n)
	}
	return m
}

// takeRunning charges running job j; false if its type has no room left.
func (c *capacity) takeRunning(j *sim.JobState) bool {
	g := j.Job.GPUs
	t := c.typeOf(j)
	if c.left[t] < g {
		return false
	}
	c.take(t, g)
	return true
}

// takePending charges waiting job j; false if no allowed type has room.
func (c *capacity) takePending(j *sim.JobState) bool {
	g := j.Job.GPUs
	if len(c.types) == 1 {
		if c.left[0] < g || !j.Job.AllowsType(c.types[0]) {
			return false
		}
		c.take(0, g)
		return true
	}
	best := -1
	for t, typ := range c.types {
		if c.left[t] >= g && j.Job.AllowsType(typ) && (best < 0 || c.left[t] > c.left[best]) {
			best = t
		}
	}
	if best < 0 {
		return false
	}
	c.take(best, g)
	return true
}
