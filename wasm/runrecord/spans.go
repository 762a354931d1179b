package runrecord

import (
	"cmp"
	"math"
	"slices"

	"schedlab/core/sim"
)

// Spans are the Gantt's busy spans when a window holds more than MaxDetail intervals: per GPU,
// the spans of its intervals in the window merged where less than 1/200 of the window apart,
// ordered by GPU, then time. Span k is GPU[k]'s [From[k], To[k]] (ms).
type Spans struct {
	GPU      []int32
	From, To []int64
}

// MergedSpans merges the record's intervals in [from, to] (to ≤ from: the whole run) per GPU.
func (rec *Record) MergedSpans(from, to int64) Spans {
	if to <= from {
		from, to = 0, max(rec.End, 1)
	}
	return mergeSpans(recordIvs{rec}, from, to)
}

// ivSource is the allocation intervals of a record, or of a run in place.
type ivSource interface {
	len() int
	at(i int) (from, to int64, gpus []int32)
}

type recordIvs struct{ rec *Record }

func (s recordIvs) len() int { return len(s.rec.Intervals) }
func (s recordIvs) at(i int) (int64, int64, []int32) {
	iv := &s.rec.Intervals[i]
	return iv.From, iv.To, iv.GPUs
}

type resultIvs struct{ ivs []sim.Interval }

func (s resultIvs) len() int { return len(s.ivs) }
func (s resultIvs) at(i int) (int64, int64, []int32) {
	iv := &s.ivs[i]
	return int64(iv.From), int64(iv.To), iv.GPUs
}

func (run *Run) ivs() ivSource { return resultIvs{run.r.Intervals} }

// mergeSpans merges src's intervals in [from, to] (from < to) per GPU, in one pass over them
// in order of start: each GPU's current span grows while the next one starts within the gap,
// and is put out when one starts later. A run's intervals are in order of start already (the
// engine appends an interval when it starts); a record's that are not (an imported or edited
// one) are put in that order first. The spans put out, in time order per GPU, are then grouped
// by GPU keeping that order.
func mergeSpans(src ivSource, from, to int64) Spans {
	gap := (to - from) / 200
	order := make([]int32, 0, src.len())
	inOrder, last := true, int64(math.MinInt64)
	lo, hi := int32(math.MaxInt32), int32(math.MinInt32)
	for i := range src.len() {
		f, t, gpus := src.at(i)
		if t < from || f > to {
			continue
		}
		order = append(order, int32(i))
		inOrder = inOrder && f >= last
		last = f
		for _, g := range gpus {
			lo, hi = min(lo, g), max(hi, g)
		}
	}
	if len(order) == 0 {
		return Spans{}
	}
	if !inOrder {
		slices.SortStableFunc(order, func(a, b int32) int {
			fa, _, _ := src.at(int(a))
			fb, _, _ := src.at(int(b))
			return cmp.Compare(fa, fb)
		})
	}
	// cur[g-lo] is GPU g's current span (open: cur.t ≥ cur.f; none yet: open is false).
	type state struct {
		f, t int64
		open bool
	}
	var dense []state
	var sparse map[int32]*state // GPU ids too spread out for a table (a damaged record)
	if int64(hi)-int64(lo) < maxCountedGPU {
		dense = make([]state, int(hi-lo)+1)
	} else {
		sparse = map[int32]*state{}
	}
	var out []span
	for _, i := range order {
		f, t, gpus := src.at(int(i))
		for _, g := range gpus {
			var c *state
			if dense != nil {
				c = &dense[g-lo]
			} else if c = sparse[g]; c == nil {
				c = &state{}
				sparse[g] = c
			}
			switch {
			case !c.open:
				*c = state{f, t, true}
			case f <= c.t+gap:
				c.t = max(c.t, t)
			default:
				out = append(out, span{g, c.f, c.t})
				*c = state{f, t, true}
			}
		}
	}
	if dense != nil {
		for k := range dense {
			if c := &dense[k]; c.open {
				out = append(out, span{lo + int32(k), c.f, c.t})
			}
		}
	} else {
		for g, c := range sparse {
			out = append(out, span{g, c.f, c.t})
		}
	}
	slices.SortStableFunc(out, func(a, b span) int { return cmp.Compare(a.gpu, b.gpu) })
	sp := Spans{GPU: make([]int32, len(out)), From: make([]int64, len(out)), To: make([]int64, len(out))}
	for k, x := range out {
		sp.GPU[k], sp.From[k], sp.To[k] = x.gpu, x.f, x.t
	}
	return sp
}

type span struct {
	gpu  int32
	f, t int64
}

// maxCountedGPU bounds the table of GPUs' current spans (24 MiB).
const maxCountedGPU = 1 << 20
