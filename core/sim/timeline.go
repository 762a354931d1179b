package sim

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"schedlab/core"
)

// Explanation is a run's record of why its jobs waited (Result.Why): read it through
// Result.Timeline and Result.WaitBy.
type Explanation struct {
	entries entryLog
	last    []int32
	rules   []*Rule
}

func (x *explain) result() *Explanation {
	if x.off {
		return nil
	}
	return &Explanation{entries: x.entries, last: x.last, rules: x.rules}
}

// EventKind is the kind of a step in a job's timeline.
type EventKind uint8

// Timeline steps.
const (
	Submitted EventKind = iota
	Waiting
	Started
	Migrated
	Preempted
	Finished
	Refused // rejected: never fits the cluster (the status is Rejected)
)

var eventNames = [...]string{"submitted", "waiting", "started", "migrated", "preempted", "finished", "rejected"}

// String names the kind.
func (k EventKind) String() string { return eventNames[k] }

// Event is one step of a job's timeline: Class is set for Waiting, Text says it in words (the
// reason, the allocation, the decision and the job it favoured).
type Event struct {
	At    core.Time
	Kind  EventKind
	Class Class
	Text  string
	// Alloc and Servers are set by StepsBare only, for a start whose allocation is known: the
	// allocation's index in Result.Intervals plus one, and how many servers it spans. Text is
	// then empty and StartText gives it.
	Alloc, Servers int32
}

// WaitBy is the time job i waited, per reason class (indexed by Class; NoClass stays 0): each
// stretch of waiting counts towards its reason's class until the job's next change, its end, or
// the end of the run. Their sum is the job's whole waiting time (end − submit − time holding GPUs).
func (r *Result) WaitBy(i int) [NumClasses]core.Time {
	switch {
	case r.Why != nil:
		end := r.End
		if j := &r.Jobs[i]; j.Status == Done {
			end = j.End
		}
		return r.Why.waitBy(i, end)
	case r.Waits != nil:
		return r.Waits[i]
	}
	return [NumClasses]core.Time{}
}

// waitBy is WaitBy from the log, for job i ending (or the run ending) at t.
func (x *Explanation) waitBy(i int, t core.Time) [NumClasses]core.Time {
	var by [NumClasses]core.Time
	for k := x.last[i]; k >= 0; k = x.entries.at(k).prev {
		e := x.entries.at(k)
		if e.kind == kWait {
			by[e.class] += t - e.at
		}
		t = e.at
	}
	return by
}

// Timeline is job i's life: submitted, every stretch of waiting with its reason, every start,
// migration and preemption, and its end. A job that never waited has no Waiting step.
func (r *Result) Timeline(i int) []Event {
	j := &r.Jobs[i]
	out := []Event{{At: j.Job.Submit, Kind: Submitted, Text: fmt.Sprintf("submitted, needs %d GPU%s", j.Job.GPUs, plural(j.Job.GPUs))}}
	if j.Status == Rejected {
		return append(out, Event{At: j.Job.Submit, Kind: Refused, Text: "rejected: more GPUs than any GPU type of the cluster has"})
	}
	out = r.Steps(i, out)
	if j.Status == Done {
		out = append(out, Event{At: j.End, Kind: Finished, Text: "finished"})
	}
	return out
}

// Steps appends to out job i's timeline between its submission and its end: every stretch of
// waiting, every start, migration and preemption (none for a rejected job). A saved run keeps
// these steps of every job (wasm/runrecord), a million jobs' worth in the browser, so they are
// written into the caller's slice and the submission and end, which the job's own fields give,
// are not formatted only to be dropped.
func (r *Result) Steps(i int, out []Event) []Event { return r.steps(i, out, false) }

// StepsBare is Steps without formatting the text of a start whose allocation is known (the
// common step: one per job of a run that never waits): that step carries Alloc and Servers
// instead, and StartText makes the same text when it is shown. A saved run keeps a million of
// them, and a browser's worker would otherwise format every one.
func (r *Result) StepsBare(i int, out []Event) []Event { return r.steps(i, out, true) }

// StartText is the text of a start of a job on gpus GPUs spanning servers servers, allocated
// ids: "started on 2 GPUs on 1 server: GPUs 4-5".
func StartText(gpus, servers int, ids []int32) string {
	return "started on " + strconv.Itoa(gpus) + " GPU" + plural(gpus) + " on " + strconv.Itoa(servers) +
		" server" + plural(servers) + ": GPUs " + gpuRanges(ids)
}

func (r *Result) steps(i int, out []Event, bare bool) []Event {
	j := &r.Jobs[i]
	x := r.Why
	if x == nil || j.Status == Rejected {
		return out
	}
	n, first := 0, int32(-1)
	for k := x.last[i]; k >= 0; k = x.entries.at(k).prev {
		n, first = n+1, k
	}
	if j.FirstStart >= 0 && (n == 0 || x.entries.at(first).kind == kPreempt) {
		// A lean run logs no first start of a job that had not waited (exStarted).
		out = append(out, Event{At: j.FirstStart, Kind: Started,
			Text: "started on " + strconv.Itoa(j.Job.GPUs) + " GPU" + plural(j.Job.GPUs) + " (a lean run keeps no GPU ids)"})
	}
	out = slices.Grow(out, n)[:len(out)+n]
	at := len(out) - 1 // the log links each job's entries from its last
	for k := x.last[i]; k >= 0; k = x.entries.at(k).prev {
		e := x.entries.at(k)
		if bare && e.kind == kStart && e.rule >= 0 && int(e.rule) < len(r.Intervals) {
			out[at] = Event{At: e.at, Kind: Started, Alloc: e.rule + 1, Servers: int32(e.a)}
		} else {
			out[at] = r.event(e)
		}
		at--
	}
	return out
}

func (r *Result) id(i int32) string { return r.Jobs[i].Job.ID }

func (r *Result) event(e *entry) Event {
	x := r.Why
	switch e.kind {
	case kWait:
		return Event{At: e.at, Kind: Waiting, Class: e.class, Text: r.reasonText(e, x.rules[e.rule])}
	case kStart:
		if e.rule >= 0 && int(e.rule) < len(r.Intervals) {
			return Event{At: e.at, Kind: Started, Text: StartText(r.Jobs[e.job].Job.GPUs, int(e.a), r.Intervals[e.rule].GPUs)}
		}
		fallthrough
	case kMigrate:
		k, verb := Started, "started on"
		if e.kind == kMigrate {
			k, verb = Migrated, "moved to"
		}
		n := r.Jobs[e.job].Job.GPUs
		t := verb + " " + strconv.Itoa(n) + " GPU" + plural(n) + " on " + strconv.Itoa(int(e.a)) + " server" + plural(int(e.a))
		if e.rule >= 0 && int(e.rule) < len(r.Intervals) {
			t += ": GPUs " + gpuRanges(r.Intervals[e.rule].GPUs)
		} else {
			t += fmt.Sprintf(" (first GPU %d)", e.b)
		}
		if e.kind == kMigrate {
			t += ", " + r.decision(e)
		}
		return Event{At: e.at, Kind: k, Text: t}
	}
	t := "preempted, " + r.decision(e)
	if e.ref >= 0 {
		t += "; its GPUs went to job " + r.id(e.ref)
	}
	return Event{At: e.at, Kind: Preempted, Text: t}
}

// decision names the decision a preemption or migration came from by its event.
func (r *Result) decision(e *entry) string {
	switch {
	case e.c >= 0 && e.cause&OnArrival != 0:
		return "at the decision on the arrival of job " + r.id(e.c)
	case e.c >= 0 && e.cause&OnCompletion != 0:
		return "at the decision on the completion of job " + r.id(e.c)
	case e.cause&OnWake != 0:
		return "at the time the policy asked to decide (its priorities changed)"
	case e.cause&OnTick != 0:
		return "at the round tick"
	case e.cause&OnLeaseEnd != 0:
		return "at a lease end"
	}
	return "at a decision"
}

// reasonText is a wait entry's reason in words.
func (r *Result) reasonText(e *entry, rule *Rule) string {
	switch rule {
	case ruleCapacity:
		return fmt.Sprintf("needs %d GPU%s; %d free in the cluster", e.a, plural(int(e.a)), e.b)
	case ruleShapeType:
		return fmt.Sprintf("needs %d GPUs of one type it may use; at most %d free of one such type (%d in all)", e.c, e.a, e.b)
	case ruleShapeBlock:
		return fmt.Sprintf("needs %d on one server; the largest free block is %d on server %d", e.c, e.a, e.b)
	case ruleShapeWhole:
		return fmt.Sprintf("needs %d GPUs on whole servers; %d server%s (%d GPUs) wholly free", e.c, e.a, plural(int(e.a)), e.b)
	case ruleShapeHost:
		return fmt.Sprintf("needs %d GPU%s with their CPU cores and memory; the servers with free GPUs lack them", e.c, plural(int(e.c)))
	case ruleNextRound:
		return rule.Text + " " + num(e.key) + " s"
	}
	var b strings.Builder
	switch {
	case rule.Class == Order && e.a >= 0 && e.ref >= 0:
		fmt.Fprintf(&b, "behind %d job%s; first: job %s", e.a, plural(int(e.a)), r.id(e.ref))
	case rule.Class == Order && e.ref >= 0:
		b.WriteString("behind job " + r.id(e.ref))
	case rule.Class == Order && e.a >= 0:
		fmt.Fprintf(&b, "behind %d job%s", e.a, plural(int(e.a)))
	}
	if rule.Text != "" {
		if b.Len() > 0 {
			b.WriteString(" (" + rule.Text + ")")
		} else {
			b.WriteString(rule.Text)
		}
	}
	if rule.Class != Order && e.ref >= 0 {
		b.WriteString(": job " + r.id(e.ref))
	}
	if rule.Key != "" {
		b.WriteString("; its " + rule.Key + ": " + num(e.key))
		if rule.Unit != "" {
			b.WriteString(" " + rule.Unit)
		}
	}
	return b.String()
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// num prints a key: whole numbers without decimals, others to three.
func num(v float64) string {
	if v == float64(int64(v)) {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'f', 3, 64)
}

// gpuRanges lists GPU ids with runs collapsed: 0-3,8.
func gpuRanges(ids []int32) string {
	var b strings.Builder
	for k := 0; k < len(ids); {
		m := k
		for m+1 < len(ids) && ids[m+1] == ids[m]+1 {
			m++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(int(ids[k])))
		if m > k {
			b.WriteString("-" + strconv.Itoa(int(ids[m])))
		}
		k = m + 1
	}
	return b.String()
}
