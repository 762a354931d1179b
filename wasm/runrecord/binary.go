package runrecord

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
)

// The magic starts every binary record; its digit is the format's version. The encoder writes
// version 2; the decoder also reads version 1, which runs saved in IndexedDB before version 2
// existed are in (testdata/v1.slr).
const (
	magicV1 = "SLR1"
	magicV2 = "SLR2"
)

// MarshalBinary encodes the record compactly: the magic, the record's scalar fields as JSON
// (length-prefixed), then jobs, intervals and series as varints. A worker hands this form to the
// page (as a transferred ArrayBuffer) and the IndexedDB store keeps it: the Go wasm runtime's
// encoding/json is slow on large inputs.
//
// Version 2 (SLR2) writes every float64 as num does (an integer over a power of two up to 2⁶ as
// one varint, anything else as its raw bits, so every value decodes to the same bits); times as
// deltas (a job's submission from the previous job's, its first start from its submission, its
// end from its first start; an interval's job and start from the previous interval's; series
// times, busy GPUs and queue lengths from the previous point); the jobs' IDs as one block of
// bytes before the jobs, and the timelines' texts as one block (sectionWhy), each decoded into one
// string; names (GPU type, model, user, reference, best type) through a table built as they come
// (name); a job's optional fields only when it has them (jobs.go); an interval's CPU and memory
// per GPU once when every GPU has the same (the usual case).
// Version 1 (SLR1) wrote floats as raw bits, each time from the previous field, names, IDs and
// texts in place, and CPU and memory per GPU always.
//
// Optional parts follow the series as sections (tag, byte length, payload): sectionSharing (each
// job's Held and Effective), sectionVirtual (A-SRPT's virtual schedule) and sectionWhy (the
// timelines). Each section has its own name table. A reader skips a section whose tag it does not
// know.
func (rec *Record) MarshalBinary() ([]byte, error) { return encode(rec, rec) }

// encode writes the record whose scalar fields are head's and whose jobs, intervals, series,
// virtual schedule and timelines are src's (MarshalBinary's layout).
func encode(head *Record, src parts) ([]byte, error) {
	h := *head
	h.Jobs, h.Intervals, h.Series, h.Virtual, h.Why = nil, nil, Series{}, nil, nil
	hj, err := json.Marshal(&h)
	if err != nil {
		return nil, err
	}
	s := src.series()
	n := len(s.T)
	if len(s.Busy) != n || len(s.CPU) != n || len(s.Mem) != n || len(s.Queue) != n {
		return nil, fmt.Errorf("runrecord: series of unequal lengths")
	}
	w := &bw{b: make([]byte, 0, 64+len(hj)+src.sizeHint())}
	w.b = append(w.b, magicV2...)
	w.str(string(hj))
	encodeJobs(w, src)
	encodeIntervals(w, src)
	w.uint(uint64(n))
	var t int64
	var busy, queue int32
	for i := 0; i < n; i++ {
		w.int(s.T[i] - t)
		w.int(int64(s.Busy[i] - busy))
		w.num(s.CPU[i])
		w.num(s.Mem[i])
		w.int(int64(s.Queue[i] - queue))
		t, busy, queue = s.T[i], s.Busy[i], s.Queue[i]
	}
	if head.Sharing {
		sec := &bw{}
		var j Job
		for i := range src.jobs() {
			src.job(i, &j)
			sec.int(j.Held)
			sec.num(j.Effective)
		}
		w.section(sectionSharing, sec.b)
	}
	if v := src.virtual(); len(v) > 0 {
		sec := &bw{}
		sec.uint(uint64(len(v)))
		for _, sp := range v {
			sec.int(int64(sp.Job))
			sec.int(sp.From)
			sec.int(sp.To - sp.From)
		}
		w.section(sectionVirtual, sec.b)
	}
	encodeWhy(w, src)
	return w.b, nil
}

// How an interval's CPU and memory per GPU are written (version 2).
const (
	hostNone    = 0 // none (the model has no CPU/memory profile)
	hostUniform = 1 // one CPU and one memory value, every GPU's
	hostPerGPU  = 2 // a pair per GPU
)

func encodeIntervals(w *bw, src parts) {
	ni := src.intervals()
	w.uint(uint64(ni))
	var job int32
	var from int64
	var v Interval
	for i := range ni {
		iv := &v
		src.interval(i, iv)
		w.int(int64(iv.Job - job))
		w.int(iv.From - from)
		w.int(iv.To - iv.From)
		job, from = iv.Job, iv.From
		w.uint(uint64(len(iv.GPUs)))
		for _, g := range iv.GPUs {
			w.int(int64(g))
		}
		switch {
		case len(iv.CPU) != len(iv.GPUs) || len(iv.Mem) != len(iv.GPUs) || len(iv.GPUs) == 0:
			w.uint(hostNone)
		case uniform(iv.CPU) && uniform(iv.Mem):
			w.uint(hostUniform)
			w.num(iv.CPU[0])
			w.num(iv.Mem[0])
		default:
			w.uint(hostPerGPU)
			for k := range iv.GPUs {
				w.num(iv.CPU[k])
				w.num(iv.Mem[k])
			}
		}
		w.num(iv.Speedup)
	}
}

// uniform reports whether every value of v has the same bits as the first.
func uniform(v []float64) bool {
	for _, x := range v[1:] {
		if math.Float64bits(x) != math.Float64bits(v[0]) {
			return false
		}
	}
	return true
}

// Section tags of the optional parts after the series.
const (
	sectionSharing = 1
	sectionVirtual = 2
)

func (w *bw) section(tag uint64, payload ...[]byte) {
	n := 0
	for _, p := range payload {
		n += len(p)
	}
	w.uint(tag)
	w.uint(uint64(n))
	w.b = slices.Grow(w.b, n) // at most one copy when the size hint fell short
	for _, p := range payload {
		w.b = append(w.b, p...)
	}
}

// sections decodes the optional parts after the series (see MarshalBinary).
func (rec *Record) sections(r *br) {
	for r.err == nil && r.off < len(r.b) {
		tag := r.uint()
		n := r.count(1)
		if r.err != nil {
			return
		}
		s := &br{b: r.b[r.off : r.off+n], v2: r.v2}
		r.off += n
		switch tag {
		case sectionSharing:
			if !rec.Sharing { // the encoder writes it for sharing runs only
				s.err = errors.New("runrecord: held and effective times in a run without co-location")
			}
			for i := range rec.Jobs {
				rec.Jobs[i].Held, rec.Jobs[i].Effective = s.int(), s.float()
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
	var magic string
	if len(b) >= len(magicV2) {
		magic = string(b[:len(magicV2)])
	}
	if magic != magicV1 && magic != magicV2 {
		return errors.New("runrecord: not a binary run record")
	}
	r := &br{b: b, off: len(magic), v2: magic == magicV2}
	hj := r.str()
	*rec = Record{}
	if r.err == nil {
		if err := json.Unmarshal([]byte(hj), rec); err != nil {
			return fmt.Errorf("runrecord: header: %w", err)
		}
	}
	if err := rec.decodeJobs(r, step); err != nil {
		return err
	}
	if err := rec.decodeIntervals(r, step); err != nil {
		return err
	}
	n := r.count(4)
	s := &rec.Series
	s.T, s.Busy, s.CPU, s.Mem, s.Queue = make([]int64, n), make([]int32, n), make([]float64, n), make([]float64, n), make([]int32, n)
	var t int64
	var busy, queue int32
	for i := 0; i < n && r.err == nil; i++ {
		t += r.int()
		if r.v2 {
			busy += int32(r.int())
			s.CPU[i], s.Mem[i] = r.num(), r.num()
			queue += int32(r.int())
		} else {
			busy = int32(r.int())
			s.CPU[i], s.Mem[i] = r.f64(), r.f64()
			queue = int32(r.int())
		}
		s.T[i], s.Busy[i], s.Queue[i] = t, busy, queue
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

func (rec *Record) decodeJobs(r *br, step func() error) error {
	if r.v2 {
		return rec.decodeJobsV2(r, step)
	}
	rec.Jobs = make([]Job, r.count(8))
	for i := 0; i < len(rec.Jobs) && r.err == nil; i++ {
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
	return nil
}

func (rec *Record) decodeIntervals(r *br, step func() error) error {
	ni := r.count(4)
	rec.Intervals = make([]Interval, ni)
	// The intervals' GPU lists share backing arrays (one allocation per ~4k GPUs), and so do their
	// CPU and memory lists; each list's capacity ends at its length, so an append to one never
	// writes into the next.
	pool := make([]int32, 0, 4096)
	var host []float64 // the same for the CPU and memory lists
	var job int32
	var from int64
	for i := 0; i < ni && r.err == nil; i++ {
		iv := &rec.Intervals[i]
		if r.v2 {
			job += int32(r.int())
			from += r.int()
			iv.Job, iv.From = job, from
		} else {
			iv.Job, iv.From = int32(r.int()), r.int()
		}
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
		form := uint64(hostPerGPU)
		if r.v2 {
			form = r.uint()
		} else if !r.bool() {
			form = hostNone
		}
		switch {
		case r.err != nil || form == hostNone:
		case form != hostUniform && form != hostPerGPU || form == hostUniform && ng == 0:
			r.err = fmt.Errorf("runrecord: interval %d: CPU and memory in form %d for %d GPUs", i, form, ng)
		default:
			if 2*ng > cap(host)-len(host) {
				host = make([]float64, 0, max(2*ng, 8192))
			}
			iv.CPU = host[len(host) : len(host)+ng : len(host)+ng]
			iv.Mem = host[len(host)+ng : len(host)+2*ng : len(host)+2*ng]
			host = host[:len(host)+2*ng]
			if form == hostUniform {
				cpu, mem := r.num(), r.num()
				for k := 0; k < ng; k++ {
					iv.CPU[k], iv.Mem[k] = cpu, mem
				}
			} else {
				for k := 0; k < ng; k++ {
					iv.CPU[k], iv.Mem[k] = r.float(), r.float()
				}
			}
		}
		iv.Speedup = r.float()
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

// bw writes a binary record. names numbers the names written so far (name).
type bw struct {
	b     []byte
	names map[string]uint64
}

// uint and int append a varint; one that fits a byte (most of a record's) takes one append, not
// AppendUvarint's loop, which shows under wasm.
func (w *bw) uint(v uint64) {
	if v < 0x80 {
		w.b = append(w.b, byte(v))
		return
	}
	w.b = binary.AppendUvarint(w.b, v)
}

func (w *bw) int(v int64) { w.uint(uint64(v<<1) ^ uint64(v>>63)) }

func (w *bw) f64(v float64) { w.b = binary.LittleEndian.AppendUint64(w.b, math.Float64bits(v)) }
func (w *bw) str(s string)  { w.uint(uint64(len(s))); w.b = append(w.b, s...) }
func (w *bw) bool(v bool) {
	if v {
		w.b = append(w.b, 1)
	} else {
		w.b = append(w.b, 0)
	}
}

// num writes v (version 2) as the varint zigzag(m)<<3 | k when v = m / 2^k exactly, for k < 7
// and |m| ≤ 2⁵² (CPU cores, GB, shares, speed-ups: small dyadic numbers mostly), and as the
// varint 7 followed by v's raw bits otherwise (and for -0, infinities and NaNs). Both scalings are
// by powers of two, hence exact: the value decodes to the same bits.
func (w *bw) num(v float64) {
	if v != 0 || !math.Signbit(v) {
		for k := 0; k < 7; k++ {
			s := v * float64(int64(1)<<k)
			if !(s >= -(1<<52) && s <= 1<<52) {
				break
			}
			if m := int64(s); float64(m) == s {
				w.uint(uint64(m<<1^m>>63)<<3 | uint64(k))
				return
			}
		}
	}
	w.uint(7)
	w.f64(v)
}

// name writes s (version 2) as its number in the table of names written before, or as 0 and the
// string when it is new, which gives it the next number. The table starts with the empty string
// (number 1), which most jobs' GPU type, reference and best type are. A run's models, users and
// GPU types repeat across hundreds of thousands of jobs.
func (w *bw) name(s string) {
	if s == "" {
		w.uint(1)
		return
	}
	if k, ok := w.names[s]; ok {
		w.uint(k)
		return
	}
	if w.names == nil {
		w.names = map[string]uint64{}
	}
	w.names[s] = uint64(len(w.names) + 2)
	w.uint(0)
	w.str(s)
}

// br reads what bw wrote; the first problem sticks in err and later reads return zeros.
type br struct {
	b   []byte
	off int
	err error
	v2  bool     // the record is in version 2 (magicV2)
	tbl []string // version 2: the names read so far but the empty one (bw.name)
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

// float reads a float64 as the record's version wrote it.
func (r *br) float() float64 {
	if r.v2 {
		return r.num()
	}
	return r.f64()
}

// num reads what bw.num wrote.
func (r *br) num() float64 {
	u := r.uint()
	k := u & 7
	if k == 7 {
		return r.f64()
	}
	z := u >> 3
	m := int64(z>>1) ^ -int64(z&1)
	return float64(m) / float64(int64(1)<<k)
}

// name reads a name as the record's version wrote it (bw.name, or sym in version 1).
func (r *br) name() string {
	if !r.v2 {
		return r.sym()
	}
	k := r.uint()
	switch {
	case k == 0:
		s := r.str()
		if r.err == nil {
			r.tbl = append(r.tbl, s)
		}
		return s
	case k == 1:
		return ""
	case k-2 >= uint64(len(r.tbl)):
		if r.err == nil {
			r.err = fmt.Errorf("runrecord: name %d of %d", k, len(r.tbl)+1)
		}
		return ""
	}
	return r.tbl[k-2]
}

// maxSyms bounds the intern table, so a column of distinct values (user ids, say) cannot grow it
// without limit; later distinct values are allocated as by str.
const maxSyms = 4096

// sym reads a string like str (version 1), returning the earlier copy when the same text was read before.
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
