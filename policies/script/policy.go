package script

import (
	"fmt"
	"math"
	"strings"

	"go.starlark.net/starlark"

	"schedlab/core"
	"schedlab/core/sim"
	"schedlab/policies/baselines"
	"schedlab/policies/placement"
)

// Policy is one run of a Program: a sim.Policy that calls the script at each decision. A script
// that fails, or breaks a rule, ends the run through View.Fail with an *Error at its line.
type Policy struct {
	prog    *Program
	placer  placement.Placer
	placers map[string]placement.Placer
	view    *sim.View
	thread  *starlark.Thread
	meter   meter
	mem     memory
	lim     Limits // the program's, or the spec's (Bound)
	dry     bool   // Check's dry run: the run ceilings are dryRunSteps and dryRunUnits
	runMax  uint64 // the run's step ceiling
	callEnd uint64 // the step at which the running call's allowance ends
	callMax uint64 // the running call's allowance
	memErr  error  // set when a count found the memory budget spent (the thread is cancelled)
	why     sim.Trigger
	arrived int    // v.Arrived() at the end of the previous decision: s.arrived is the jobs after it
	note    string // a warning for the run's start (a placement the run replaced)
	ledger  ledger
	store   *starlark.Dict
	state   *state
	methods map[string]*starlark.Builtin
	jobs    []*job
	byID    map[string]int
	keyed   *baselines.Keyed
	greedy  baselines.Greedy
	err     *Error
	prints  int
	inPrio  bool
	calls   int
	// Per job: the running key the script said stays valid until until (cached), and the
	// decision in which its priority was last asked while running.
	keyA, keyB []int64
	until      []core.Time
	cached     []bool
	falls      []bool // the running key was said to only fall ("falls"): asked again, never rising
	// The running key was said to move with a field of its job (moves: movesRemaining or
	// movesAttained): its first element is keyA (float64 bits of the script's number) plus rate
	// for each millisecond the field has moved since until (which holds the field's value then).
	moves    []uint8
	rate     []float64
	untilGen []uint64
	reasons  map[string]*sim.Rule // s.wait's texts (wait.go)
	args2    starlark.Tuple       // (job, s): reused, as the functions take no *args that could keep it

	gen    uint64     // decision count: a jobList belongs to one
	live   []*jobList // the lists handed out in this decision
	order  []*sim.JobState
	listed []bool
}

var (
	_ sim.RoundPolicy = (*Policy)(nil)
	_ sim.Initer      = (*Policy)(nil)
)

func newPolicy(prog *Program, pl placement.Placer) *Policy {
	p := &Policy{prog: prog, placer: pl, placers: map[string]placement.Placer{pl.Name(): pl}, lim: prog.limits}
	p.state = &state{p: p}
	p.args2 = starlark.Tuple{nil, p.state}
	p.methods = map[string]*starlark.Builtin{
		"job":       starlark.NewBuiltin("job", p.builtinJob),
		"free_gpus": starlark.NewBuiltin("free_gpus", p.builtinFreeGPUs),
		"start":     starlark.NewBuiltin("start", p.builtinStart),
		"preempt":   starlark.NewBuiltin("preempt", p.builtinPreempt),
		"random":    starlark.NewBuiltin("random", p.builtinRandom),
		"randint":   starlark.NewBuiltin("randint", p.builtinRandint),
		"warn":      starlark.NewBuiltin("warn", p.builtinWarn),
		"first":     starlark.NewBuiltin("first", p.builtinFirst),
		"wait":      starlark.NewBuiltin("wait", p.builtinWait),
	}
	if prog.priority != nil {
		p.keyed = baselines.NewKeyed(prog.name, pl, ranker{p}, prog.preempt, !prog.backfill)
	}
	return p
}

// Name implements sim.Policy.
func (p *Policy) Name() string { return p.prog.name }

// Rounds implements sim.RoundPolicy: the script's rounds setting adds the round ticks.
func (p *Policy) Rounds() sim.Rounds {
	if p.prog.rounds {
		return sim.RoundsToo
	}
	return sim.NoRounds
}

// Err is the error the script ended its run with, nil if none.
func (p *Policy) Err() error {
	if p.err == nil {
		return nil
	}
	return p.err
}

// Init implements sim.Initer: a fresh thread, store and step budget for the run.
func (p *Policy) Init(v *sim.View) {
	p.view = v
	lim := p.lim
	n := v.NumJobs()
	p.runMax = lim.RunSteps
	runUnits := lim.RunUnits
	if p.dry {
		p.runMax, runUnits = min(p.runMax, dryRunSteps), min(runUnits, dryRunUnits)
	}
	p.meter = meter{lim: lim, run: runUnits, mem: &p.mem}
	p.thread = &starlark.Thread{Name: p.prog.name, Print: p.print, OnMaxSteps: p.onMaxSteps}
	p.thread.SetLocal(meterKey, &p.meter)
	p.memErr = nil
	p.ledger = ledger{}
	p.arrived = 0
	if p.note != "" {
		v.Warn(p.note)
	}
	p.store = starlark.NewDict(16)
	p.mem.reset(p, lim.Memory)
	p.jobs = make([]*job, n)
	p.byID = nil
	p.err = nil
	p.prints = 0
	p.listed = make([]bool, n)
	p.keyA, p.keyB = make([]int64, n), make([]int64, n)
	p.reasons = nil
	p.until = make([]core.Time, n)
	p.cached = make([]bool, n)
	p.falls = make([]bool, n)
	p.moves, p.rate = make([]uint8, n), make([]float64, n)
	p.untilGen = make([]uint64, n)
	p.gen = 0
	p.live = p.live[:0]
	if p.keyed != nil {
		p.keyed.Init(v)
	}
}

// Decide implements sim.Policy.
func (p *Policy) Decide(v *sim.View, why sim.Trigger) {
	if p.err != nil {
		return
	}
	p.view = v
	p.why = why
	p.gen++
	p.live = p.live[:0]
	p.ledger.start(p)
	if p.keyed != nil {
		p.keyed.Decide(v, why)
	} else {
		p.callSchedule()
	}
	p.ledger.end(p)
	p.arrived = v.Arrived()
	if p.err != nil {
		v.Fail(p.err)
	}
}

func (p *Policy) fail(e *Error) {
	if p.err == nil {
		p.err = e
	}
}

// Bound implements policies.Bounded: the spec's script limits (the runner's -script-steps and
// -script-memory, the page's settings) replace the program's, for the runs to come.
func (p *Policy) Bound(steps uint64, memory int64) { p.lim = p.lim.Scale(steps, memory) }

// call runs fn under the per-call budgets, which grow with the jobs the decision sees (seen:
// waiting and running; 0 for priority, which ranks one job).
func (p *Policy) call(fn *starlark.Function, args starlark.Tuple, seen int) (starlark.Value, bool) {
	th := p.thread
	p.calls++
	p.callMax = p.lim.CallSteps + p.lim.SeenSteps*uint64(seen)
	p.meter.callMax = p.lim.CallUnits + p.lim.SeenUnits*int64(seen)
	p.meter.call = p.meter.callMax
	p.callEnd = min(th.Steps+p.callMax, p.runMax)
	th.SetMaxExecutionSteps(min(p.callEnd, p.mem.next))
	r, err := starlark.Call(th, fn, args, nil)
	if err != nil {
		e := stepError(p.prog.file, p.callMax, p.allowance(fn, seen), err)
		switch {
		case p.memErr != nil:
			e.Msg = p.memErr.Error()
		case th.Steps >= p.runMax && strings.HasPrefix(e.Msg, "stopped after"):
			e.Msg = fmt.Sprintf("stopped after %d steps in this run: the step limit per run (%d; the runner's -script-steps and the page's Script steps raise it)",
				th.Steps, p.runMax)
		}
		p.fail(e)
		return nil, false
	}
	return r, true
}

// allowance says what a call of fn may take, for a spent step limit's message.
func (p *Policy) allowance(fn *starlark.Function, seen int) string {
	if seen == 0 {
		return fmt.Sprintf("a call of %s may take %d steps", fn.Name(), p.lim.CallSteps)
	}
	return fmt.Sprintf("a call of %s may take %d steps and %d more per job waiting or running", fn.Name(), p.lim.CallSteps, p.lim.SeenSteps)
}

// onMaxSteps is the thread's OnMaxSteps: the call's allowance is spent (the call is cancelled),
// or a count of the script's memory is due.
func (p *Policy) onMaxSteps(th *starlark.Thread) {
	if th.Steps >= p.callEnd {
		th.Cancel("too many steps")
		return
	}
	if err := p.mem.count(); err != nil {
		p.memErr = err
		th.Cancel("memory budget")
		return
	}
	th.SetMaxExecutionSteps(min(p.callEnd, p.mem.next))
}

// MemoryPeak is the most the script held at any count of its memory, in bytes (as mem.go counts).
func (p *Policy) MemoryPeak() int64 { return p.mem.peak }

func (p *Policy) wrong(fn *starlark.Function, format string, args ...any) {
	p.fail(errAt(fn.Position(), p.prog.file, fmt.Sprintf(format, args...)))
}

// ranker asks the script's priority function for keys.
type ranker struct{ p *Policy }

// WaitingKey implements baselines.Ranker.
func (r ranker) WaitingKey(v *sim.View, j *sim.JobState) (int64, int64) {
	r.p.cached[j.Index], r.p.falls[j.Index], r.p.moves[j.Index] = false, false, 0 // (a job's key is asked as waiting when it arrives or is stopped)
	return r.p.key(j)
}

// RunningKey implements baselines.Ranker: the script's answer, or the one it said stays valid.
func (r ranker) RunningKey(v *sim.View, j *sim.JobState) (int64, int64) {
	p, i := r.p, j.Index
	if p.moves[i] != 0 {
		a := math.Float64frombits(uint64(p.keyA[i])) + float64(p.rate[i]*float64(moved(v, j, p.moves[i])-p.until[i]))
		return order(a), p.keyB[i]
	}
	if p.cached[i] && v.Now() < p.until[i] {
		return p.keyA[i], p.keyB[i]
	}
	return p.key(j)
}

// The fields a running key may move with (the third element ("remaining_ms", rate) or
// ("attained_ms", rate)).
const (
	movesRemaining = 1 + iota
	movesAttained
)

// moved is the value of the field a running key moves with.
func moved(v *sim.View, j *sim.JobState, field uint8) core.Time {
	if field == movesRemaining {
		return v.Remaining(j)
	}
	return v.Attained(j)
}

// HoldsUntil implements baselines.Holder from the third element a running job's priority may
// carry: until when it stays as it is (so it cannot rise either), or "falls": it never rises
// while the job runs (core.MaxTime, as srtf's and srsf's HoldsUntil say), or a field it moves
// with, which says whether it falls (remaining_ms with a rate ≥ 0, attained_ms with a rate ≤ 0:
// core.MaxTime) or may rise (now: every decision takes the full computation, without asking the
// script). A job whose priority was not asked while running in this decision (it was just
// started) is asked now.
func (r ranker) HoldsUntil(v *sim.View, j *sim.JobState) core.Time {
	p, i := r.p, j.Index
	if !p.cached[i] && !p.falls[i] && p.moves[i] == 0 && p.untilGen[i] != p.gen {
		r.RunningKey(v, j)
	}
	switch m := p.moves[i]; {
	case p.err != nil:
		return v.Now()
	case p.falls[i]:
		return core.MaxTime
	case m == movesRemaining && p.rate[i] >= 0, m == movesAttained && p.rate[i] <= 0:
		return core.MaxTime
	case m != 0:
		return v.Now()
	case !p.cached[i]:
		return v.Now()
	}
	return p.until[i]
}

// key calls priority(job, s): a number or a tuple of one to three numbers, smaller first.
func (p *Policy) key(j *sim.JobState) (int64, int64) {
	if p.err != nil {
		return 0, 0
	}
	fn := p.prog.priority
	p.inPrio = true
	p.args2[0] = p.jobValue(j.Index)
	r, ok := p.call(fn, p.args2, 0)
	p.inPrio = false
	if !ok {
		return 0, 0
	}
	var a, b int64
	running := j.Status() == sim.Running
	if running {
		p.untilGen[j.Index] = p.gen
		p.cached[j.Index], p.falls[j.Index], p.moves[j.Index] = false, false, 0
	}
	switch r := r.(type) {
	case starlark.Tuple:
		if len(r) < 1 || len(r) > 3 {
			p.wrong(fn, "priority returned a tuple of %d; want a number or a tuple of numbers (two, and for a running job a third: until when)", len(r))
			return 0, 0
		}
		a, ok = p.number(fn, r[0])
		if ok && len(r) >= 2 {
			b, ok = p.number(fn, r[1])
		}
		if mv, isTuple := r3(r).(starlark.Tuple); ok && isTuple {
			ok = p.movesWith(fn, j, r[0], b, mv, running)
		} else if ok && len(r) == 3 && r[2] == fallsValue {
			p.falls[j.Index] = running
		} else if ok && len(r) == 3 {
			var until core.Time
			if until, ok = p.holdsUntil(fn, r[2]); ok && running {
				p.cached[j.Index], p.until[j.Index] = true, until
				p.keyA[j.Index], p.keyB[j.Index] = a, b
			}
		}
	default:
		a, ok = p.number(fn, r)
	}
	if !ok {
		return 0, 0
	}
	return a, b
}

// r3 is a tuple's third element, or nil.
func r3(r starlark.Tuple) starlark.Value {
	if len(r) < 3 {
		return nil
	}
	return r[2]
}

// movesWith reads a third element (FIELD, rate): the first element x is x + rate × (FIELD now −
// FIELD now asked), which the policy computes itself for a running job without asking the script
// again until the job stops (a waiting job's key is frozen anyway, so there it says nothing).
func (p *Policy) movesWith(fn *starlark.Function, j *sim.JobState, x starlark.Value, b int64, mv starlark.Tuple, running bool) bool {
	var field uint8
	var rate float64
	isNum := false
	if len(mv) == 2 {
		switch mv[0] {
		case starlark.String("remaining_ms"):
			field = movesRemaining
		case starlark.String("attained_ms"):
			field = movesAttained
		}
		rate, isNum = starlark.AsFloat(mv[1])
	}
	if field == 0 || !isNum || math.IsNaN(rate) || math.IsInf(rate, 0) {
		p.wrong(fn, "priority's third element is %s; want None, \"falls\", a time in seconds or (\"remaining_ms\" or \"attained_ms\", a rate)", mv.String())
		return false
	}
	a, _ := starlark.AsFloat(x)
	if !running {
		return true
	}
	i := j.Index
	p.moves[i], p.rate[i], p.until[i] = field, rate, moved(p.view, j, field)
	p.keyA[i], p.keyB[i] = int64(math.Float64bits(a)), b
	return true
}

// fallsValue is the third element of a running job's priority that says its key only falls.
const fallsValue = starlark.String("falls")

// holdsUntil reads the third element of a running job's priority: until when, in seconds, it
// stays as it is (None: for as long as the job runs), rounded up to the millisecond — a
// microsecond's rounding error in the script's arithmetic is forgiven, so now + left / gpus gives
// the exact millisecond.
func (p *Policy) holdsUntil(fn *starlark.Function, x starlark.Value) (core.Time, bool) {
	if x == starlark.None {
		return core.MaxTime, true
	}
	f, isNum := starlark.AsFloat(x)
	if !isNum || math.IsNaN(f) {
		p.wrong(fn, "priority's third element is %s; want None, \"falls\" or a time in seconds", x.String())
		return 0, false
	}
	if !core.CheckSeconds(f) {
		return core.MaxTime, true
	}
	return max(p.view.Now(), core.Time(math.Ceil(float64(f*1000)-1e-3))), true
}

// number maps an int or float onto int64 in the same order (ints through float64: exact below
// 2^53).
func (p *Policy) number(fn *starlark.Function, v starlark.Value) (int64, bool) {
	var f float64
	switch v := v.(type) {
	case starlark.Int:
		f = float64(v.Float())
	case starlark.Float:
		f = float64(v)
	default:
		p.wrong(fn, "priority returned %s; want a number or a tuple of numbers (two, and for a running job a third: until when)", v.Type())
		return 0, false
	}
	if math.IsNaN(f) {
		p.wrong(fn, "priority returned nan")
		return 0, false
	}
	return order(f), true
}

// order maps f onto int64 in the same order.
func order(f float64) int64 {
	if f == 0 {
		f = 0 // -0 sorts with +0
	}
	u := math.Float64bits(f)
	if u>>63 != 0 {
		u = ^u
	} else {
		u |= 1 << 63
	}
	return int64(u ^ 1<<63)
}

// callSchedule calls schedule(s) and applies the order it returns, if any.
func (p *Policy) callSchedule() {
	fn := p.prog.schedule
	r, ok := p.call(fn, starlark.Tuple{p.state}, p.view.PendingLen()+p.view.RunningLen())
	if !ok || r == starlark.None {
		return
	}
	if l, isList := r.(*jobList); isList && !l.running && l.list == nil && l.gen == p.gen && !p.prog.preempt {
		p.walkQueue()
		return
	}
	if l, isList := r.(*jobList); isList {
		r = l.get()
	}
	seq, isSeq := r.(starlark.Indexable)
	if _, isStr := r.(starlark.String); !isSeq || isStr {
		p.wrong(fn, "schedule returned %s; want None or a list of jobs", r.Type())
		return
	}
	v := p.view
	p.order = p.order[:0]
	for i := 0; i < seq.Len(); i++ {
		jv, isJob := seq.Index(i).(*job)
		if !isJob || jv.p != p {
			p.wrong(fn, "schedule returned a list whose element %d is %s; want jobs", i, seq.Index(i).Type())
			break
		}
		st := jv.st
		if s := st.Status(); s != sim.Pending && s != sim.Running {
			p.wrong(fn, "schedule returned job %s, which is %s; want waiting or running jobs", st.Job.ID, statusName(s))
			break
		}
		if p.listed[st.Index] {
			p.wrong(fn, "schedule returned job %s twice", st.Job.ID)
			break
		}
		p.listed[st.Index] = true
		p.order = append(p.order, st)
	}
	for _, st := range p.order {
		p.listed[st.Index] = false
	}
	if p.err != nil {
		return
	}
	if p.prog.preempt {
		p.greedy.Apply(v, p.placer, p.order)
		return
	}
	for _, st := range p.order {
		if st.Status() != sim.Pending {
			continue
		}
		if !tryStart(v, p.placer, st) && !p.prog.backfill {
			return
		}
	}
}

func (p *Policy) jobValue(i int) *job {
	j := p.jobs[i]
	if j == nil {
		j = &job{p: p, st: p.view.Job(i)}
		p.jobs[i] = j
	}
	return j
}

func (p *Policy) freeByType() *starlark.Dict {
	v := p.view
	cl := v.Cluster()
	d := starlark.NewDict(4)
	for _, t := range cl.Types() {
		n := 0
		for i := range cl.Servers {
			if cl.Servers[i].Type == t {
				n += v.FreeOn(i)
			}
		}
		_ = d.SetKey(starlark.String(string(t)), starlark.MakeInt(n))
	}
	d.Freeze()
	return d
}

func (p *Policy) serverList() *starlark.List {
	cl := p.view.Cluster()
	vs := make([]starlark.Value, len(cl.Servers))
	for i := range cl.Servers {
		vs[i] = &server{p: p, sv: &cl.Servers[i]}
	}
	return frozenList(vs)
}

// maxPrints bounds the lines print and s.warn may add to a run's warnings.
const maxPrints = 1000

// print is the thread's print, and s.warn: a line among the run's warnings, numbered and stamped
// with the simulated time. The run's warnings are listed sorted by text and counted per distinct
// text; the zero-padded number keeps a script's lines in the order it wrote them, each on its own.
func (p *Policy) print(_ *starlark.Thread, msg string) {
	if p.prints < maxPrints {
		p.prints++
		p.view.Warn(fmt.Sprintf("%s: #%04d t=%.3f s: %s", p.prog.name, p.prints, p.view.Now().Seconds(), strings.TrimSpace(msg)))
	}
}

// lookup resolves a job argument: a job, its arrival index or its id. Jobs that have not arrived
// are unknown.
func (p *Policy) lookup(what string, x starlark.Value) (*sim.JobState, error) {
	v := p.view
	switch x := x.(type) {
	case *job:
		if x.p == p && x.st.Index < v.Arrived() {
			return x.st, nil
		}
	case starlark.Int:
		if i, ok := x.Int64(); ok && i >= 0 && i < int64(v.Arrived()) {
			return v.Job(int(i)), nil
		}
	case starlark.String:
		if p.byID == nil {
			p.byID = make(map[string]int, v.NumJobs())
			for i := v.NumJobs() - 1; i >= 0; i-- {
				p.byID[v.Job(i).Job.ID] = i // the first job with an id wins
			}
		}
		if i, ok := p.byID[string(x)]; ok && i < v.Arrived() {
			return v.Job(i), nil
		}
	default:
		return nil, fmt.Errorf("%s: want a job, a job's index or its id, got %s", what, x.Type())
	}
	return nil, fmt.Errorf("%s: unknown job %s", what, x.String())
}

func (p *Policy) builtinJob(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var x starlark.Value
	if err := starlark.UnpackPositionalArgs(b.Name(), args, kwargs, 1, &x); err != nil {
		return nil, err
	}
	st, err := p.lookup("job", x)
	if err != nil {
		return nil, err
	}
	return p.jobValue(st.Index), nil
}

func (p *Policy) builtinFreeGPUs(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	sv := -1
	if err := starlark.UnpackArgs(b.Name(), args, kwargs, "server?", &sv); err != nil {
		return nil, err
	}
	v := p.view
	cl := v.Cluster()
	if sv >= len(cl.Servers) || sv < -1 {
		return nil, fmt.Errorf("free_gpus: no server %d (the cluster has %d)", sv, len(cl.Servers))
	}
	var out []starlark.Value
	for i := range cl.Servers {
		s := &cl.Servers[i]
		if (sv >= 0 && i != sv) || v.FreeOn(i) == 0 {
			continue
		}
		for g := s.FirstGPU; g < s.FirstGPU+s.GPUs; g++ {
			if v.IsFree(g) {
				out = append(out, starlark.MakeInt(g))
			}
		}
	}
	return frozenList(out), nil
}

func (p *Policy) action(name string) error {
	if p.inPrio {
		return fmt.Errorf("%s: actions are for schedule(s); priority(job, s) only ranks jobs", name)
	}
	p.snapshot() // the lists handed out so far keep what they showed
	return nil
}

func (p *Policy) builtinStart(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var x, gpus starlark.Value
	var place string
	if err := starlark.UnpackArgs(b.Name(), args, kwargs, "job", &x, "gpus?", &gpus, "placement?", &place); err != nil {
		return nil, err
	}
	if err := p.action("start"); err != nil {
		return nil, err
	}
	st, err := p.lookup("start", x)
	if err != nil {
		return nil, err
	}
	switch s := st.Status(); s {
	case sim.Pending:
	case sim.Running:
		return nil, fmt.Errorf("start: job %s is already running", st.Job.ID)
	default:
		return nil, fmt.Errorf("start: job %s is %s", st.Job.ID, statusName(s))
	}
	if gpus != nil && gpus != starlark.None {
		seq, ok := gpus.(starlark.Indexable)
		if !ok {
			return nil, fmt.Errorf("start: gpus: want a list of GPU numbers, got %s", gpus.Type())
		}
		ids := make([]int, seq.Len())
		for i := range ids {
			g, err := starlark.AsInt32(seq.Index(i))
			if err != nil {
				return nil, fmt.Errorf("start: gpus[%d]: want a GPU number, got %s", i, seq.Index(i).Type())
			}
			ids[i] = g
		}
		if err := p.view.Start(st, sim.Alloc{GPUs: ids}); err != nil {
			return nil, fmt.Errorf("%v", err)
		}
		return starlark.True, nil
	}
	pl := p.placer
	if place != "" {
		if pl = p.placers[place]; pl == nil {
			if pl, err = placement.ByName(place); err != nil {
				return nil, fmt.Errorf("start: placement: %v", err)
			}
			p.placers[place] = pl
		}
	}
	return starlark.Bool(tryStart(p.view, pl, st)), nil
}

// builtinFirst is s.first(n): the first n waiting jobs in arrival order, a list of its own (an
// action later in the call does not change it). It costs n, where s.queue costs the whole queue:
// a policy that looks only near the head of a queue of thousands (EASY's backfilling) reads it.
func (p *Policy) builtinFirst(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var n int
	if err := starlark.UnpackPositionalArgs(b.Name(), args, kwargs, 1, &n); err != nil {
		return nil, err
	}
	if n < 0 {
		return nil, fmt.Errorf("first: want n ≥ 0, got %d", n)
	}
	n = min(n, p.view.PendingLen())
	if err := p.meter.charge(int64(n), "s.first()"); err != nil {
		return nil, err
	}
	out := make([]starlark.Value, 0, n)
	if n > 0 {
		for st := range p.view.Pending() {
			out = append(out, p.jobValue(st.Index))
			if len(out) == n {
				break
			}
		}
	}
	return frozenList(out), nil
}

func (p *Policy) builtinPreempt(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var x starlark.Value
	if err := starlark.UnpackPositionalArgs(b.Name(), args, kwargs, 1, &x); err != nil {
		return nil, err
	}
	if err := p.action("preempt"); err != nil {
		return nil, err
	}
	st, err := p.lookup("preempt", x)
	if err != nil {
		return nil, err
	}
	if st.Status() != sim.Running {
		return nil, fmt.Errorf("preempt: job %s is %s, not running", st.Job.ID, statusName(st.Status()))
	}
	if err := p.view.Stop(st); err != nil {
		return nil, err
	}
	return starlark.None, nil
}

func (p *Policy) builtinRandom(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	if err := starlark.UnpackPositionalArgs(b.Name(), args, kwargs, 0); err != nil {
		return nil, err
	}
	return starlark.Float(p.view.Rand().Float64()), nil
}

func (p *Policy) builtinRandint(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var n int
	if err := starlark.UnpackPositionalArgs(b.Name(), args, kwargs, 1, &n); err != nil {
		return nil, err
	}
	if n <= 0 {
		return nil, fmt.Errorf("randint: want n > 0, got %d", n)
	}
	return starlark.MakeInt(p.view.Rand().IntN(n)), nil
}

func (p *Policy) builtinWarn(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var msg string
	if err := starlark.UnpackPositionalArgs(b.Name(), args, kwargs, 1, &msg); err != nil {
		return nil, err
	}
	p.print(nil, msg)
	return starlark.None, nil
}

// Steps is the number of interpreter steps the run has taken so far.
func (p *Policy) Steps() uint64 { return p.thread.Steps }

// Calls is the number of calls of the script's functions so far.
func (p *Policy) Calls() int { return p.calls }

// tryStart is baselines.TryStart (the scripted policies start jobs exactly as the built-ins do).
var tryStart = baselines.TryStart
