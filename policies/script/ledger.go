package script

import (
	"slices"

	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"

	"schedlab/core"
	"schedlab/core/sim"
)

// ledger keeps what a fairness or feedback policy asks of the run as a whole: the jobs that
// finished since the previous decision (s.finished) and, per user, the GPU time attained and the
// GPUs held now (s.users). It is kept only once a script has asked for either (a script that
// never does pays nothing), from then on at the start and end of every decision: the running jobs
// at the end of one decision either still run at the start of the next or have finished (only the
// policy starts and stops jobs), so comparing the two sets is all it takes, in O(running jobs).
type ledger struct {
	on       bool
	running  []int32 // the running jobs at the end of the previous decision
	spare    []int32
	finished []int32 // the jobs that finished since then
	users    []string
	userOf   map[string]int
	base     []core.Time // per user: GPU time attained by its jobs not in running
	job      []int32     // per job: its user's number, -1 before it is first seen
}

// start brings the ledger to the start of a decision.
func (l *ledger) start(p *Policy) {
	if !l.on {
		return
	}
	v := p.view
	l.finished = l.finished[:0]
	for _, i := range l.running {
		if st := v.Job(int(i)); st.Status() != sim.Running {
			l.finished = append(l.finished, i)
			l.base[l.user(st)] += v.Attained(st)
		}
	}
}

// end records the running jobs at the end of a decision, with the starts and stops it made.
func (l *ledger) end(p *Policy) {
	if !l.on {
		return
	}
	v := p.view
	for _, i := range l.running {
		if st := v.Job(int(i)); st.Status() == sim.Pending { // stopped in this decision
			l.base[l.user(st)] += v.Attained(st)
		}
	}
	was := l.running
	l.running, l.spare = l.spare[:0], was // (the two buffers swap every decision)
	for st := range v.Running() {
		l.running = append(l.running, int32(st.Index))
	}
	slices.Sort(l.running)
	for _, i := range l.running {
		if _, ok := slices.BinarySearch(was, i); !ok { // started in this decision
			st := v.Job(int(i))
			l.base[l.user(st)] -= v.Attained(st)
		}
	}
}

// turnOn starts keeping the ledger, in the middle of a decision: from every job that has arrived.
func (l *ledger) turnOn(p *Policy) {
	if l.on {
		return
	}
	v := p.view
	*l = ledger{on: true, userOf: map[string]int{}, job: make([]int32, v.NumJobs())}
	for i := range l.job {
		l.job[i] = -1
	}
	for i := range v.Arrived() {
		st := v.Job(i)
		u := l.user(st)
		if st.Status() == sim.Running {
			l.running = append(l.running, int32(i))
		} else {
			l.base[u] += v.Attained(st)
		}
	}
}

func (l *ledger) user(st *sim.JobState) int {
	if u := l.job[st.Index]; u >= 0 {
		return int(u)
	}
	u, ok := l.userOf[st.Job.User]
	if !ok {
		u = len(l.users)
		l.userOf[st.Job.User] = u
		l.users = append(l.users, st.Job.User)
		l.base = append(l.base, 0)
	}
	l.job[st.Index] = int32(u)
	return u
}

// finishedList is s.finished: the jobs that finished since the previous decision, in arrival
// order (empty at the first decision that asks).
func (l *ledger) finishedList(p *Policy) *starlark.List {
	l.turnOn(p)
	out := make([]starlark.Value, len(l.finished))
	slices.Sort(l.finished)
	for k, i := range l.finished {
		out[k] = p.jobValue(int(i))
	}
	return frozenList(out)
}

// usersDict is s.users: per user (in order of first arrival), the GPU time attained by all its
// jobs so far (.attained in GPU-seconds, .attained_ms) and what it holds now (.gpus, .running).
func (l *ledger) usersDict(p *Policy) *starlark.Dict {
	l.turnOn(p)
	v := p.view
	for st := range v.Running() {
		l.user(st) // (a user first seen now)
	}
	att := make([]core.Time, len(l.users))
	gpus := make([]int, len(l.users))
	running := make([]int, len(l.users))
	copy(att, l.base)
	for _, i := range l.running {
		// Running at the end of the previous decision: still running, or stopped in this one
		// (its attained time frozen since); a finished one is in base already.
		if st := v.Job(int(i)); st.Status() != sim.Done {
			att[l.user(st)] += v.Attained(st)
		}
	}
	for st := range v.Running() {
		u := l.user(st)
		gpus[u] += st.Job.GPUs
		running[u]++
	}
	d := starlark.NewDict(len(l.users))
	for u, name := range l.users {
		_ = d.SetKey(starlark.String(name), starlarkstruct.FromStringDict(starlarkstruct.Default, starlark.StringDict{
			"attained":    seconds(att[u]),
			"attained_ms": starlark.MakeInt64(int64(att[u])),
			"gpus":        starlark.MakeInt(gpus[u]),
			"running":     starlark.MakeInt(running[u]),
		}))
	}
	d.Freeze()
	return d
}
