//go:build js && wasm

package page

import (
	"maps"
	"slices"
	"strings"
	"sync"
	"syscall/js"

	"schedlab/wasm/charts"
	"schedlab/wasm/runrecord"
)

// run is a run of the summary table. Its view (runrecord.View: the record's scalar fields, the
// summary and the charts' data) is there from the start; its record (jobs, intervals, timelines)
// only when a view asks for it (full). A worker answers with the view first and sends the
// record's bytes once it has encoded them; they are decoded at the first ask (the job table, the
// Gantt zoomed in, a job's timeline, the comparison, an export), not before. A run opened from
// the history or an export has its record at once.
type run struct {
	view *runrecord.View
	head *runrecord.Record // &view.Head: ID, name, policy, summary, cluster, spec, scripts
	// ready is closed once bytes, rec or err is set.
	ready chan struct{}
	bytes js.Value // the record's binary form (a Uint8Array) until it is decoded
	rec   *runrecord.Record
	err   error // why the run has no record (its worker failed after answering with the view)
	// decoding keeps a second ask waiting while the first decodes.
	decoding sync.Mutex
	fetching bool          // a decoding was started ahead of an ask (prefetch)
	lanes    *charts.Lanes // a sharing run's stacked intervals, once built (lanes)
	clock    *runClock     // the run's steps, for the page benchmark (nil for an opened run)
	// resume tells the run's worker to go on to the record (pool.Resume); nil once told, and for
	// an opened run.
	resume func()
}

// goOn tells r's worker, once, to encode and send the record: the page has drawn the view, or
// needs the record now.
func (r *run) goOn() {
	if r.resume != nil {
		r.resume()
		r.resume = nil
	}
}

// newRun is a run whose record is still to come (deliver).
func newRun() *run { return &run{ready: make(chan struct{}), bytes: js.Undefined()} }

// recordRun is the run of a whole record (opened from the history or imported).
func recordRun(rec *runrecord.Record) *run {
	r := &run{view: rec.View(), rec: rec, ready: make(chan struct{}), bytes: js.Undefined()}
	r.head = &r.view.Head
	close(r.ready)
	return r
}

// setView gives r its view.
func (r *run) setView(v *runrecord.View) { r.view, r.head = v, &v.Head }

// deliver gives r its record's bytes (a Uint8Array), or the error that there will be none.
func (r *run) deliver(u8 js.Value, err error) {
	r.bytes, r.err = u8, err
	close(r.ready)
}

// delivered reports whether r has its record's bytes, its record or the reason it has none.
func (r *run) delivered() bool {
	select {
	case <-r.ready:
		return true
	default:
		return false
	}
}

// name is the run's name ("the run" before its view has come).
func (r *run) name() string {
	if r.head == nil {
		return "the run"
	}
	return r.head.Name
}

// rename names the run (and its record, if decoded) name.
func (r *run) rename(name string) {
	r.head.Name = name
	if r.rec != nil {
		r.rec.Name = name
	}
}

// full returns r's record, waiting for its bytes and decoding them the first time (in slices,
// yielding to the page between them), with what is waited for said in the status line. Call it
// from a goroutine, never from a JS callback.
func (p *page) full(r *run, why string) (*runrecord.Record, error) {
	select {
	case <-r.ready:
	default:
		r.goOn()
		done := p.busy("waiting for the record of " + r.name() + " (" + why + ")")
		<-r.ready
		done()
	}
	r.decoding.Lock()
	defer r.decoding.Unlock()
	if r.rec != nil || r.err != nil {
		return r.rec, r.err
	}
	done := p.busy("reading the record of " + r.name() + " (" + why + ")")
	defer done()
	// Everything decoded stays live: a collection meanwhile would free little and mark it all.
	defer p.gc.Hold()()
	pause := func() error { p.funcs.Yield(); return nil }
	rec := &runrecord.Record{}
	raw, err := copyBytes(r.bytes, pause)
	if err == nil {
		err = rec.DecodeBinary(raw, pause)
	}
	if err != nil {
		r.err = err
		return nil, err
	}
	if r.head != nil {
		rec.Name = r.head.Name // renamed meanwhile, perhaps
	}
	r.rec, r.bytes = rec, js.Undefined()
	return rec, nil
}

// prefetch starts reading r's record for an ask that cannot wait (a hover), once, and calls then
// when it is read.
func (p *page) prefetch(r *run, why string, then func(*run)) {
	if !r.fetching && r.rec == nil {
		r.fetching = true
		go func() {
			if _, err := p.full(r, why); err == nil {
				then(r)
			}
		}()
	}
}

// busy says msg in the status line until done is called: every wait the user sees is explained
// there (a run being saved, a record being read).
func (p *page) busy(msg string) (done func()) {
	p.statusSeq++
	key := p.statusSeq
	if p.status == nil {
		p.status = map[int]string{}
	}
	p.status[key] = msg
	p.renderStatus()
	return func() {
		if _, ok := p.status[key]; ok {
			delete(p.status, key)
			p.renderStatus()
		}
	}
}

func (p *page) renderStatus() {
	msgs := make([]string, 0, len(p.status))
	for _, k := range slices.Sorted(maps.Keys(p.status)) {
		msgs = append(msgs, p.status[k])
	}
	st := hook("run-status")
	st.SetTextContent(strings.Join(msgs, "; "))
	setHidden(st, len(msgs) == 0)
}
