package baselines

import (
	"schedlab/core/sim"
	"schedlab/policies/placement"
)

// Greedy applies a preemptive policy's decision given as a priority order over running and waiting
// jobs, by the rule srtf and las follow: jobs are admitted in order while GPUs of an allowed type
// remain (a job that does not fit is skipped); running jobs not admitted are stopped, then waiting
// jobs admitted are started with the placer. Running jobs missing from the order are stopped
// too. A value is reused across decisions of one run.
type Greedy struct {
	cap   capacity
	cl    any
	admit []*sim.JobState
	mark  []bool
}

// Apply brings the running set in line with order (each job at most once; the caller checks).
func (g *Greedy) Apply(v *sim.View, p placement.Placer, order []*sim.JobState) {
	if g.cl != any(v.Cluster()) {
		g.cap.init(v.Cluster())
		g.cl = v.Cluster()
	}
	if len(g.mark) < v.NumJobs() {
		g.mark = make([]bool, v.NumJobs())
	}
	g.cap.reset()
	g.admit = g.admit[:0]
	for _, j := range order {
		if g.cap.total == 0 {
			break
		}
		ok := false
		if j.Status() == sim.Running {
			ok = g.cap.takeRunning(j)
		} else {
			ok = g.cap.takePending(j)
		}
		switch {
		case ok:
			g.admit = append(g.admit, j)
			g.mark[j.Index] = true
		case j.Status() == sim.Running:
		case len(g.admit) > 0:
			v.Wait(j, sim.Behind(ruleGreedy, g.admit[0].Index, len(g.admit), 0))
		default:
			v.NoRoom(j)
		}
	}
	for _, j := range order {
		if j.Status() == sim.Running && !g.mark[j.Index] {
			stopOrPanic(v, j)
		}
	}
	for j := range v.Running() {
		if !g.mark[j.Index] {
			stopOrPanic(v, j) // (stopping the yielded job is allowed)
		}
	}
	for _, j := range g.admit {
		g.mark[j.Index] = false
		if j.Status() == sim.Pending {
			TryStart(v, p, j) // one that the placer cannot place now waits
		}
	}
}

// ruleGreedy is why a job Greedy passes over waits.
var ruleGreedy = &sim.Rule{Class: sim.Order, Text: "ranked by the policy's order"}

func stopOrPanic(v *sim.View, j *sim.JobState) {
	if err := v.Stop(j); err != nil {
		panic("baselines: " + err.Error())
	}
}
