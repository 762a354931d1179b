package runrecord

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"schedlab/core/sim"
)

// View is what the page draws of a run before it has its record: the record's scalar fields
// (Head: name, summary, cluster, spec, scripts), the counts the history lists, the time axis'
// end, the JCT CDF's points, the utilisation's points and the Gantt's busy spans merged over the
// whole run. A worker builds it from the run in place (Run.View) and answers with it before it
// encodes and saves the record, so the page shows a million-job run without waiting for the
// record or decoding it; the page builds it from a record it opens (Record.View). Both give the
// same View for the same run (TestRunViewIsItsRecordsView).
type View struct {
	Head      Record // the scalar fields only (no jobs, intervals, series, virtual schedule or timelines)
	Jobs      int
	Intervals int
	Virtual   int // spans of A-SRPT's virtual schedule (0 for other policies)
	// End is the time axis' end of the Gantt and the virtual schedule: the run's end, or later
	// when A-SRPT's drained virtual queue outlasts the run (NewRun).
	End int64
	// CDF is the JCT CDF of the measured finished jobs: JCT in hours (at least 10⁻³, the log
	// axis' floor) and the fraction of those jobs, at most MaxCDFPoints+1 points.
	CDF []CDFPoint
	// Util is the series sampled for its chart: every step-th point, at most MaxUtilPoints.
	Util Series
	// Gantt is the busy spans per GPU merged over the whole run (MergedSpans(0, End of the run)),
	// or nil when the run has at most MaxDetail intervals: the Gantt then draws every interval,
	// which takes the record.
	Gantt *Spans
}

// CDFPoint is one point of a JCT CDF.
type CDFPoint struct{ JCT, Frac float64 }

// MaxCDFPoints bounds a CDF's points (and MaxUtilPoints the utilisation's), so that a
// million-job run draws as fast as a small one.
const (
	MaxCDFPoints  = 400
	MaxUtilPoints = 4 * MaxCDFPoints
)

// MaxDetail is the most intervals the Gantt draws one by one; above it a window's intervals are
// merged per GPU (MergedSpans).
const MaxDetail = 5000

// View is the record's view (the page's for a run it opened from the history or an export).
func (rec *Record) View() *View {
	v := newView(rec, len(rec.Jobs), len(rec.Intervals), rec.Virtual)
	jct := make([]int64, 0, len(rec.Jobs))
	for i := range rec.Jobs {
		if j := &rec.Jobs[i]; j.Measured && j.Status == uint8(sim.Done) {
			jct = append(jct, j.End-j.Submit)
		}
	}
	s := &rec.Series
	v.finish(jct, len(s.T), func(i int) (int64, int32, float64, float64, int32) {
		return s.T[i], s.Busy[i], s.CPU[i], s.Mem[i], s.Queue[i]
	}, rec.MergedSpans)
	return v
}

// View is the run's view, read in place (the worker's first answer).
func (run *Run) View() *View {
	r := run.r
	v := newView(&run.Head, len(r.Jobs), len(r.Intervals), run.spans)
	jct := make([]int64, 0, len(r.Jobs))
	for i := range r.Jobs {
		if jr := &r.Jobs[i]; jr.Measured && jr.Status == sim.Done {
			jct = append(jct, int64(jr.End)-int64(jr.Job.Submit))
		}
	}
	s := &r.Series
	v.finish(jct, len(s.T), func(i int) (int64, int32, float64, float64, int32) {
		return int64(s.T[i]), s.BusyGPUs[i], s.CPUUsed[i], s.MemUsed[i], s.Queue[i]
	}, func(from, to int64) Spans { return mergeSpans(run.ivs(), from, to) })
	return v
}

func newView(head *Record, jobs, intervals int, virtual []Span) *View {
	v := &View{Head: *head, Jobs: jobs, Intervals: intervals, Virtual: len(virtual), End: head.End}
	v.Head.Jobs, v.Head.Intervals, v.Head.Series, v.Head.Virtual, v.Head.Why = nil, nil, Series{}, nil, nil
	for _, sp := range virtual {
		v.End = max(v.End, sp.To)
	}
	return v
}

// finish fills the CDF from the JCTs (ms; sorted here), samples the series of n points (point
// i: time, busy GPUs, CPU, memory, queue) and merges the Gantt's spans with merged when there are
// more than MaxDetail intervals.
func (v *View) finish(jct []int64, n int, point func(i int) (int64, int32, float64, float64, int32), merged func(from, to int64) Spans) {
	sortTimes(jct)
	nj := len(jct)
	for i := 0; i < nj; i++ {
		if nj > MaxCDFPoints && i%(nj/MaxCDFPoints) != 0 && i != nj-1 {
			continue
		}
		v.CDF = append(v.CDF, CDFPoint{max(float64(jct[i])/3.6e6, 1e-3), float64(i+1) / float64(nj)})
	}
	step := max(1, n/MaxUtilPoints)
	for i := 0; i < n; i += step {
		u := &v.Util
		t, busy, cpu, mem, queue := point(i)
		u.T, u.Busy, u.CPU = append(u.T, t), append(u.Busy, busy), append(u.CPU, cpu)
		u.Mem, u.Queue = append(u.Mem, mem), append(u.Queue, queue)
	}
	if v.Intervals > MaxDetail {
		sp := merged(0, max(v.Head.End, 1))
		v.Gantt = &sp
	}
}

// sortTimes sorts times (ms) in increasing order: by radix, 16 bits a pass and only as many
// passes as the largest needs (three for a year), when none is negative; a million JCTs sort in a
// few ms where a comparison sort took a tenth of a second under wasm.
func sortTimes(v []int64) {
	top := int64(0)
	for _, x := range v {
		if x < 0 {
			slices.Sort(v)
			return
		}
		top = max(top, x)
	}
	if len(v) < 256 {
		slices.Sort(v)
		return
	}
	buf := make([]int64, len(v))
	var count [1 << 16]int
	src, dst := v, buf
	for shift := uint(0); shift < 64 && top>>shift != 0; shift += 16 {
		clear(count[:])
		for _, x := range src {
			count[x>>shift&0xffff]++
		}
		sum := 0
		for d, c := range count {
			count[d], sum = sum, sum+c
		}
		for _, x := range src {
			d := x >> shift & 0xffff
			dst[count[d]] = x
			count[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &v[0] {
		copy(v, src)
	}
}

// The view's binary form: the magic, the head as JSON, then counts, points and spans as varints
// (floats as bw.num writes them, so they decode to the same bits). It only travels from a worker
// to its page, never stored.
const magicView = "SLV1"

// MarshalBinary encodes the view.
func (v *View) MarshalBinary() ([]byte, error) {
	h := v.Head
	h.Jobs, h.Intervals, h.Series, h.Virtual, h.Why = nil, nil, Series{}, nil, nil
	hj, err := json.Marshal(&h)
	if err != nil {
		return nil, err
	}
	u := &v.Util
	if len(u.Busy) != len(u.T) || len(u.CPU) != len(u.T) || len(u.Mem) != len(u.T) || len(u.Queue) != len(u.T) {
		return nil, errors.New("runrecord: view: series of unequal lengths")
	}
	w := &bw{b: make([]byte, 0, 64+len(hj)+16*len(v.CDF)+12*len(u.T))}
	w.b = append(w.b, magicView...)
	w.str(string(hj))
	w.uint(uint64(v.Jobs))
	w.uint(uint64(v.Intervals))
	w.uint(uint64(v.Virtual))
	w.int(v.End)
	w.uint(uint64(len(v.CDF)))
	for _, p := range v.CDF {
		w.num(p.JCT)
		w.num(p.Frac)
	}
	w.uint(uint64(len(u.T)))
	for i := range u.T {
		w.int(u.T[i])
		w.int(int64(u.Busy[i]))
		w.num(u.CPU[i])
		w.num(u.Mem[i])
		w.int(int64(u.Queue[i]))
	}
	if v.Gantt == nil {
		w.bool(false)
		return w.b, nil
	}
	w.bool(true)
	g := v.Gantt
	w.uint(uint64(len(g.GPU)))
	var gpu int32
	var t int64
	for i := range g.GPU {
		if g.GPU[i] != gpu {
			t = 0
		}
		w.int(int64(g.GPU[i] - gpu))
		w.int(g.From[i] - t)
		w.int(g.To[i] - g.From[i])
		gpu, t = g.GPU[i], g.To[i]
	}
	return w.b, nil
}

// UnmarshalBinary decodes what MarshalBinary wrote.
func (v *View) UnmarshalBinary(b []byte) error {
	if len(b) < len(magicView) || string(b[:len(magicView)]) != magicView {
		return errors.New("runrecord: not a run's view")
	}
	r := &br{b: b, off: len(magicView), v2: true}
	*v = View{}
	hj := r.bytes()
	if r.err == nil {
		if err := json.Unmarshal(hj, &v.Head); err != nil {
			return fmt.Errorf("runrecord: view: header: %w", err)
		}
	}
	v.Jobs, v.Intervals, v.Virtual, v.End = int(r.uint()), int(r.uint()), int(r.uint()), r.int()
	v.CDF = make([]CDFPoint, r.count(2))
	for i := range v.CDF {
		v.CDF[i] = CDFPoint{r.num(), r.num()}
	}
	n := r.count(5)
	u := &v.Util
	u.T, u.Busy, u.CPU, u.Mem, u.Queue = make([]int64, n), make([]int32, n), make([]float64, n), make([]float64, n), make([]int32, n)
	for i := 0; i < n; i++ {
		u.T[i], u.Busy[i] = r.int(), int32(r.int())
		u.CPU[i], u.Mem[i] = r.num(), r.num()
		u.Queue[i] = int32(r.int())
	}
	if r.bool() {
		n := r.count(3)
		g := &Spans{GPU: make([]int32, n), From: make([]int64, n), To: make([]int64, n)}
		var gpu int32
		var t int64
		for i := 0; i < n && r.err == nil; i++ {
			d := int32(r.int())
			if d != 0 {
				t = 0
			}
			gpu += d
			g.GPU[i] = gpu
			g.From[i] = t + r.int()
			g.To[i] = g.From[i] + r.int()
			t = g.To[i]
		}
		v.Gantt = g
	}
	if r.err != nil {
		return fmt.Errorf("runrecord: view: %w", r.err)
	}
	if r.off != len(b) {
		return fmt.Errorf("runrecord: view: %d trailing bytes", len(b)-r.off)
	}
	return nil
}
