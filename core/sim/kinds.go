package sim

import "schedlab/core"

// kindMemo keeps the speed model's answers for shaped jobs by the job's kind (core.Job.SameKind)
// and the placement's shape, which ShapeModel promises determine the answer. A workload of a
// million jobs has a few dozen kinds (a model and a GPU count each, in a generated one), and
// under FIFO each job starts once, so the per-job caches of iterTimeOn never hit: without this
// memo every start was a query through the whole speed model chain, a sixth of a run under wasm.
// The answer is the one the model would give, so no result changes.
//
// Entries are listed per model name; a model keeps at most kindsPerModel and the memo at most
// maxKinds, so a trace whose jobs are all of different kinds (its own iteration time per job, say)
// costs a short scan per start and bounded memory, and simply asks the model.
type kindMemo struct {
	models  core.NameIndex // Job.Model → index into lists
	lists   []kindList
	entries []kindEntry
}

const (
	kindsPerModel = 16
	maxKinds      = 4096
)

type kindList struct {
	first int32 // the latest entry of the model, -1 when none
	n     int32
}

type kindEntry struct {
	job  *core.Job // the job the model was asked for
	sh   shape
	it   float64
	warn string
	next int32 // the model's entry before it, -1 when none
}

// find returns the answer for a job of j's kind on a placement of shape sh, if kept.
func (m *kindMemo) find(j *core.Job, sh *shape) *kindEntry {
	k, ok := m.models.Get(j.Model)
	if !ok {
		return nil
	}
	for e := m.lists[k].first; e >= 0; {
		en := &m.entries[e]
		if en.sh.same(sh) && en.job.SameKind(j) {
			return en
		}
		e = en.next
	}
	return nil
}

// add keeps the model's answer for j on shape sh, within the bounds.
func (m *kindMemo) add(j *core.Job, sh *shape, it float64, warn string) {
	if len(m.entries) >= maxKinds {
		return
	}
	k, ok := m.models.Get(j.Model)
	if !ok {
		k = len(m.lists)
		m.models.Set(j.Model, k)
		m.lists = append(m.lists, kindList{first: -1})
	}
	l := &m.lists[k]
	if l.n >= kindsPerModel {
		return
	}
	m.entries = append(m.entries, kindEntry{job: j, sh: *sh, it: it, warn: warn, next: l.first})
	l.first = int32(len(m.entries) - 1)
	l.n++
}

// speedOf is the speed model's answer for j on p (of shape sh), from the memo for a shaped job.
func (s *Sim) speedOf(j *JobState, p *Placement, sh *shape) (float64, string) {
	if !s.shaped(j) {
		return s.speed.IterTime(j.Job, *p)
	}
	if e := s.kinds.find(j.Job, sh); e != nil {
		return e.it, e.warn
	}
	it, warn := s.speed.IterTime(j.Job, *p)
	s.kinds.add(j.Job, sh, it, warn)
	return it, warn
}

// same is a == *b written out, numbers first: == on a struct with a string is a call to a
// generated equality function, at every start.
func (a *shape) same(b *shape) bool {
	return a.servers == b.servers && a.cpu == b.cpu && a.mem == b.mem && a.propCPU == b.propCPU && a.propMem == b.propMem &&
		a.typ == b.typ
}
