package baselines

// sizedSet holds waiting jobs in key order, one keySet per gang size, so that a decision looks
// only at jobs that can fit what is free: the next job after a position among those of at most n
// GPUs costs one search per distinct gang size (a handful in every trace), however many larger
// jobs wait. Jobs are removed by arrival index.
type sizedSet struct {
	sizes []int // distinct gang sizes, ascending
	sets  []keySet
	in    []int16 // per job: 1 + index of its size's set, 0 when absent
	keyOf []key   // per job: its key while present
	n     int
}

func (s *sizedSet) init(jobs int) {
	s.sizes, s.sets = s.sizes[:0], s.sets[:0]
	s.in = make([]int16, jobs)
	s.keyOf = make([]key, jobs)
	s.n = 0
}

func (s *sizedSet) len() int { return s.n }

func (s *sizedSet) has(job int32) bool { return s.in[job] != 0 }

// push adds job k.job of g GPUs under key k.
func (s *sizedSet) push(k key, g int) {
	if s.in[k.job] != 0 {
		panic("baselines: job pushed twice")
	}
	b := 0
	for b < len(s.sizes) && s.sizes[b] < g {
		b++
	}
	if b == len(s.sizes) || s.sizes[b] != g {
		if len(s.sizes) == 1<<15-1 {
			panic("baselines: too many gang sizes")
		}
		s.sizes = append(s.sizes, 0)
		copy(s.sizes[b+1:], s.sizes[b:])
		s.sizes[b] = g
		s.sets = append(s.sets, keySet{})
		copy(s.sets[b+1:], s.sets[b:])
		s.sets[b] = keySet{}
		for i, w := range s.in {
			if int(w) > b {
				s.in[i]++
			}
		}
	}
	s.sets[b].insert(k, g)
	s.in[k.job] = int16(b + 1)
	s.keyOf[k.job] = k
	s.n++
}

// remove deletes job's entry, if any.
func (s *sizedSet) remove(job int32) {
	if b := s.in[job]; b != 0 {
		s.sets[b-1].remove(s.keyOf[job])
		s.in[job] = 0
		s.n--
	}
}

// next is the first key after pos among jobs of at most maxG GPUs.
func (s *sizedSet) next(pos key, maxG int) (key, bool) {
	var best key
	ok := false
	for b, g := range s.sizes {
		if g > maxG {
			break
		}
		if k, _, found := s.sets[b].after(pos); found && (!ok || k.less(best)) {
			best, ok = k, true
		}
	}
	return best, ok
}

// nextLarger is the first key after pos among jobs of more than maxG GPUs.
func (s *sizedSet) nextLarger(pos key, maxG int) (key, bool) {
	var best key
	ok := false
	for b := len(s.sizes) - 1; b >= 0 && s.sizes[b] > maxG; b-- {
		if k, _, found := s.sets[b].after(pos); found && (!ok || k.less(best)) {
			best, ok = k, true
		}
	}
	return best, ok
}
