package sim

// joinMemo remembers canJoin's answers. Sharing policies ask whether a waiting job fits beside a
// busy GPU's jobs for every GPU at every decision, while a GPU's occupants change only when a job
// starts or stops there — and the co-location model is a pure function of the group, so an
// answer holds until then. Each GPU has per slots, chosen by job index (one per job when the
// workload is small enough); an answer is kept with the version of the GPU's occupant list it
// was computed for, and occupy and vacate give the GPU a new version, which no stored answer
// carries.
type joinMemo struct {
	version []uint64 // per GPU; 0 = never occupied (canJoin does not consult the memo then)
	last    uint64   // the last version handed out
	per     int      // slots per GPU
	slots   []joinSlot
}

// joinBudget bounds the slots over all GPUs (16 bytes each, so 4 MB), though each GPU keeps at
// least 32 (512 bytes beside the GPU's other state): a queue under load asks
// about every distinct need at every decision — a hundred or more on Gavel's job types — so
// fewer slots than jobs lose most answers to collisions, but the memo must not grow with
// clusters × workloads.
const joinBudget = 1 << 18

type joinSlot struct {
	version uint64
	job     int32
	ok      bool
}

func newJoinMemo(gpus, jobs int) joinMemo {
	per := max(1, min(jobs, max(32, joinBudget/max(1, gpus))))
	return joinMemo{version: make([]uint64, gpus), per: per, slots: make([]joinSlot, gpus*per)}
}

// get is the stored answer for job (arrival index) joining GPU g as it is now, if any.
func (m *joinMemo) get(g, job int) (ok, found bool) {
	sl := &m.slots[g*m.per+job%m.per]
	if sl.version == m.version[g] && int(sl.job) == job {
		return sl.ok, true
	}
	return false, false
}

func (m *joinMemo) put(g, job int, ok bool) {
	m.slots[g*m.per+job%m.per] = joinSlot{version: m.version[g], job: int32(job), ok: ok}
}

// changed records that GPU g's occupants changed.
func (m *joinMemo) changed(g int) {
	m.last++
	m.version[g] = m.last
}
