package runrecord

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"schedlab/core"
	"schedlab/core/sim"
)

// Step is one step of a job's timeline (sim.Result.Timeline) as the page shows it: every wait
// with its reason, every start, migration and preemption, in words. A record keeps the steps of
// every job in job order, each job's in time order; submission and the end are the job's own
// fields.
type Step struct {
	Job   int32  `json:"j"`
	At    int64  `json:"a"`
	Kind  uint8  `json:"k"` // sim.EventKind
	Class uint8  `json:"c,omitempty"`
	Text  string `json:"x"`
	// Alloc and Servers stand for the text of a start whose allocation is known
	// (sim.Result.StepsBare): the allocation's index in Intervals plus one, and how many servers it
	// spans; Text is then empty and Record.StepText formats it when it is shown or exported.
	Alloc   int32 `json:"-"`
	Servers int32 `json:"-"`
}

// StepText is the text of Why[k]: its Text, or a start's made from its allocation.
func (rec *Record) StepText(k int) string {
	s := &rec.Why[k]
	if s.Alloc == 0 {
		return s.Text
	}
	return sim.StartText(rec.Jobs[s.Job].GPUs, int(s.Servers), rec.Intervals[s.Alloc-1].GPUs)
}

// MarshalJSON writes the record with every step's text (StepText), as records were written
// before starts' texts were made on demand.
func (rec *Record) MarshalJSON() ([]byte, error) {
	type plain Record // the same fields without this method
	cp := plain(*rec)
	if len(rec.Why) > 0 {
		cp.Why = make([]Step, len(rec.Why))
		for k, s := range rec.Why {
			s.Text, s.Alloc, s.Servers = rec.StepText(k), 0, 0
			cp.Why[k] = s
		}
	}
	return json.Marshal(&cp)
}

// sectionWhy holds Why: its count, then (version 2) the texts of its steps as one block of bytes,
// then per step the job, the time (both as deltas from the step before), the kind, the class and
// (version 2) how its text is written (textWords, textStart), or (version 1) its text as a string
// (repeated texts read back as one string, br.sym). The texts are not looked up in a table
// (bw.name): hashing a million of them costs the worker more under wasm than the bytes it saves,
// and most are starts, which carry no text.
const sectionWhy = 3

// How a step's text is written (version 2).
const (
	textWords = 0 // its length; the text is in the section's block of texts
	textStart = 1 // a start's (Step.Alloc): the servers, then the interval as a delta from the last such step's
)

// encodeWhy writes src's timelines as sectionWhy, when there are any.
func encodeWhy(w *bw, src parts) {
	steps, texts := &bw{b: make([]byte, 0, 8*src.jobs())}, &bw{} // a job's start takes ≈8 bytes, no text
	n := 0
	var job, alloc int32
	var at int64
	src.why(func(s Step) {
		steps.int(int64(s.Job - job))
		steps.int(s.At - at)
		job, at = s.Job, s.At
		steps.uint(uint64(s.Kind))
		steps.uint(uint64(s.Class))
		if s.Alloc != 0 {
			steps.uint(textStart)
			steps.uint(uint64(s.Servers))
			steps.int(int64(s.Alloc - alloc))
			alloc = s.Alloc
		} else {
			steps.uint(textWords)
			steps.uint(uint64(len(s.Text)))
			texts.b = append(texts.b, s.Text...)
		}
		n++
	})
	if n == 0 {
		return
	}
	head := &bw{}
	head.uint(uint64(n))
	head.uint(uint64(len(texts.b)))
	w.section(sectionWhy, head.b, texts.b, steps.b)
}

func (rec *Record) decodeWhy(s *br) {
	rec.Why = make([]Step, s.count(5))
	var texts string // version 2: every step's text, one allocation
	if s.v2 {
		texts = string(s.bytes())
	}
	var job, alloc int32
	var at int64
	for i := range rec.Why {
		st := &rec.Why[i]
		job += int32(s.int())
		at += s.int()
		st.Job, st.At = job, at
		st.Kind, st.Class = uint8(s.uint()), uint8(s.uint())
		form := uint64(textWords)
		if s.v2 {
			form = s.uint()
		}
		switch {
		case !s.v2:
			st.Text = s.sym()
		case form == textStart:
			servers := s.uint()
			alloc += int32(s.int())
			st.Alloc, st.Servers = alloc, int32(servers)
			if s.err == nil && (servers > math.MaxInt32 || alloc < 1 || int(alloc) > len(rec.Intervals) || rec.Intervals[alloc-1].Job != st.Job) {
				s.err = fmt.Errorf("runrecord: timeline step %d: start on interval %d of %d, %d servers, not job %d's", i, alloc-1, len(rec.Intervals), servers, st.Job)
			}
		case form != textWords:
			if s.err == nil {
				s.err = fmt.Errorf("runrecord: timeline step %d: text in form %d", i, form)
			}
		default:
			n := s.uint()
			if n > uint64(len(texts)) {
				s.err = errors.New("runrecord: timeline texts longer than their block")
				return
			}
			st.Text, texts = texts[:n], texts[n:]
		}
		if s.err == nil && (int(st.Job) >= len(rec.Jobs) || st.Job < 0 || st.Kind > uint8(sim.Refused) || st.Class >= uint8(sim.NumClasses)) {
			s.err = fmt.Errorf("runrecord: timeline step %d: job %d, kind %d, class %d out of range", i, st.Job, st.Kind, st.Class)
		}
	}
	if s.err == nil && len(texts) > 0 {
		s.err = errors.New("runrecord: timeline texts shorter than their block")
	}
}

// waits sets each job's waiting per reason class in r (sim.Result.Waits) from the steps: a wait
// lasts until the job's next step, its end, or the end of the run, as sim.Result.WaitBy counts it.
func (rec *Record) waits(r *sim.Result) {
	if len(rec.Why) == 0 {
		return
	}
	r.Waits = make([][sim.NumClasses]core.Time, len(r.Jobs))
	for k, s := range rec.Why {
		if sim.EventKind(s.Kind) != sim.Waiting {
			continue
		}
		j := &r.Jobs[s.Job]
		end := core.Time(rec.End)
		switch {
		case k+1 < len(rec.Why) && rec.Why[k+1].Job == s.Job:
			end = core.Time(rec.Why[k+1].At)
		case j.Status == sim.Done:
			end = j.End
		}
		r.Waits[s.Job][s.Class] += end - core.Time(s.At)
	}
}

// validateWhy checks what the timelines index by: steps in job order, each job's in time order,
// jobs, kinds and classes in range.
func (rec *Record) validateWhy() error {
	for i, s := range rec.Why {
		switch {
		case s.Job < 0 || int(s.Job) >= len(rec.Jobs):
			return fmt.Errorf("why[%d].j: job %d, want 0 … %d", i, s.Job, len(rec.Jobs)-1)
		case s.Kind > uint8(sim.Refused) || s.Class >= uint8(sim.NumClasses):
			return fmt.Errorf("why[%d]: kind %d, class %d out of range", i, s.Kind, s.Class)
		case i > 0 && (s.Job < rec.Why[i-1].Job || (s.Job == rec.Why[i-1].Job && s.At < rec.Why[i-1].At)):
			return fmt.Errorf("why[%d]: out of order (job %d at %d ms after job %d at %d ms)", i, s.Job, s.At, rec.Why[i-1].Job, rec.Why[i-1].At)
		}
	}
	return nil
}
