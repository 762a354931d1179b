package pagelogic

import (
	"sort"
	"strconv"

	"schedlab/core/sim"
	"schedlab/wasm/runrecord"
)

// DiffRow is one job's JCT in two runs of the same jobs (seconds) and their difference.
type DiffRow struct {
	Job         int // index into both runs' Jobs
	Base, Shown float64
	Delta       float64 // Shown − Base
}

// Diff is the per-job JCT comparison of a shown run with a baseline run.
type Diff struct {
	Rows                 []DiffRow // jobs done in both, largest |Delta| first (stable)
	Mean                 float64   // mean Delta (0 without rows)
	Faster, Slower, Same int
}

// Compare diffs the JCTs of the jobs that finished in both a (the baseline) and b. It reports
// false when the runs did not run the same job list (SameJobs), where a per-job diff means nothing.
func Compare(a, b *runrecord.Record) (Diff, bool) {
	var d Diff
	if !SameJobs(a, b) {
		return d, false
	}
	var sum float64
	for i := range a.Jobs {
		x, y := a.Jobs[i], b.Jobs[i]
		if x.Status != uint8(sim.Done) || y.Status != uint8(sim.Done) {
			continue
		}
		ja, jb := float64(x.End-x.Submit)/1000, float64(y.End-y.Submit)/1000
		delta := jb - ja
		sum += delta
		switch {
		case delta < 0:
			d.Faster++
		case delta > 0:
			d.Slower++
		default:
			d.Same++
		}
		d.Rows = append(d.Rows, DiffRow{Job: i, Base: ja, Shown: jb, Delta: delta})
	}
	sort.SliceStable(d.Rows, func(x, y int) bool { return abs(d.Rows[x].Delta) > abs(d.Rows[y].Delta) })
	if len(d.Rows) > 0 {
		d.Mean = sum / float64(len(d.Rows))
	}
	return d, true
}

// SameJobs reports whether two runs ran the same job list (ids in the same order).
func SameJobs(a, b *runrecord.Record) bool {
	if len(a.Jobs) != len(b.Jobs) {
		return false
	}
	for i := range a.Jobs {
		if a.Jobs[i].ID != b.Jobs[i].ID {
			return false
		}
	}
	return true
}

// Seconds shows seconds with one decimal (the tooltips' unit).
func Seconds(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// Hours shows seconds as hours (the views' unit).
func Hours(v float64) string { return strconv.FormatFloat(v/3600, 'f', 3, 64) }

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
