package runrecord

import (
	"cmp"
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

// mergeSpans merges src's intervals in [from, to] (from < to) per GPU.
func mergeSpans(src ivSource, from, to int64) Spans {
	visible := make([]int, 0, src.len())
	for i := range src.len() {
		if f, t, _ := src.at(i); t >= from && f <= to {
			visible = append(visible, i)
		}
	}
	gap := (to - from) / 200
	spans := spansByGPU(src, visible)
	var out Spans
	for i := 0; i < len(spans); {
		cur := spans[i]
		i++
		for i < len(spans) && spans[i].gpu == cur.gpu && spans[i].f <= cur.t+gap {
			cur.t = max(cur.t, spans[i].t)
			i++
		}
		out.GPU = append(out.GPU, cur.gpu)
		out.From = append(out.From, cur.f)
		out.To = append(out.To, cur.t)
	}
	return out
}

type span struct {
	gpu  int32
	f, t int64
}

// spansByGPU lists the GPU-row spans of the visible intervals ordered by GPU, then start. A
// counting sort by GPU keeps the run's interval order within a row, which is nearly by start
// already, so the per-row sort that follows is close to linear: on the page's main thread a
// general sort of 10⁵ spans took most of the time of drawing the Gantt. GPU ids outside
// [0, maxCountedGPU] (a damaged stored or imported record) take the general sort instead.
func spansByGPU(src ivSource, visible []int) []span {
	n, top := 0, int32(0)
	for _, i := range visible {
		_, _, gpus := src.at(i)
		for _, gpu := range gpus {
			if gpu < 0 || gpu > maxCountedGPU {
				return sortedSpans(src, visible)
			}
			top = max(top, gpu)
			n++
		}
	}
	start := make([]int32, top+2) // start[g+1] counts, then indexes, the spans of GPU g
	for _, i := range visible {
		_, _, gpus := src.at(i)
		for _, gpu := range gpus {
			start[gpu+1]++
		}
	}
	for g := 1; g < len(start); g++ {
		start[g] += start[g-1]
	}
	spans := make([]span, n)
	next := slices.Clone(start)
	for _, i := range visible {
		f, t, gpus := src.at(i)
		for _, gpu := range gpus {
			spans[next[gpu]] = span{gpu, f, t}
			next[gpu]++
		}
	}
	for g := 0; g+1 < len(start); g++ {
		slices.SortFunc(spans[start[g]:start[g+1]], func(a, b span) int { return cmp.Compare(a.f, b.f) })
	}
	return spans
}

// maxCountedGPU bounds the counting sort's table (4 MiB).
const maxCountedGPU = 1 << 20

// sortedSpans is spansByGPU by a general sort, for any GPU ids.
func sortedSpans(src ivSource, visible []int) []span {
	var spans []span
	for _, i := range visible {
		f, t, gpus := src.at(i)
		for _, gpu := range gpus {
			spans = append(spans, span{gpu, f, t})
		}
	}
	slices.SortFunc(spans, func(a, b span) int {
		return cmp.Or(cmp.Compare(a.gpu, b.gpu), cmp.Compare(a.f, b.f))
	})
	return spans
}
