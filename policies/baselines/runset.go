package baselines

import "math"

// runSet holds the running jobs of one GPU type for a stableRanker, in key order, as one keySet
// per segment of the key order: segment maps a key (any position, not only a running job's key)
// to its segment, never decreasing along the key order. LAS has a segment per queue: a job enters
// a queue, when it starts or is demoted, with a key above every other running there (its arrival
// or the moment of its demotion), so its inserts are appends (keySet.insert's first case), not a
// search and a shift in the middle of every running job. A runSet may also be cold (cold.go).
type runSet struct {
	segs    []keySet
	segment func(key) int

	cold   bool
	stacks []coldStack // per segment, while cold
	keyOf  []key       // per job: its key in the set (preemptive.runKey), while it runs
	calm   *int        // decisions since the set was last needed warm (preemptive.calm)
}

func newRunSet(segments int, segment func(key) int, keyOf []key, calm *int) runSet {
	return runSet{segs: make([]keySet, segments), segment: segment, stacks: make([]coldStack, segments), keyOf: keyOf, calm: calm}
}

// insert adds k of g GPUs; the caller then records k as its job's key (keyOf).
func (s *runSet) insert(k key, g int) {
	if s.cold && s.push(k, g) {
		return
	}
	s.warm()
	s.segs[s.segment(k)].insert(k, g)
}

// remove deletes k, which must be in the set; its job's key is then no key in the set until the
// caller records another.
func (s *runSet) remove(k key) {
	i := s.segment(k)
	s.keyOf[k.job] = gone
	if s.cold {
		s.dropCold(i, k)
		return
	}
	s.segs[i].remove(k)
}

// gone is the key of a job not in the set: below every position.
var gone = key{a: math.MinInt64, b: math.MinInt64, job: -1}

// last is the greatest key (ok false when empty).
func (s *runSet) last() (key, bool) {
	for i := len(s.segs) - 1; i >= 0; i-- {
		var k key
		var ok bool
		if s.cold {
			k, ok = s.top(i)
		} else {
			k, ok = s.segs[i].last()
		}
		if ok {
			return k, true
		}
	}
	return key{}, false
}

// after is the first key greater than pos, with its GPUs.
func (s *runSet) after(pos key) (key, int, bool) {
	s.warm()
	for i := s.segment(pos); i < len(s.segs); i++ {
		if k, g, ok := s.segs[i].after(pos); ok {
			return k, g, true
		}
	}
	return key{}, 0, false
}

// sumTo is the GPUs of the keys not greater than pos.
func (s *runSet) sumTo(pos key) int {
	s.warm()
	i := s.segment(pos)
	sum := 0
	for j := range i {
		sum += s.segs[j].gpus
	}
	return sum + s.segs[i].sumTo(pos)
}

// exceeding is the first key at which the running sum of GPUs (that key's included) exceeds x.
func (s *runSet) exceeding(x int) (key, int, bool) {
	s.warm()
	for i := range s.segs {
		if g := s.segs[i].gpus; g <= x {
			x -= g
			continue
		}
		return s.segs[i].exceeding(x)
	}
	return key{}, 0, false
}
