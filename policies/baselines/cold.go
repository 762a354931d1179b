package baselines

// Cold running sets. While no waiting job needs the running jobs walked in key order (a cluster
// that seldom queues: an arrival starts at once, a demotion changes no decision), the only
// question a runSet is asked is its greatest key (preemptive.bound, for runMax), and keeping every
// running job in order costs a search and a shift in a keySet at each start, demotion and end. A
// cold runSet keeps instead, per segment, a stack of the keys that entered it, ascending, the
// greatest on top. A key leaves lazily: it is dead once it is no longer its job's key (keyOf),
// popped when it reaches the top (the top is always live), and swept out when the dead outnumber
// the live. A key that would not go on top (a preempted job resumed under its old key, a promoted
// one) warms the set first, as does any question about the order: warming rebuilds the keySets
// from the stacks' live keys, which are in order already, so it is a pass of appends. preemptive
// chills its sets once as many decisions as jobs run have passed without a walk, so a run that
// walks at every decision stays warm, and one that warms now and then pays for it with the calm
// decisions before.
//
// A key is live when it is its job's keyOf entry; this needs a running key that a waiting job's
// key can never equal (keyOf holds the waiting key while the job waits), as under LAS's
// running-first order (queue q runs as 2q, waits as 2q+1).

type coldStack struct {
	e    []coldEntry
	live int // entries that are their job's key
}

type coldEntry struct {
	a, b   int64
	job, g int32
}

func (e coldEntry) key() key { return key{a: e.a, b: e.b, job: e.job} }

func (s *runSet) live(e coldEntry) bool { return s.keyOf[e.job] == e.key() }

// top is the greatest live key of segment i.
func (s *runSet) top(i int) (key, bool) {
	st := &s.stacks[i]
	if n := len(st.e); n > 0 {
		return st.e[n-1].key(), true
	}
	return key{}, false
}

// dropCold forgets k, a live key of segment i that its job no longer holds, popping it and the dead
// keys under it if it is on top.
func (s *runSet) dropCold(i int, k key) {
	st := &s.stacks[i]
	st.live--
	n := len(st.e)
	if n == 0 || st.e[n-1].key() != k {
		return
	}
	n--
	for n > 0 && !s.live(st.e[n-1]) {
		n--
	}
	st.e = st.e[:n]
}

// push puts k of g GPUs on top of its segment's stack; false, and nothing done, if the top is not
// below k.
func (s *runSet) push(k key, g int) bool {
	i := s.segment(k)
	if t, ok := s.top(i); ok && !t.less(k) {
		return false
	}
	st := &s.stacks[i]
	if len(st.e) > 2*st.live+32 {
		n := 0
		for _, e := range st.e {
			if s.live(e) {
				st.e[n] = e
				n++
			}
		}
		st.e = st.e[:n]
	}
	st.e = append(st.e, coldEntry{a: k.a, b: k.b, job: k.job, g: int32(g)})
	st.live++
	return true
}

// warm puts a cold set's live keys back into its keySets, and restarts the count of calm
// decisions: the set is chilled again only after as many calm decisions as jobs run, so it
// cannot thrash.
func (s *runSet) warm() {
	if !s.cold {
		return
	}
	s.cold = false
	*s.calm = 0
	for i := range s.stacks {
		st := &s.stacks[i]
		for _, e := range st.e {
			if s.live(e) {
				s.segs[i].insert(e.key(), int(e.g))
			}
		}
		st.e, st.live = st.e[:0], 0
	}
}

// chill empties the keySets into the stacks.
func (s *runSet) chill() {
	if s.cold {
		return
	}
	s.cold = true
	for i := range s.segs {
		ks, st := &s.segs[i], &s.stacks[i]
		for b := range ks.blocks {
			bl := &ks.blocks[b]
			for x, k := range bl.keys {
				st.e = append(st.e, coldEntry{a: k.a, b: k.b, job: k.job, g: bl.gpus[x]})
			}
		}
		st.live = ks.n
		ks.clear()
	}
}
