//go:build js && wasm

package main

import (
	"fmt"
	"strings"

	"schedlab/core"
	"schedlab/core/export"
	"schedlab/core/sim"
	"schedlab/wasm/charts"
	"schedlab/wasm/runrec"
)

// normTput is job i's mean normalised throughput in a sharing run, exactly as the runner's
// -jobs-out norm_tput column prints it (export.FormatNormTput; "" when it never held GPUs).
func normTput(rec *runrec.Record, i int) string {
	j := &rec.Jobs[i]
	return export.FormatNormTput(&sim.JobRecord{Held: core.Time(j.Held), Effective: j.Effective})
}

// sharingInfo is the tooltip's GPU-sharing part for job i: its normalised throughput, the
// slowdown that implies, and the jobs it shared a GPU with (the first few by arrival).
func sharingInfo(rec *runrec.Record, ln *charts.Lanes, i int) string {
	nt := normTput(rec, i)
	if nt == "" {
		return ""
	}
	j := &rec.Jobs[i]
	s := " · normalised throughput " + nt + " (full speed)"
	if slow := float64(j.Held) / max(j.Effective, 1e-9); slow >= 1.005 {
		s = fmt.Sprintf(" · normalised throughput %s (%.2f× slower than alone)", nt, slow)
	}
	if ln == nil {
		return s
	}
	co := ln.CoRunners[i]
	if len(co) == 0 {
		return s + " · had its GPUs to itself"
	}
	ids := make([]string, 0, 4)
	for _, k := range co[:min(len(co), 4)] {
		ids = append(ids, rec.Jobs[k].ID)
	}
	more := ""
	if len(co) > 4 {
		more = fmt.Sprintf(" and %d more", len(co)-4)
	}
	return s + " · shared a GPU with " + strings.Join(ids, ", ") + more
}

// lanesOf stacks rec's co-located intervals (nil when the cluster does not parse).
func lanesOf(rec *runrec.Record) *charts.Lanes {
	c, err := core.ParseCluster(rec.Cluster)
	if err != nil {
		return nil
	}
	return charts.BuildLanes(rec, c.NumGPUs())
}

// sharingColumns are the per-job table's columns for sharing runs; sharingCells fills them.
var sharingColumns = []string{"norm. throughput", "co-runners"}

// sharingCells are job i's sharing cells as (text, data-col, data-value): norm_tput holds the
// runner's CSV value, co_runners how many other jobs shared a GPU with it.
func sharingCells(rec *runrec.Record, ln *charts.Lanes, i int) [][3]string {
	nt, co := normTput(rec, i), "–"
	shown := nt
	if nt == "" {
		shown = "–"
	}
	if ln != nil {
		co = itoa(len(ln.CoRunners[i]))
	}
	return [][3]string{{shown, "norm_tput", nt}, {co, "co_runners", co}}
}
