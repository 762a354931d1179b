package script

import (
	"fmt"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"schedlab/core/sim"
)

// jobList is s.queue or s.running: a list of jobs built only when the script looks inside it. A
// FIFO-like schedule that returns s.queue untouched then costs nothing per waiting job: the
// engine walks its own queue and stops at the first job that does not fit, as the built-in does.
// A jobList is a snapshot of its decision: an action (s.start, s.preempt) first builds every
// list handed out so far, and one read in a later decision without having been looked at in its
// own is an error (copy it with list(s.queue) to keep it).
type jobList struct {
	p       *Policy
	gen     uint64
	running bool
	list    *starlark.List
}

var (
	_ starlark.Sequence  = (*jobList)(nil)
	_ starlark.Indexable = (*jobList)(nil)
	_ starlark.Sliceable = (*jobList)(nil)
	_ starlark.Container = (*jobList)(nil)
	_ starlark.HasBinary = (*jobList)(nil)
	_ starlark.HasAttrs  = (*jobList)(nil)
)

func (l *jobList) name() string {
	if l.running {
		return "s.running"
	}
	return "s.queue"
}

// get builds the list (once).
func (l *jobList) get() *starlark.List {
	if l.list != nil {
		return l.list
	}
	p := l.p
	if l.gen != p.gen {
		p.failHere(fmt.Sprintf("%s of an earlier decision read later: copy it with list(%s) to keep it", l.name(), l.name()))
		l.list = frozenList(nil)
		return l.list
	}
	v := p.view
	var vs []starlark.Value
	if l.running {
		vs = make([]starlark.Value, 0, v.RunningLen())
		for st := range v.Running() {
			vs = append(vs, p.jobValue(st.Index))
		}
	} else {
		vs = make([]starlark.Value, 0, v.PendingLen())
		for st := range v.Pending() {
			vs = append(vs, p.jobValue(st.Index))
		}
	}
	l.list = frozenList(vs)
	return l.list
}

func (l *jobList) String() string        { return l.get().String() }
func (l *jobList) Type() string          { return "jobs" }
func (l *jobList) Freeze()               {}
func (l *jobList) Truth() starlark.Bool  { return l.Len() > 0 }
func (l *jobList) Hash() (uint32, error) { return 0, fmt.Errorf("unhashable type: jobs") }
func (l *jobList) Len() int {
	if l.list == nil && l.gen == l.p.gen {
		if l.running {
			return l.p.view.RunningLen()
		}
		return l.p.view.PendingLen()
	}
	return l.get().Len()
}
func (l *jobList) Index(i int) starlark.Value         { return l.get().Index(i) }
func (l *jobList) Iterate() starlark.Iterator         { return l.get().Iterate() }
func (l *jobList) Has(x starlark.Value) (bool, error) { return l.get().Has(x) }
func (l *jobList) Slice(start, end, step int) starlark.Value {
	return l.get().Slice(start, end, step)
}
func (l *jobList) Attr(name string) (starlark.Value, error) { return l.get().Attr(name) }
func (l *jobList) AttrNames() []string                      { return l.get().AttrNames() }

// Binary lets s.running + s.queue, s.queue + [j] and the like make ordinary lists.
func (l *jobList) Binary(op syntax.Token, y starlark.Value, side starlark.Side) (starlark.Value, error) {
	if yl, ok := y.(*jobList); ok {
		y = yl.get()
	}
	if side == starlark.Left {
		return starlark.Binary(op, l.get(), y)
	}
	return starlark.Binary(op, y, l.get())
}

// jobsOf returns this decision's jobList (the same value until an action changes the lists).
func (p *Policy) jobsOf(running bool) *jobList {
	for _, l := range p.live {
		if l.running == running {
			return l
		}
	}
	l := &jobList{p: p, gen: p.gen, running: running}
	p.live = append(p.live, l)
	return l
}

// snapshot builds every list handed out in this decision, before an action changes the queue.
func (p *Policy) snapshot() {
	for _, l := range p.live {
		if l.list == nil && l.gen == p.gen {
			l.get()
		}
	}
	p.live = p.live[:0]
}

// failHere ends the run with msg at the script line running now.
func (p *Policy) failHere(msg string) {
	file := p.prog.file
	stack := p.thread.CallStack()
	for i := len(stack) - 1; i >= 0; i-- {
		if pos := stack[i].Pos; pos.Filename() == file && pos.Line > 0 {
			p.fail(errAt(pos, file, msg))
			return
		}
	}
	p.fail(&Error{File: file, Msg: msg})
}

// walkQueue starts waiting jobs in arrival order straight from the engine's queue: schedule
// returned s.queue untouched.
func (p *Policy) walkQueue() {
	v := p.view
	for st := range v.Pending() {
		if !tryStart(v, p.placer, st) && !p.prog.backfill {
			return
		}
	}
}

var _ = sim.Pending
