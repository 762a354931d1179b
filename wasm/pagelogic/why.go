package pagelogic

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"schedlab/core/sim"
	"schedlab/wasm/runrecord"
)

// hours formats ms as hours with three decimals.
func hours(ms int64) string { return fmt.Sprintf("%.3f h", float64(ms)/3.6e6) }

// Timeline is job i's timeline as lines "time · step: words" (the runner's -explain in the page):
// submitted, every wait with its reason, every start, migration and preemption, the end.
func Timeline(rec *runrecord.Record, i int) []string {
	if i < 0 || i >= len(rec.Jobs) {
		return nil
	}
	j := rec.Jobs[i]
	out := []string{fmt.Sprintf("%s · submitted: needs %d GPU(s)", hours(j.Submit), j.GPUs)}
	k := sort.Search(len(rec.Why), func(k int) bool { return rec.Why[k].Job >= int32(i) })
	for ; k < len(rec.Why) && rec.Why[k].Job == int32(i); k++ {
		s := rec.Why[k]
		what := sim.EventKind(s.Kind).String()
		if sim.EventKind(s.Kind) == sim.Waiting {
			what += " (" + sim.Class(s.Class).String() + ")"
		}
		out = append(out, fmt.Sprintf("%s · %s: %s", hours(s.At), what, rec.StepText(k)))
	}
	if j.End >= 0 {
		out = append(out, hours(j.End)+" · finished")
	}
	return out
}

// WaitingAt lists the jobs waiting at time t with their reasons, at most max of them (and how many
// more), one line each: the Gantt's hover over a time.
func WaitingAt(rec *runrecord.Record, t int64, max int) string {
	var lines []string
	n := 0
	for k := 0; k < len(rec.Why); {
		job := rec.Why[k].Job
		last := -1 // the job's last step at or before t
		for ; k < len(rec.Why) && rec.Why[k].Job == job; k++ {
			if rec.Why[k].At <= t {
				last = k
			}
		}
		if last < 0 || sim.EventKind(rec.Why[last].Kind) != sim.Waiting {
			continue
		}
		if e := rec.Jobs[job].End; e >= 0 && e <= t {
			continue
		}
		n++
		if len(lines) < max {
			s := rec.Why[last]
			lines = append(lines, fmt.Sprintf("job %s (%s): %s", rec.Jobs[job].ID, sim.Class(s.Class), rec.StepText(last)))
		}
	}
	head := fmt.Sprintf("at %s: %d job(s) waiting", hours(t), n)
	if n > len(lines) {
		lines = append(lines, fmt.Sprintf("… and %d more", n-len(lines)))
	}
	if n == 0 {
		return head
	}
	return head + "\n" + strings.Join(lines, "\n")
}

// WaitShare is one class's share of a run's waiting (metrics.WaitShares).
type WaitShare struct {
	Class string
	Share float64
}

// WaitShares is the summary's wait by reason in class order, nil when no job waited.
func WaitShares(rec *runrecord.Record) []WaitShare {
	var s struct {
		W map[string]float64 `json:"wait_by_reason"`
	}
	if json.Unmarshal(rec.Summary, &s) != nil || s.W == nil {
		return nil
	}
	var out []WaitShare
	for _, c := range sim.Classes() {
		out = append(out, WaitShare{Class: c.String(), Share: s.W[c.String()]})
	}
	return out
}
