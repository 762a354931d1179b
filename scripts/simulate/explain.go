package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"schedlab/core"
	"schedlab/core/export"
	"schedlab/core/sim"
	"schedlab/policies"
)

// explainIDs splits -explain's job ids and checks each names a job of the workload: an unknown id
// is named, and the runner exits 2 before any run.
func explainIDs(arg string, jobs []core.Job) ([]string, error) {
	if arg == "" {
		return nil, nil
	}
	known := make(map[string]bool, len(jobs))
	for i := range jobs {
		known[jobs[i].ID] = true
	}
	var ids []string
	for _, id := range strings.Split(arg, ",") {
		id = strings.TrimSpace(id)
		if !known[id] {
			return nil, fmt.Errorf("-explain: no job %q in the workload", id)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// jobIndex is the arrival index of the job with id in r (the first, when ids repeat).
func jobIndex(r *sim.Result, id string) int {
	for i := range r.Jobs {
		if r.Jobs[i].Job.ID == id {
			return i
		}
	}
	return -1
}

// waitSummary is "waited 1200 s: capacity 1000 s, order 200 s" ("never waited" when it did not).
func waitSummary(r *sim.Result, i int) string {
	by := r.WaitBy(i)
	var total core.Time
	var parts []string
	for _, c := range sim.Classes() {
		if by[c] > 0 {
			total += by[c]
			parts = append(parts, fmt.Sprintf("%s %s s", c, export.Seconds(by[c])))
		}
	}
	if total == 0 {
		return "never waited"
	}
	return fmt.Sprintf("waited %s s: %s", export.Seconds(total), strings.Join(parts, ", "))
}

// writeExplain prints each -explain job's timeline under every run.
func writeExplain(w io.Writer, outs []policies.Outcome, ids []string) error {
	for _, o := range outs {
		for _, id := range ids {
			i := jobIndex(o.Result, id)
			fmt.Fprintf(w, "\njob %s under %s (%s)\n", id, o.Summary.Policy, waitSummary(o.Result, i))
			for _, e := range o.Result.Timeline(i) {
				what := e.Kind.String()
				if e.Kind == sim.Waiting {
					what += " (" + e.Class.String() + ")"
				}
				if _, err := fmt.Fprintf(w, "  %12s s  %-20s %s\n", export.Seconds(e.At), what, e.Text); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// timelineJSON is one job's timeline as a JSON Lines object of -json -explain.
type timelineJSON struct {
	Policy string             `json:"policy"`
	Job    string             `json:"job"`
	WaitS  float64            `json:"wait_s"`
	ByS    map[string]float64 `json:"wait_by_reason_s"`
	Events []eventJSON        `json:"timeline"`
}

type eventJSON struct {
	T     float64 `json:"t_s"`
	Event string  `json:"event"`
	Class string  `json:"class,omitempty"`
	Text  string  `json:"text"`
}

// writeExplainJSON prints each -explain job's timeline under every run, one object per line.
func writeExplainJSON(w io.Writer, outs []policies.Outcome, ids []string) error {
	for _, o := range outs {
		for _, id := range ids {
			i := jobIndex(o.Result, id)
			by := o.Result.WaitBy(i)
			t := timelineJSON{Policy: o.Summary.Policy, Job: id, ByS: map[string]float64{}}
			for _, c := range sim.Classes() {
				t.ByS[c.String()] = by[c].Seconds()
				t.WaitS += by[c].Seconds()
			}
			for _, e := range o.Result.Timeline(i) {
				ev := eventJSON{T: e.At.Seconds(), Event: e.Kind.String(), Text: e.Text}
				if e.Kind == sim.Waiting {
					ev.Class = e.Class.String()
				}
				t.Events = append(t.Events, ev)
			}
			b, err := json.Marshal(t)
			if err != nil {
				return err
			}
			if _, err := w.Write(append(b, '\n')); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeWaitShares prints the wait-by-reason line of every run that waited.
func writeWaitShares(w io.Writer, outs []policies.Outcome) {
	head := false
	for _, o := range outs {
		ws := o.Summary.WaitByReason
		if ws == nil {
			continue
		}
		if !head {
			fmt.Fprintln(w, "wait by reason (share of all waiting):")
			head = true
		}
		var parts []string
		for _, c := range sim.Classes() {
			if v := ws.Of(c); v > 0 {
				parts = append(parts, fmt.Sprintf("%s %.1f %%", c, 100*v))
			}
		}
		fmt.Fprintf(w, "  %s: %s\n", o.Summary.Policy, strings.Join(parts, ", "))
	}
}
