package baselines

import "schedlab/core/sim"

// arrivals is a cursor over the workload in arrival order that hands each newly arrived,
// accepted job to the policy once. The engine applies arrivals before asking the policy to decide,
// so every job submitted at or before now has arrived.
type arrivals struct{ next int }

func (a *arrivals) reset() { a.next = 0 }

// each calls fn for every job that arrived since the last call and is waiting (rejected jobs,
// which never fit the cluster, are skipped).
func (a *arrivals) each(v *sim.View, fn func(j *sim.JobState)) {
	now, n := v.Now(), v.NumJobs()
	for a.next < n {
		j := v.Job(a.next)
		if j.Job.Submit > now {
			return
		}
		a.next++
		if j.Status() == sim.Pending {
			fn(j)
		}
	}
}
