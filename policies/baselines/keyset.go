package baselines

import "math"

// keySet is an ordered set of keys, each carrying a job's GPU count: a list of sorted blocks of at
// most blockMax keys, each block with the sum of its GPUs. Insert and remove cost a binary search
// over the blocks and a shift inside one; a prefix sum of GPUs, or the first key at which it
// exceeds a bound, costs one pass over the block sums and one block. The preemptive policies keep
// their running jobs in one per GPU type (walked by GPU sums, see walk.go) and their waiting jobs
// in one per gang size (sizedSet).
type keySet struct {
	blocks []kblock
	// lasts is each block's last key, apart from the blocks: the search for a block reads one
	// contiguous array, not a key behind every block's pointer.
	lasts []key
	n     int
	gpus  int      // of every key
	spare []kblock // emptied blocks, reused: a waiting set empties and refills all the time
}

type kblock struct {
	keys []key
	gpus []int32
	sum  int
}

// blockMax bounds a block; a full block splits in two halves, and a block that falls under
// blockMax/8 merges with its successor when both fit in one.
const blockMax = 128

// before is a position below every key: the walks start after it.
var before = key{a: math.MinInt64, b: math.MinInt64, job: -1}

func (s *keySet) len() int { return s.n }

// newBlock is an empty block, a spare one when there is one.
func (s *keySet) newBlock() kblock {
	if n := len(s.spare); n > 0 {
		b := s.spare[n-1]
		s.spare = s.spare[:n-1]
		return b
	}
	return kblock{keys: make([]key, 0, blockMax+1), gpus: make([]int32, 0, blockMax+1)}
}

// clear empties the set, keeping its blocks as spares.
func (s *keySet) clear() {
	for b := len(s.blocks) - 1; b >= 0; b-- {
		s.drop(b)
	}
	s.n, s.gpus = 0, 0
}

// blockAfter is the first block whose last key is greater than pos (len(blocks) if none).
func (s *keySet) blockAfter(pos key) int {
	lasts := s.lasts
	lo, hi := 0, len(lasts)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if pos.less(lasts[m]) {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo
}

// indexAfter is the index of the first key of ks greater than pos.
func indexAfter(ks []key, pos key) int {
	lo, hi := 0, len(ks)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if pos.less(ks[m]) {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo
}

// insert adds k with g GPUs (k must not be in the set).
func (s *keySet) insert(k key, g int) {
	s.n++
	s.gpus += g
	if len(s.blocks) == 0 {
		nb := s.newBlock()
		nb.keys, nb.gpus, nb.sum = append(nb.keys, k), append(nb.gpus, int32(g)), g
		s.blocks = append(s.blocks, nb)
		s.lasts = append(s.lasts, k)
		return
	}
	b, i := len(s.blocks)-1, 0
	if s.lasts[b].less(k) {
		// After every key: LAS's demotions to its last queue, and jobs started in arrival order.
		i = len(s.blocks[b].keys)
	} else {
		b = s.blockAfter(k)
		i = indexAfter(s.blocks[b].keys, k)
	}
	bl := &s.blocks[b]
	bl.keys = append(bl.keys, key{})
	copy(bl.keys[i+1:], bl.keys[i:])
	bl.keys[i] = k
	bl.gpus = append(bl.gpus, 0)
	copy(bl.gpus[i+1:], bl.gpus[i:])
	bl.gpus[i] = int32(g)
	bl.sum += g
	if i == len(bl.keys)-1 {
		s.lasts[b] = k
	}
	if len(bl.keys) > blockMax {
		s.split(b)
	}
}

// split halves full block b.
func (s *keySet) split(b int) {
	bl := &s.blocks[b]
	h := len(bl.keys) / 2
	nb := s.newBlock()
	nb.keys = append(nb.keys, bl.keys[h:]...)
	nb.gpus = append(nb.gpus, bl.gpus[h:]...)
	for _, g := range nb.gpus {
		nb.sum += int(g)
	}
	bl.keys, bl.gpus = bl.keys[:h], bl.gpus[:h]
	bl.sum -= nb.sum
	s.blocks = append(s.blocks, kblock{})
	copy(s.blocks[b+2:], s.blocks[b+1:])
	s.blocks[b+1] = nb
	s.lasts = append(s.lasts, key{})
	copy(s.lasts[b+2:], s.lasts[b+1:])
	s.lasts[b+1] = s.lasts[b]
	s.lasts[b] = bl.keys[h-1]
}

// remove deletes k, which must be in the set.
func (s *keySet) remove(k key) {
	b := s.blockAfter(justBefore(k))
	if b == len(s.blocks) {
		panic("baselines: key not in set")
	}
	bl := &s.blocks[b]
	i := indexAfter(bl.keys, justBefore(k))
	if i == len(bl.keys) || bl.keys[i] != k {
		panic("baselines: key not in set")
	}
	g := int(bl.gpus[i])
	bl.keys = append(bl.keys[:i], bl.keys[i+1:]...)
	bl.gpus = append(bl.gpus[:i], bl.gpus[i+1:]...)
	bl.sum -= g
	s.n--
	s.gpus -= g
	switch {
	case len(bl.keys) == 0:
		s.drop(b)
	case len(bl.keys) < blockMax/8 && b+1 < len(s.blocks) && len(bl.keys)+len(s.blocks[b+1].keys) <= blockMax/2:
		nx := &s.blocks[b+1]
		bl.keys = append(bl.keys, nx.keys...)
		bl.gpus = append(bl.gpus, nx.gpus...)
		bl.sum += nx.sum
		s.lasts[b] = s.lasts[b+1]
		s.drop(b + 1)
	case i == len(bl.keys):
		s.lasts[b] = bl.keys[i-1]
	}
}

// drop removes block b, keeping its arrays as a spare.
func (s *keySet) drop(b int) {
	bl := s.blocks[b]
	s.spare = append(s.spare, kblock{keys: bl.keys[:0], gpus: bl.gpus[:0]})
	s.blocks = append(s.blocks[:b], s.blocks[b+1:]...)
	s.lasts = append(s.lasts[:b], s.lasts[b+1:]...)
}

// last is the greatest key (ok false when empty).
func (s *keySet) last() (key, bool) {
	if len(s.lasts) == 0 {
		return key{}, false
	}
	return s.lasts[len(s.lasts)-1], true
}

// after is the first key greater than pos, with its GPUs.
func (s *keySet) after(pos key) (key, int, bool) {
	b := s.blockAfter(pos)
	if b == len(s.blocks) {
		return key{}, 0, false
	}
	bl := &s.blocks[b]
	i := indexAfter(bl.keys, pos)
	return bl.keys[i], int(bl.gpus[i]), true
}

// sumTo is the GPUs of the keys not greater than pos.
func (s *keySet) sumTo(pos key) int {
	sum := 0
	for b := range s.blocks {
		bl := &s.blocks[b]
		if pos.less(s.lasts[b]) {
			for i, k := range bl.keys {
				if pos.less(k) {
					break
				}
				sum += int(bl.gpus[i])
			}
			return sum
		}
		sum += bl.sum
	}
	return sum
}

// exceeding is the first key at which the running sum of GPUs (that key's included) exceeds x.
func (s *keySet) exceeding(x int) (key, int, bool) {
	sum := 0
	for b := range s.blocks {
		bl := &s.blocks[b]
		if sum+bl.sum <= x {
			sum += bl.sum
			continue
		}
		for i, g := range bl.gpus {
			if sum += int(g); sum > x {
				return bl.keys[i], int(g), true
			}
		}
	}
	return key{}, 0, false
}
