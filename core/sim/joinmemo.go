package sim

// joinMemo remembers canJoin's recent answers. Sharing policies ask whether a waiting job fits
// beside a busy GPU's jobs for every GPU at every decision, while a GPU's occupants change only
// when a job starts or stops there — and the co-location model is a pure function of the group,
// so an answer holds until then. Each GPU has joinSlots slots, chosen by job index; an answer
// is kept with the version of the GPU's occupant list it was computed for, and occupy and vacate
// give the GPU a new version, which no stored answer carries.
type joinMemo struct {
	version []uint64 // per GPU; 0 = never occupied (canJoin does not consult the memo then)
	last    uint64   // the last version handed out
	slots   []joinSlot
}

// joinSlots per GPU: a decision asks about a few dozen distinct waiting jobs at most (the
// sharing policies skip jobs whose needs just failed), so a small table keeps most answers
// while its size stays proportional to the cluster, not to the workload.
const joinSlots = 32

type joinSlot struct {
	version uint64
	job     int
	ok      bool
}

func newJoinMemo(gpus int) joinMemo {
	return joinMemo{version: make([]uint64, gpus), slots: make([]joinSlot, gpus*joinSlots)}
}

// get is the stored answer for job (arrival index) joining GPU g as it is now, if any.
func (m *joinMemo) get(g, job int) (ok, found bool) {
	sl := &m.slots[g*joinSlots+job%joinSlots]
	if sl.version == m.version[g] && sl.job == job {
		return sl.ok, true
	}
	return false, false
}

func (m *joinMemo) put(g, job int, ok bool) {
	m.slots[g*joinSlots+job%joinSlots] = joinSlot{version: m.version[g], job: job, ok: ok}
}

// changed records that GPU g's occupants changed.
func (m *joinMemo) changed(g int) {
	m.last++
	m.version[g] = m.last
}
