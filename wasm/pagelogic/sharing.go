package pagelogic

import (
	"fmt"
	"strconv"
	"strings"

	"schedlab/core"
	"schedlab/core/export"
	"schedlab/core/sim"
	"schedlab/wasm/runrecord"
)

// NormTput is job i's mean normalised throughput in a sharing run, exactly as the runner's
// -jobs-out norm_tput column prints it (export.FormatNormTput; "" when it never held GPUs).
func NormTput(rec *runrecord.Record, i int) string {
	j := &rec.Jobs[i]
	return export.FormatNormTput(&sim.JobRecord{Held: core.Time(j.Held), Effective: j.Effective})
}

// SharingInfo is the tooltip's GPU-sharing part for job i: its normalised throughput, the
// slowdown that implies, and the jobs it shared a GPU with (the first few by arrival). co is the
// run's co-runners per job (charts.Lanes.CoRunners), nil when they are not known.
func SharingInfo(rec *runrecord.Record, co [][]int32, i int) string {
	nt := NormTput(rec, i)
	if nt == "" {
		return ""
	}
	j := &rec.Jobs[i]
	s := " · normalised throughput " + nt + " (full speed)"
	if slow := float64(j.Held) / max(j.Effective, 1e-9); slow >= 1.005 {
		s = fmt.Sprintf(" · normalised throughput %s (%.2f× slower than alone)", nt, slow)
	}
	if co == nil {
		return s
	}
	cr := co[i]
	if len(cr) == 0 {
		return s + " · had its GPUs to itself"
	}
	ids := make([]string, 0, 4)
	for _, k := range cr[:min(len(cr), 4)] {
		ids = append(ids, rec.Jobs[k].ID)
	}
	more := ""
	if len(cr) > 4 {
		more = fmt.Sprintf(" and %d more", len(cr)-4)
	}
	return s + " · shared a GPU with " + strings.Join(ids, ", ") + more
}

// SharingColumns are the per-job table's columns for sharing runs; SharingCells fills them.
var SharingColumns = []string{"norm. throughput", "co-runners"}

// SharingCells are job i's sharing cells as (text, data-col, data-value): norm_tput holds the
// runner's CSV value, co_runners how many other jobs shared a GPU with it ("–" when co is nil).
func SharingCells(rec *runrecord.Record, co [][]int32, i int) [][3]string {
	nt, n := NormTput(rec, i), "–"
	shown := nt
	if nt == "" {
		shown = "–"
	}
	if co != nil {
		n = strconv.Itoa(len(co[i]))
	}
	return [][3]string{{shown, "norm_tput", nt}, {n, "co_runners", n}}
}
