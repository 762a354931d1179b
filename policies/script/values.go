package script

import (
	"fmt"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"schedlab/core"
	"schedlab/core/sim"
)

// job is a script's read-only view of one job: a value per job and run, so a script may keep
// jobs in its store, compare them (by arrival) and use them as dictionary keys. Its fields are
// read from the engine when asked, so they are always those of the current decision.
type job struct {
	p  *Policy
	st *sim.JobState
}

var (
	_ starlark.HasAttrs   = (*job)(nil)
	_ starlark.Comparable = (*job)(nil)
)

func (j *job) String() string        { return fmt.Sprintf("job(%q)", j.st.Job.ID) }
func (j *job) Type() string          { return "job" }
func (j *job) Freeze()               {}
func (j *job) Truth() starlark.Bool  { return starlark.True }
func (j *job) Hash() (uint32, error) { return uint32(j.st.Index), nil }

func (j *job) CompareSameType(op syntax.Token, y starlark.Value, depth int) (bool, error) {
	a, b := j.st.Index, y.(*job).st.Index
	switch op {
	case syntax.EQL:
		return a == b, nil
	case syntax.NEQ:
		return a != b, nil
	case syntax.LT:
		return a < b, nil
	case syntax.LE:
		return a <= b, nil
	case syntax.GT:
		return a > b, nil
	}
	return a >= b, nil
}

// jobFields are a job's attributes, in the order the guide lists them.
var jobFields = []string{"id", "index", "gpus", "submit", "status", "model", "user", "iterations",
	"duration", "remaining", "attained", "held", "progress", "first_start", "preemptions",
	"gpu_type", "gpus_held", "allowed_types",
	"submit_ms", "duration_ms", "remaining_ms", "attained_ms", "held_ms", "first_start_ms"}

func (j *job) AttrNames() []string { return jobFields }

func seconds(t core.Time) starlark.Value { return starlark.Float(float64(t) / 1000) }

func (j *job) Attr(name string) (starlark.Value, error) {
	v, st := j.p.view, j.st
	switch name {
	case "id":
		return starlark.String(st.Job.ID), nil
	case "index":
		return starlark.MakeInt(st.Index), nil
	case "gpus":
		return starlark.MakeInt(st.Job.GPUs), nil
	case "submit":
		return seconds(st.Job.Submit), nil
	case "status":
		return statusValues[st.Status()&7], nil
	case "model":
		return starlark.String(st.Job.Model), nil
	case "user":
		return starlark.String(st.Job.User), nil
	case "iterations":
		return starlark.MakeInt64(st.Job.Iterations), nil
	case "duration":
		return seconds(st.Job.Duration), nil
	case "remaining":
		return seconds(v.Remaining(st)), nil
	case "submit_ms":
		return starlark.MakeInt64(int64(st.Job.Submit)), nil
	case "duration_ms":
		return starlark.MakeInt64(int64(st.Job.Duration)), nil
	case "remaining_ms":
		return starlark.MakeInt64(int64(v.Remaining(st))), nil
	case "attained_ms":
		return starlark.MakeInt64(int64(v.Attained(st))), nil
	case "held_ms":
		return starlark.MakeInt64(int64(v.Held(st))), nil
	case "first_start_ms":
		if st.FirstStart() < 0 {
			return starlark.None, nil
		}
		return starlark.MakeInt64(int64(st.FirstStart())), nil
	case "attained":
		return seconds(v.Attained(st)), nil
	case "held":
		return seconds(v.Held(st)), nil
	case "progress":
		if st.Total() <= 0 {
			return starlark.Float(0), nil
		}
		return starlark.Float(v.Progress(st) / st.Total()), nil
	case "first_start":
		if st.FirstStart() < 0 {
			return starlark.None, nil
		}
		return seconds(st.FirstStart()), nil
	case "preemptions":
		return starlark.MakeInt(st.Preemptions()), nil
	case "gpu_type":
		if st.FirstStart() < 0 {
			return starlark.None, nil
		}
		return starlark.String(string(st.GPUType())), nil
	case "gpus_held":
		held := st.GPUsHeld()
		out := make([]starlark.Value, len(held))
		for i, g := range held {
			out[i] = starlark.MakeInt(int(g))
		}
		return frozenList(out), nil
	case "allowed_types":
		out := make([]starlark.Value, len(st.Job.GPUTypes))
		for i, t := range st.Job.GPUTypes {
			out[i] = starlark.String(string(t))
		}
		return frozenList(out), nil
	}
	return nil, nil
}

// statusValues are the status names as Starlark values, made once (a field read allocates nothing).
var statusValues = func() (out [8]starlark.Value) {
	for s := range out {
		out[s] = starlark.String(statusName(sim.Status(s)))
	}
	return out
}()

func statusName(s sim.Status) string {
	switch s {
	case sim.Pending:
		return "waiting"
	case sim.Running:
		return "running"
	case sim.Done:
		return "done"
	case sim.Rejected:
		return "rejected"
	}
	return "future"
}

func frozenList(vs []starlark.Value) *starlark.List {
	l := starlark.NewList(vs)
	l.Freeze()
	return l
}

// state is the snapshot a call receives: the decision's time, the queue and the running jobs, the
// free GPUs, the run's store and random source, and the actions.
type state struct {
	p *Policy
}

var stateFields = []string{"now", "round", "now_ms", "round_ms", "why", "queue", "running", "arrived", "finished",
	"users", "free", "free_by_type", "servers", "store", "job", "first", "free_gpus", "start", "preempt",
	"random", "randint", "warn", "wait"}

func (s *state) String() string        { return "state" }
func (s *state) Type() string          { return "state" }
func (s *state) Freeze()               {}
func (s *state) Truth() starlark.Bool  { return starlark.True }
func (s *state) Hash() (uint32, error) { return 0, fmt.Errorf("unhashable: state") }
func (s *state) AttrNames() []string   { return stateFields }

func (s *state) Attr(name string) (starlark.Value, error) {
	p := s.p
	v := p.view
	switch name {
	case "now":
		return seconds(v.Now()), nil
	case "round":
		return seconds(v.Round()), nil
	case "now_ms":
		return starlark.MakeInt64(int64(v.Now())), nil
	case "round_ms":
		return starlark.MakeInt64(int64(v.Round())), nil
	case "why":
		return whyValue(p.why), nil
	case "arrived":
		out := make([]starlark.Value, 0, v.Arrived()-p.arrived)
		for i := p.arrived; i < v.Arrived(); i++ {
			out = append(out, p.jobValue(i))
		}
		return frozenList(out), nil
	case "finished":
		return p.ledger.finishedList(p), nil
	case "users":
		return p.ledger.usersDict(p), nil
	case "queue":
		return p.jobsOf(false), nil
	case "running":
		return p.jobsOf(true), nil
	case "free":
		return starlark.MakeInt(v.FreeGPUs()), nil
	case "free_by_type":
		return p.freeByType(), nil
	case "servers":
		return p.serverList(), nil
	case "store":
		return p.store, nil
	case "job", "first", "free_gpus", "start", "preempt", "random", "randint", "warn", "wait":
		return p.methods[name], nil
	}
	return nil, nil
}

// server is one server of the cluster as a script sees it.
type server struct {
	p  *Policy
	sv *core.Server
}

func (s *server) String() string        { return fmt.Sprintf("server(%d)", s.sv.Index) }
func (s *server) Type() string          { return "server" }
func (s *server) Freeze()               {}
func (s *server) Truth() starlark.Bool  { return starlark.True }
func (s *server) Hash() (uint32, error) { return uint32(s.sv.Index), nil }
func (s *server) AttrNames() []string {
	return []string{"index", "type", "gpus", "free", "first_gpu", "cpus", "mem_gb"}
}

func (s *server) Attr(name string) (starlark.Value, error) {
	switch name {
	case "index":
		return starlark.MakeInt(s.sv.Index), nil
	case "type":
		return starlark.String(string(s.sv.Type)), nil
	case "gpus":
		return starlark.MakeInt(s.sv.GPUs), nil
	case "free":
		return starlark.MakeInt(s.p.view.FreeOn(s.sv.Index)), nil
	case "first_gpu":
		return starlark.MakeInt(s.sv.FirstGPU), nil
	case "cpus":
		return starlark.Float(s.sv.CPUs), nil
	case "mem_gb":
		return starlark.Float(s.sv.MemGB), nil
	}
	return nil, nil
}

// whyValue is s.why: why the decision was called, a tuple of "arrival", "completion",
// "lease-end", "round" and "wake" (several may hold at one instant), made once per combination.
// "wake" is the engine waking a preemptive priority policy at the time a running job's priority
// said it holds until (its third element).
func whyValue(t sim.Trigger) starlark.Tuple { return whyValues[t&31] }

var whyValues = func() (out [32]starlark.Tuple) {
	names := []string{"arrival", "completion", "lease-end", "round", "wake"} // sim.OnArrival, OnCompletion, OnLeaseEnd, OnTick, OnWake
	for t := range out {
		out[t] = starlark.Tuple{}
		for b, name := range names {
			if t&(1<<b) != 0 {
				out[t] = append(out[t], starlark.String(name))
			}
		}
	}
	return out
}()
