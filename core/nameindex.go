package core

// NameIndex maps a fixed set of names (model names and aliases, table keys) to small integers, for
// the lookups a speed model makes at every job start. A Go map hashes the whole name with the
// runtime's generic hash, which under wasm (no AES instructions) was half of each lookup; this
// table hashes the length and four of the name's bytes, and compares the name itself in the slot
// found (open addressing, kept at most a quarter full, so a miss ends at an empty slot within a
// few probes). Names alike in those bytes only probe further. The zero value is empty; Set builds
// it, and once built it is read-only, safe for concurrent lookups.
type NameIndex struct {
	slots []nameSlot // a power of two long
	n     int
}

type nameSlot struct {
	name string
	v    int32
	used bool
}

// Set maps name to v, replacing an earlier value (as a map assignment does).
func (x *NameIndex) Set(name string, v int) {
	if 4*(x.n+1) > len(x.slots) {
		x.grow()
	}
	s := x.find(name)
	if !s.used {
		x.n++
	}
	*s = nameSlot{name: name, v: int32(v), used: true}
}

// Get returns the value of name.
func (x *NameIndex) Get(name string) (int, bool) {
	if x.n == 0 {
		return 0, false
	}
	s := x.find(name)
	return int(s.v), s.used
}

// find returns name's slot, or the empty slot where it would go.
func (x *NameIndex) find(name string) *nameSlot {
	mask := uint32(len(x.slots) - 1)
	for i := nameHash(name) & mask; ; i = (i + 1) & mask {
		if s := &x.slots[i]; !s.used || s.name == name {
			return s
		}
	}
}

func (x *NameIndex) grow() {
	old := x.slots
	x.slots, x.n = make([]nameSlot, max(16, 2*len(old))), 0
	for _, s := range old {
		if s.used {
			x.Set(s.name, int(s.v))
		}
	}
}

// nameHash mixes a name's length with its first, last, middle and third bytes.
func nameHash(s string) uint32 {
	h := uint32(len(s))
	if n := len(s); n > 0 {
		h = h<<8 ^ uint32(s[0])
		h = h<<8 ^ uint32(s[n-1])
		h = h*31 ^ uint32(s[n/2])
		h = h*31 ^ uint32(s[n/3])
	}
	h *= 0x9e3779b1
	return h ^ h>>15
}
