package sim

import "schedlab/core"

// Why a job waits. The engine keeps one log per run of what changed in each job's life: each
// start (its GPUs and servers), each migration and preemption (with the decision's event and the
// job that took its GPUs), and for every stretch of waiting its reason, appended only when the
// reason's class (or, for order, held and script reasons, the policy's rule) changes. A policy
// gives reasons for the jobs it looks at (View.Wait, View.NoRoom) and may name one for the rest
// (View.WaitRest); a job that starts to wait without one gets the engine's own (see README). So
// the cost grows with the changes, not with decisions × queue: no step visits the whole queue.

type entryKind uint8

const (
	kWait entryKind = iota
	kStart
	kMigrate
	kPreempt
)

// entry is one change in one job's life, chained backwards per job (prev). Its fields are
// interpreted by kind:
//   - wait: rule (index into rules), ref (the job the reason refers to), a, b, c (the details:
//     N ahead for order; need and free GPUs for capacity; the shape rule's numbers), key;
//   - start, migrate: a (servers), b (first GPU), rule (its interval, -1 in a lean run), c (the
//     decision's event job);
//   - preempt: ref (the job that took a GPU of it, -1), c (the decision's event job).
type entry struct {
	at      core.Time
	key     float64
	job     int32
	prev    int32
	rule    int32
	ref     int32
	a, b, c int32
	kind    entryKind
	class   Class
	cause   Trigger
}

// entryLog holds a run's entries in chunks of a fixed size, addressed by their index in order:
// a slice doubled as it grew left copies as large as the log behind it (an overloaded run of
// 300,000 jobs logs millions of waits), and an index into a chunk stays valid as more are added.
type entryLog struct {
	chunks [][]entry
	n      int32
}

const entryShift = 10 // 1,024 entries (48 kB) a chunk

const entryChunk = 1 << entryShift

// add appends a zeroed entry and returns its index and the entry, for the caller to fill in
// place: an entry built and passed by value was copied twice (48 bytes a time), which under
// wasm is a load and a store per word.
func (l *entryLog) add() (int32, *entry) {
	if l.n&(entryChunk-1) == 0 {
		l.chunks = append(l.chunks, make([]entry, entryChunk))
	}
	i := l.n
	l.n++
	return i, &l.chunks[i>>entryShift][i&(entryChunk-1)]
}

// at is entry i.
func (l *entryLog) at(i int32) *entry { return &l.chunks[i>>entryShift][i&(entryChunk-1)] }

type given struct {
	job int32
	r   Reason
}

// explain is a run's recorder (Sim.ex).
type explain struct {
	entries entryLog
	last    []int32 // per job: its last entry, -1
	rules   []*Rule
	ruleIdx map[*Rule]int32
	given   []given
	rest    Reason
	restSet bool
	arrFrom int
	why     Trigger
	event   int32 // the job of this instant's first arrival, else first completion, -1
	off     bool  // Config.NoReasons
	// idle is the GPUs free when the policy was asked to decide; starts and first count the
	// jobs it started (or moved) at this instant and name the first.
	idle          int
	starts, first int32
}

func (x *explain) init(n int, off bool) {
	x.off = off
	if off {
		return
	}
	x.last = make([]int32, n)
	for i := range x.last {
		x.last[i] = -1
	}
	x.ruleIdx = map[*Rule]int32{}
}

// instantBegins resets the per-instant state; arrivals from arrival index next on are this
// instant's.
func (x *explain) instantBegins(next int) {
	x.given = x.given[:0]
	x.restSet = false
	x.arrFrom = next
	x.why = 0
	x.event = -1
	x.idle, x.starts, x.first = 0, 0, -1
}

// completed notes a completion at this instant (the deciding event when nothing arrived).
func (x *explain) completed(job int32) {
	if x.event < 0 {
		x.event = job
	}
}

// deciding notes what the policy is about to be asked to decide on: the first arrival, if any,
// is the deciding event.
func (x *explain) deciding(why Trigger, idle int) {
	x.why, x.idle = why, idle
	if why&OnArrival != 0 {
		x.event = int32(x.arrFrom)
	}
}

// Wait gives waiting job j's reason at this decision: the engine records it if j is still
// waiting when the instant ends and the reason's class, or its rule, differs from j's last one.
// A policy calls it for the jobs it looked at and passed over (as cheap as an append); jobs it
// does not look at keep their last reason.
func (v *View) Wait(j *JobState, r Reason) {
	if r.Rule == nil || v.s.ex.off {
		return
	}
	v.s.ex.given = append(v.s.ex.given, given{int32(j.Index), r})
}

// NoRoom says the policy tried to place waiting job j and found no GPUs for it: the engine gives
// capacity when the cluster has fewer idle GPUs than j needs at the instant's end, otherwise
// shape, with the free GPUs' shape in the details.
func (v *View) NoRoom(j *JobState) {
	if v.s.ex.off {
		return
	}
	v.s.ex.given = append(v.s.ex.given, given{int32(j.Index), Because(ruleNoRoom)})
}

// WaitRest names the reason of every job that starts to wait at this instant (arrives, or loses
// its GPUs) without a reason of its own (View.Wait or NoRoom): FIFO's "behind the head of the
// queue". The last call of an instant wins.
func (v *View) WaitRest(r Reason) {
	if r.Rule != nil {
		v.s.ex.rest, v.s.ex.restSet = r, true
	}
}

func (x *explain) ruleIndex(r *Rule) int32 {
	i, ok := x.ruleIdx[r]
	if !ok {
		i = int32(len(x.rules))
		x.rules = append(x.rules, r)
		x.ruleIdx[r] = i
	}
	return i
}

// push appends an entry of kind k for job at now, chained to the job's last one, and returns
// it (its other fields zero) to be filled in.
func (x *explain) push(job int32, k entryKind, now core.Time) *entry {
	i, e := x.entries.add()
	e.at, e.job, e.kind, e.prev = now, job, k, x.last[job]
	x.last[job] = i
	return e
}

// explainInstant records the instant's preemptions and reasons (closeInstant, after every kept
// lease is let go and before the released jobs' flags are cleared).
func (s *Sim) explainInstant() {
	x := &s.ex
	if x.off {
		return
	}
	for _, ji := range s.leaseEnded {
		j := &s.jobs[ji]
		if j.status != Pending || s.preemptedNow(ji) {
			continue // (a job released twice at one instant is listed twice)
		}
		e := x.push(ji, kPreempt, s.now)
		e.ref, e.c, e.cause = s.favoured(j), x.event, x.why
	}
	for _, g := range x.given {
		if j := &s.jobs[g.job]; j.status == Pending {
			s.commitWait(j, g.r)
		}
	}
	for _, ji := range s.leaseEnded {
		if j := &s.jobs[ji]; j.status == Pending && !s.waitingNow(ji) {
			s.commitWait(j, s.defaultReason(j))
		}
	}
	for i := x.arrFrom; i < s.nextArrival; i++ {
		if j := &s.jobs[i]; j.status == Pending && !s.waitingNow(int32(i)) {
			s.commitWait(j, s.defaultReason(j))
		}
	}
}

// preemptedNow reports whether job i's last entry is a preemption at this instant.
func (s *Sim) preemptedNow(i int32) bool {
	li := s.ex.last[i]
	return li >= 0 && s.ex.entries.at(li).kind == kPreempt && s.ex.entries.at(li).at == s.now
}

// waitingNow reports whether job i's last entry is a reason recorded at this instant.
func (s *Sim) waitingNow(i int32) bool {
	li := s.ex.last[i]
	return li >= 0 && s.ex.entries.at(li).kind == kWait && s.ex.entries.at(li).at == s.now
}

// favoured is a job that took a GPU preempted job j held (every owner of such a GPU started at
// this instant), -1 if none did. release truncates j's GPU list but leaves it in place.
func (s *Sim) favoured(j *JobState) int32 {
	if j.live == nil || cap(j.live.gpus) < j.Job.GPUs {
		return -1
	}
	for _, g := range j.live.gpus[:j.Job.GPUs] {
		if o := s.gpuOwner[g]; o >= 0 && o != int32(j.Index) {
			return o
		}
	}
	return -1
}

// defaultReason is the reason of a job that starts to wait with none of its own: under lease
// rounds between ticks, the round boundary; otherwise the policy's WaitRest; otherwise capacity,
// shape, or passed over (enough free GPUs of a shape it fits: the policy chose not to start it).
func (s *Sim) defaultReason(j *JobState) Reason {
	switch {
	case s.rounds == LeaseRounds && s.ex.why&(OnTick|OnWake) == 0:
		return Reason{Rule: ruleNextRound, Job: -1, N: -1, Key: s.nextTick.Seconds()}
	case s.ex.restSet:
		return s.ex.rest
	case j.Job.GPUs > s.totalFree:
		return Because(ruleCapacity)
	}
	if r, _, _ := s.shapeOf(j); r != nil {
		return Because(r)
	}
	return Because(rulePassedOver)
}

// commitWait records r as waiting job j's reason unless its last reason has the same class (and,
// for a policy's class, the same rule). A second reason at the same instant replaces the first.
func (s *Sim) commitWait(j *JobState, r Reason) {
	x := &s.ex
	rule := r.Rule
	if rule == ruleNoRoom {
		g := j.Job.GPUs
		switch {
		case g <= s.totalFree:
			rule = ruleShapeHost
		case x.starts > 0 && g <= x.idle:
			// Enough GPUs were free before the jobs the policy started at this instant took them.
			rule = ruleStartedFirst
			r = Behind(rule, int(x.first), int(x.starts), 0)
		default:
			rule = ruleCapacity
		}
	}
	cls := rule.Class
	if li := x.last[j.Index]; li >= 0 {
		e := x.entries.at(li)
		if e.kind == kWait {
			if e.class == cls && (cls == Capacity || cls == Shape || x.rules[e.rule] == rule) {
				return
			}
			if e.at == s.now {
				s.fillWait(e, j, rule, r)
				return
			}
		}
	}
	s.fillWait(x.push(int32(j.Index), kWait, s.now), j, rule, r)
}

// fillWait writes reason r (with rule) into wait entry e, the engine's classes with their details.
func (s *Sim) fillWait(e *entry, j *JobState, rule *Rule, r Reason) {
	e.ref, e.a, e.b, e.c, e.key = int32(r.Job), int32(r.N), 0, 0, r.Key
	switch rule.Class {
	case Capacity:
		e.ref, e.a, e.b = -1, int32(j.Job.GPUs), int32(s.totalFree)
	case Shape:
		if r, a, b := s.shapeOf(j); r != nil {
			rule = r
			e.a, e.b = int32(a), int32(b)
		}
		e.ref, e.c = -1, int32(j.Job.GPUs)
	}
	e.class = rule.Class
	e.rule = s.ex.ruleIndex(rule)
}

// shapeOf says how the idle GPUs fail job j's shape, counting only servers of types j may use: too
// few of one such type (a gang never mixes types; a: the most free of one type, b: free in all),
// no server with enough (one-server jobs; a: the largest free block, b: its server), too few
// wholly free servers (larger jobs; a: servers, b: their GPUs). nil when a GPU shape is there (the
// host's CPU or memory may still be short).
func (s *Sim) shapeOf(j *JobState) (*Rule, int, int) {
	g := j.Job.GPUs
	typeFree := 0
	for _, tc := range s.typeGPUs {
		if !j.Job.AllowsType(tc.typ) {
			continue
		}
		f := 0
		for i := range s.cl.Servers {
			if s.cl.Servers[i].Type == tc.typ {
				f += s.freeGPUs[i]
			}
		}
		typeFree = max(typeFree, f)
	}
	if typeFree < g {
		return ruleShapeType, typeFree, s.totalFree
	}
	block, blockSv, size, whole, wholeGPUs := -1, -1, 0, 0, 0
	for i := range s.cl.Servers {
		sv := &s.cl.Servers[i]
		if !j.Job.AllowsType(sv.Type) {
			continue
		}
		f := s.freeGPUs[i]
		if f > block {
			block, blockSv = f, i
		}
		size = max(size, sv.GPUs)
		if f == sv.GPUs {
			whole++
			wholeGPUs += f
		}
	}
	switch {
	case g <= size && block < g:
		return ruleShapeBlock, block, blockSv
	case g > size && wholeGPUs < g:
		return ruleShapeWhole, whole, wholeGPUs
	}
	return nil, 0, 0
}

// exStarted records a start, or a migration when j held other GPUs at this instant (begin).
func (s *Sim) exStarted(j *JobState, p *Placement, moved bool) {
	if s.ex.off {
		return
	}
	if s.ex.starts++; s.ex.first < 0 {
		s.ex.first = int32(j.Index)
	}
	if s.cfg.Lean && (moved || s.ex.last[j.Index] < 0) {
		// A lean run logs no first start of a job that never waited: most jobs of a lightly
		// loaded run, and its end is the end of no wait. Its timeline takes the start from the
		// job's record (Timeline), without the GPUs a lean run does not keep. Nor does it log a
		// migration, which ends no wait (a job moves while it holds GPUs) and which only a
		// timeline shows: under lease rounds a job may move at every round, and a 100,000-job
		// Synergy LAS run logged millions of them, most of its memory, read by nothing but WaitBy.
		return
	}
	k := kStart
	if moved {
		k = kMigrate
	}
	ivl := int32(-1)
	if !s.cfg.Lean {
		ivl = j.openInterval
	}
	e := s.ex.push(int32(j.Index), k, s.now)
	e.a, e.b, e.rule, e.c, e.cause = int32(p.Servers), j.live.gpus[0], ivl, s.ex.event, s.ex.why
}
