package runrecord

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// binaryMagic starts every binary record; the digit is the format version.
const binaryMagic = "SLR1"

// MarshalBinary encodes the record compactly: the magic, the record's scalar fields as JSON
// (length-prefixed), then jobs, intervals and series as varints and raw float64 bits. A worker
// hands this form to the page (as a transferred ArrayBuffer) and the IndexedDB store keeps it: an
// 82k-job run is ≈4 MB instead of ≈15 MB of JSON and decodes in a fraction of the time, because
// the Go wasm runtime's encoding/json is slow on large inputs.
//
// Optional parts follow the series as sections (tag, byte length, payload): sectionSharing (each
// job's Held and Effective) and sectionVirtual (A-SRPT's virtual schedule). Records written before
// sections existed simply end after the series, so stored runs still decode without a version
// bump; a reader skips a section whose tag it does not know.
func (rec *Record) MarshalBinary() ([]byte, error) {
	head := *rec
	head.Jobs, head.Intervals, head.Series, head.Virtual, head.Why = nil, nil, Series{}, nil, nil
	hj, err := json.Marshal(&head)
	if err != nil {
		return nil, err
	}
	w := &bw{b: make([]byte, 0, rec.sizeHint(len(hj)))}
	w.b = append(w.b, binaryMagic...)
	w.str(string(hj))
	w.uint(uint64(len(rec.Jobs)))
	for i := range rec.Jobs {
		j := &rec.Jobs[i]
		w.str(j.ID)
		w.int(j.Submit)
		w.int(j.FirstStart)
		w.int(j.End)
		w.int(int64(j.GPUs))
		w.str(j.GPUType)
		w.int(int64(j.Preemptions))
		w.uint(uint64(j.Status))
		w.str(j.Model)
		w.str(j.User)
		w.bool(j.Measured)
		w.int(j.Duration)
		w.int(j.Iterations)
		w.int(int64(j.Line))
		w.f64(j.CPU)
		w.f64(j.Speedup)
		w.str(j.Ref)
		w.f64(j.Sim)
		w.str(j.Best)
	}
	w.uint(uint64(len(rec.Intervals)))
	for i := range rec.Intervals {
		iv := &rec.Intervals[i]
		w.int(int64(iv.Job))
		w.int(iv.From)
		w.int(iv.To - iv.From)
		w.uint(uint64(len(iv.GPUs)))
		for _, g := range iv.GPUs {
			w.int(int64(g))
		}
		host := len(iv.CPU) == len(iv.GPUs) && len(iv.Mem) == len(iv.GPUs) && len(iv.GPUs) > 0
		w.bool(host)
		if host {
			for k := range iv.GPUs {
				w.f64(iv.CPU[k])
				w.f64(iv.Mem[k])
			}
		}
		w.f64(iv.Speedup)
	}
	s := &rec.Series
	n := len(s.T)
	if len(s.Busy) != n || len(s.CPU) != n || len(s.Mem) != n || len(s.Queue) != n {
		return nil, fmt.Errorf("runrecord: series of unequal lengths")
	}
	w.uint(uint64(n))
	prev := int64(0)
	for i := 0; i < n; i++ {
		w.int(s.T[i] - prev)
		prev = s.T[i]
		w.int(int64(s.Busy[i]))
		w.f64(s.CPU[i])
		w.f64(s.Mem[i])
		w.int(int64(s.Queue[i]))
	}
	if rec.Sharing {
		sec := &bw{}
		for i := range rec.Jobs {
			sec.int(rec.Jobs[i].Held)
			sec.f64(rec.Jobs[i].Effective)
		}
		w.section(sectionSharing, sec.b)
	}
	if len(rec.Virtual) > 0 {
		sec := &bw{}
		sec.uint(uint64(len(rec.Virtual)))
		for _, sp := range rec.Virtual {
			sec.int(int64(sp.Job))
			sec.int(sp.From)
			sec.int(sp.To - sp.From)
		}
		w.section(sectionVirtual, sec.b)
	}
	if len(rec.Why) > 0 {
		rec.encodeWhy(w)
	}
	return w.b, nil
}

// sizeHint is a little more than the encoded size of the record with a header of head bytes
// (varints taken at their usual lengths): the buffer of a million-job run, ≈200 MB, is then
// allocated once instead of grown by copying.
func (rec *Record) sizeHint(head int) int {
	n := 64 + head + 40*len(rec.Series.T) + 16*len(rec.Virtual)
	for i := range rec.Jobs {
		j := &rec.Jobs[i]
		n += 64 + len(j.ID) + len(j.GPUType) + len(j.Model) + len(j.User) + len(j.Ref) + len(j.Best)
	}
	for i := range rec.Intervals {
		n += 24 + 19*len(rec.Intervals[i].GPUs)
	}
	for i := range rec.Why {
		n += 16 + len(rec.Why[i].Text)
	}
	if rec.Sharing {
		n += 16 * len(rec.Jobs)
	}
	return n
}

// Section tags of the optional parts after the series.
const (
	sectionSharing = 1
	sectionVirtual = 2
)

func (w *bw) section(tag uint64, payload []byte) {
	w.uint(tag)
	w.uint(uint64(len(payload)))
	w.b = append(w.b, payload...)
}

// sections decodes the optional parts after the series (see MarshalBinary).
func (rec *Record) sections(r *br) {
	for r.err == nil && r.off < len(r.b) {
		tag := r.uint()
		n := r.count(1)
		if r.err != nil {
			return
		}
		s := &br{b: r.b[r.off : r.off+n]}
		r.off += n
		switch tag {
		case sectionSharing:
			for i := range rec.Jobs {
				rec.Jobs[i].Held, rec.Jobs[i].Effective = s.int(), s.f64()
			}
		case sectionWhy:
			rec.decodeWhy(s)
		case sectionVirtual:
			rec.Virtual = make([]Span, s.count(3))
			for i := range rec.Virtual {
				sp := &rec.Virtual[i]
				sp.Job, sp.From = int32(s.int()), s.int()
				sp.To = sp.From + s.int()
			}
		default:
			continue
		}
		if s.err == nil && s.off != len(s.b) {
			s.err = fmt.Errorf("runrecord: section %d has %d bytes left over", tag, len(s.b)-s.off)
		}
		if s.err != nil {
			r.err = s.err
		}
	}
}

// UnmarshalBinary decodes what MarshalBinary wrote.
func (rec *Record) UnmarshalBinary(b []byte) error { return rec.DecodeBinary(b, nil) }

// pauseEvery is how many jobs, intervals and series points (counted together) DecodeBinary
// decodes between pauses.
const pauseEvery = 16384

// DecodeBinary is UnmarshalBinary calling pause (when not nil) after every pauseEvery jobs,
// intervals and series points: a page decoding a 10⁵-job run on its main thread yields to its
// event loop there. The header and the optional sections, a small part of the work, are decoded
// without pauses. An error from pause (the page's user started another run, say) stops the
// decoding and is returned as it is.
func (rec *Record) DecodeBinary(b []byte, pause func() error) error {
	done := 0
	step := func() error {
		done++
		if pause != nil && done%pauseEvery == 0 {
			return pause()
		}
		return nil
	}
	if len(b) < len(binaryMagic) || string(b[:len(binaryMagic)]) != binaryMagic {
		return errors.New("runrecord: not a binary run record")
	}
	r := &br{b: b, off: len(binaryMagic)}
	hj := r.str()
	*rec = Record{}
	if r.err == nil {
		if err := json.Unmarshal([]byte(hj), rec); err != nil {
			return fmt.Errorf("runrecord: header: %w", err)
		}
	}
	nj := r.count(8)
	rec.Jobs = make([]Job, nj)
	for i := 0; i < nj && r.err == nil; i++ {
		j := &rec.Jobs[i]
		j.ID = r.str()
		j.Submit, j.FirstStart, j.End = r.int(), r.int(), r.int()
		j.GPUs = int(r.int())
		j.GPUType = r.sym()
		j.Preemptions = int(r.int())
		j.Status = uint8(r.uint())
		j.Model, j.User = r.sym(), r.sym()
		j.Measured = r.bool()
		j.Duration, j.Iterations = r.int(), r.int()
		j.Line = int(r.int())
		j.CPU, j.Speedup = r.f64(), r.f64()
		j.Ref = r.sym()
		j.Sim = r.f64()
		j.Best = r.sym()
		if err := step(); err != nil {
			return err
		}
	}
	ni := r.count(4)
	rec.Intervals = make([]Interval, ni)
	// The intervals' GPU lists share backing arrays (one allocation per ~4k GPUs), and so do their
	// CPU and memory lists; each list's capacity ends at its length, so an append to one never
	// writes into the next.
	pool := make([]int32, 0, 4096)
	var host []float64 // the same for the CPU and memory lists
	for i := 0; i < ni && r.err == nil; i++ {
		iv := &rec.Intervals[i]
		iv.Job = int32(r.int())
		iv.From = r.int()
		iv.To = iv.From + r.int()
		ng := r.count(1)
		if ng > cap(pool)-len(pool) {
			pool = make([]int32, 0, max(ng, 4096))
		}
		iv.GPUs = pool[len(pool) : len(pool)+ng : len(pool)+ng]
		pool = pool[:len(pool)+ng]
		for k := range iv.GPUs {
			iv.GPUs[k] = int32(r.int())
		}
		if r.bool() {
			if 2*ng > cap(host)-len(host) {
				host = make([]float64, 0, max(2*ng, 8192))
			}
			iv.CPU = host[len(host) : len(host)+ng : len(host)+ng]
			iv.Mem = host[len(host)+ng : len(host)+2*ng : len(host)+2*ng]
			host = host[:len(host)+2*ng]
			for k := 0; k < ng; k++ {
				iv.CPU[k], iv.Mem[k] = r.f64(), r.f64()
			}
		}
		iv.Speedup = r.f64()
		if err := step(); err != nil {
			return err
		}
	}
	n := r.count(4)
	s := &rec.Series
	s.T, s.Busy, s.CPU, s.Mem, s.Queue = make([]int64, n), make([]int32, n), make([]float64, n), make([]float64, n), make([]int32, n)
	prev := int64(0)
	for i := 0; i < n && r.err == nil; i++ {
		prev += r.int()
		s.T[i] = prev
		s.Busy[i] = int32(r.int())
		s.CPU[i], s.Mem[i] = r.f64(), r.f64()
		s.Queue[i] = int32(r.int())
		if err := step(); err != nil {
			return err
		}
	}
	rec.sections(r)
	if r.err != nil {
		return r.err
	}
	if r.off != len(b) {
		return fmt.Errorf("runrecord: %d trailing bytes after the record", len(b)-r.off)
	}
	return nil
}

type bw struct{ b []byte }

func (w *bw) uint(v uint64) { w.b = binary.AppendUvarint(w.b, v) }
func (w *bw) int(v int64)   { w.b = binary.AppendVarint(w.b, v) }
func (w *bw) f64(v float64) { w.b = binary.LittleEndian.AppendUint64(w.b, math.Float64bits(v)) }
func (w *bw) str(s string)  { w.uint(uint64(len(s))); w.b = append(w.b, s...) }
func (w *bw) bool(v bool) {
	if v {
		w.b = append(w.b, 1)
	} else {
		w.b = append(w.b, 0)
	}
}

// br reads what bw wrote; the first problem sticks in err and later reads return zeros.
type br struct {
	b   []byte
	off int
	err error
	// syms interns the strings read by sym: a job's model, user, GPU type and reference names
	// repeat across tens of thousands of jobs, and one allocation each would dominate decoding.
	syms map[string]string
}

var errShort = errors.New("runrecord: binary record is truncated")

func (r *br) uint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.off:])
	if n <= 0 {
		r.err = errShort
		return 0
	}
	r.off += n
	return v
}

func (r *br) int() int64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Varint(r.b[r.off:])
	if n <= 0 {
		r.err = errShort
		return 0
	}
	r.off += n
	return v
}

func (r *br) f64() float64 {
	if r.err != nil || r.off+8 > len(r.b) {
		r.err = errShort
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(r.b[r.off:]))
	r.off += 8
	return v
}

// bytes reads a length-prefixed byte string (a view into the record, not a copy).
func (r *br) bytes() []byte {
	n := r.uint()
	if r.err != nil || n > uint64(len(r.b)-r.off) {
		r.err = errShort
		return nil
	}
	v := r.b[r.off : r.off+int(n)]
	r.off += int(n)
	return v
}

func (r *br) str() string { return string(r.bytes()) }

// maxSyms bounds the intern table, so a column of distinct values (user ids, say) cannot grow it
// without limit; later distinct values are allocated as by str.
const maxSyms = 4096

// sym reads a string like str, returning the earlier copy when the same text was read before.
func (r *br) sym() string {
	raw := r.bytes()
	if len(raw) == 0 { // most jobs have no GPU type, reference or user: no lookup for them
		return ""
	}
	if s, ok := r.syms[string(raw)]; ok { // the conversion in a map index does not allocate
		return s
	}
	s := string(raw)
	if len(r.syms) < maxSyms {
		if r.syms == nil {
			r.syms = map[string]string{}
		}
		r.syms[s] = s
	}
	return s
}

func (r *br) bool() bool {
	if r.err != nil || r.off >= len(r.b) {
		r.err = errShort
		return false
	}
	v := r.b[r.off] != 0
	r.off++
	return v
}

// count reads a length and checks that at least minBytes per element remain, so a corrupt
// length cannot make the decoder allocate gigabytes.
func (r *br) count(minBytes int) int {
	n := r.uint()
	if r.err == nil && n > uint64((len(r.b)-r.off)/minBytes) {
		r.err = errShort
		return 0
	}
	return int(n)
}
