package sim

import "schedlab/core"

// kindMemo keeps the speed model's answers for shaped jobs by the job's kind (core.Job.SameKind)
// and the placement's shape, which ShapeModel promises determine the answer. A workload of a
// million jobs has a few dozen kinds (a model and a GPU count each, in a generated one), and
// under FIFO each job starts once, so the per-job caches of iterTimeOn never hit: without this
// memo every start was a query through the whole speed model chain, an eighth of a FIFO run under
// wasm. The answer is the one the model would give, so no result changes.
//
// It is an open-addressing table hashed on a few bytes of the model's name, the GPU count and the
// servers spanned, at most a quarter full (it doubles from 64 slots as it fills: a figure's
// cell of a hundred jobs has a handful of kinds), holding at most maxKinds answers, so a trace
// whose jobs are all of different kinds (its own iteration time per job, say) costs a short probe
// per start and bounded memory, and simply asks the model.
type kindMemo struct {
	slots []kindEntry // a power of two long
	n     int
}

const maxKinds = 1024

type kindEntry struct {
	job  *core.Job // the job the model was asked for; nil in an empty slot
	sh   shape
	it   float64
	warn string
}

// find returns the answer for a job of j's kind on a placement of shape sh, if kept.
func (m *kindMemo) find(j *core.Job, sh *shape) *kindEntry {
	if m.n == 0 {
		return nil
	}
	mask := uint32(len(m.slots) - 1)
	for i := kindHash(j, sh) & mask; ; i = (i + 1) & mask {
		e := &m.slots[i]
		if e.job == nil {
			return nil
		}
		if e.sh.same(sh) && e.job.SameKind(j) {
			return e
		}
	}
}

// add keeps the model's answer for j on shape sh (not kept by find), while there is room.
func (m *kindMemo) add(j *core.Job, sh *shape, it float64, warn string) {
	if m.n >= maxKinds {
		return
	}
	if 4*(m.n+1) > len(m.slots) {
		old := m.slots
		m.slots = make([]kindEntry, max(64, 2*len(old)))
		for k := range old {
			if e := &old[k]; e.job != nil {
				m.put(e)
			}
		}
	}
	m.put(&kindEntry{job: j, sh: *sh, it: it, warn: warn})
	m.n++
}

// put writes e into its first empty slot.
func (m *kindMemo) put(e *kindEntry) {
	mask := uint32(len(m.slots) - 1)
	i := kindHash(e.job, &e.sh) & mask
	for m.slots[i].job != nil {
		i = (i + 1) & mask
	}
	m.slots[i] = *e
}

// kindHash mixes the GPU count, the servers spanned and the model name's length, first and last
// bytes (the caller masks it to a slot index).
func kindHash(j *core.Job, sh *shape) uint32 {
	h := uint32(j.GPUs)<<8 ^ uint32(sh.servers)<<4 ^ uint32(len(j.Model))
	if n := len(j.Model); n > 0 {
		h = h*31 ^ uint32(j.Model[0])
		h = h*31 ^ uint32(j.Model[n-1])
	}
	h *= 0x9e3779b1
	return h ^ h>>15
}

// same is a == *b written out, numbers first: == on a struct with a string is a call to a
// generated equality function, at every start.
func (a *shape) same(b *shape) bool {
	return a.servers == b.servers && a.cpu == b.cpu && a.mem == b.mem && a.propCPU == b.propCPU && a.propMem == b.propMem &&
		a.typ == b.typ
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
