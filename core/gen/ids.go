package gen

import "strings"

// ids hands out the ids "0", "1", …, "n-1" of a generated workload in order, each a slice of one
// string that holds them all one after another: a string allocated per job was a tenth of
// generating a million jobs under wasm, and a million small objects more for every garbage
// collection to mark while the workload lives.
type ids struct {
	all    string
	i      int // the next id's number
	at     int // its offset in all
	digits int // its length
	widen  int // the first number one digit longer than it
}

// newIDs writes the n ids, counting in decimal digits (a conversion per id was most of this).
func newIDs(n int) *ids {
	var b strings.Builder
	b.Grow(idBytes(n))
	var d [20]byte // the next id is d[k:]
	k := len(d) - 1
	d[k] = '0'
	for range n {
		b.Write(d[k:])
		i := len(d) - 1
		for i >= k && d[i] == '9' {
			d[i] = '0'
			i--
		}
		if i < k {
			k--
			d[k] = '1'
		} else {
			d[i]++
		}
	}
	return &ids{all: b.String(), digits: 1, widen: 10}
}

// idBytes is the length of the ids "0" … "n-1" written one after another.
func idBytes(n int) int {
	total, from := 0, 0
	for to, d := 10, 1; from < n; to, d = to*10, d+1 {
		total += (min(to, n) - from) * d
		from = to
	}
	return total
}

// next is the next id.
func (s *ids) next() string {
	if s.i == s.widen {
		s.digits++
		s.widen *= 10
	}
	id := s.all[s.at : s.at+s.digits]
	s.at += s.digits
	s.i++
	return id
}
