//go:build js && wasm

package charts

import (
	"cmp"
	"slices"

	"schedlab/wasm/runrecord"
)

// Lanes stacks co-located jobs in the Gantt. In a run with GPU sharing several allocation
// intervals can cover one GPU at once; one bar per row would hide all but the last drawn, so each
// GPU row is split into as many sub-rows (lanes) as the most intervals it ever holds at once, and
// each interval gets, on each of its GPUs, the lowest lane free at its start (greedy interval
// partitioning, which uses exactly that many lanes). Lanes are computed over the whole run, not
// the zoom window, so a bar keeps its place while the user zooms.
//
// Two intervals overlap when they share a GPU for a positive time: max(From) < min(To). Intervals
// that only touch (one ends as the other starts) do not, so a job's consecutive intervals and
// zero-length intervals never count.
type Lanes struct {
	off  []int32 // interval i's lanes are lane[off[i]:off[i+1]], parallel to its GPUs
	lane []int32
	// PerGPU is each GPU's lane count (1 on GPUs that never hold two jobs at once).
	PerGPU []int32
	// Max is the largest lane count: the most jobs ever on one GPU at once.
	Max int
	// Shared counts the intervals that overlap another interval on at least one GPU.
	Shared int
	// CoRunners lists, per job (ascending), the other jobs it shared a GPU with at some time.
	CoRunners [][]int32
}

// BuildLanes assigns lanes for rec on a cluster of gpus GPUs. Intervals naming a GPU outside
// [0, gpus) are left in lane 0 and not counted.
func BuildLanes(rec *runrecord.Record, gpus int) *Lanes {
	l := &Lanes{off: make([]int32, len(rec.Intervals)+1), PerGPU: make([]int32, gpus),
		CoRunners: make([][]int32, len(rec.Jobs))}
	type entry struct{ iv, pos int32 }
	perGPU := make([][]entry, gpus)
	for i, iv := range rec.Intervals {
		l.off[i+1] = l.off[i] + int32(len(iv.GPUs))
		for k, g := range iv.GPUs {
			if g >= 0 && int(g) < gpus {
				perGPU[g] = append(perGPU[g], entry{int32(i), int32(l.off[i]) + int32(k)})
			}
		}
	}
	l.lane = make([]int32, l.off[len(rec.Intervals)])
	shared := make([]bool, len(rec.Intervals))
	for g, es := range perGPU {
		slices.SortFunc(es, func(a, b entry) int {
			x, y := &rec.Intervals[a.iv], &rec.Intervals[b.iv]
			if x.From != y.From {
				return cmp.Compare(x.From, y.From)
			}
			if x.To != y.To {
				return cmp.Compare(x.To, y.To)
			}
			return int(a.iv - b.iv)
		})
		var laneEnd []int64
		var active []int32 // intervals on g still running at the current start
		for _, e := range es {
			cur := &rec.Intervals[e.iv]
			if cur.To <= cur.From {
				continue // zero length: lane 0, occupies nothing
			}
			lane := slices.IndexFunc(laneEnd, func(end int64) bool { return end <= cur.From })
			if lane < 0 {
				lane = len(laneEnd)
				laneEnd = append(laneEnd, 0)
			}
			laneEnd[lane] = cur.To
			l.lane[e.pos] = int32(lane)
			active = slices.DeleteFunc(active, func(a int32) bool { return rec.Intervals[a].To <= cur.From })
			for _, a := range active {
				shared[a], shared[e.iv] = true, true
				l.pair(rec.Intervals[a].Job, cur.Job)
			}
			active = append(active, e.iv)
		}
		l.PerGPU[g] = int32(max(len(laneEnd), 1))
		l.Max = max(l.Max, int(l.PerGPU[g]))
	}
	for _, s := range shared {
		if s {
			l.Shared++
		}
	}
	return l
}

// pair records that jobs a and b shared a GPU.
func (l *Lanes) pair(a, b int32) {
	if a == b {
		return
	}
	for _, x := range [2][2]int32{{a, b}, {b, a}} {
		c := l.CoRunners[x[0]]
		if k, found := slices.BinarySearch(c, x[1]); !found {
			l.CoRunners[x[0]] = slices.Insert(c, k, x[1])
		}
	}
}

// Of returns interval i's lanes, parallel to its GPUs.
func (l *Lanes) Of(i int) []int32 { return l.lane[l.off[i]:l.off[i+1]] }
