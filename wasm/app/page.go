//go:build js && wasm

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"syscall/js"

	"schedlab/core"
	"schedlab/policies"
	"schedlab/policies/scenario"
	"schedlab/wasm/runrec"
	"schedlab/wasm/store"
)

// The built-in workload: exactly the runner's -generate philly:jobs=1000,rate=9 -cluster 16x8 -seed 1.
const (
	dbName          = "schedlab" // the IndexedDB database of saved runs
	builtinGenerate = "philly:jobs=1000,rate=9"
	builtinCluster  = "16x8"
)

// presets are the cluster presets offered beside the spec input.
var presets = [][2]string{
	{"16x8 (128 V100, default)", "16x8"},
	{"Synergy 128 GPUs", "16x8,cpu=24,mem=500"},
	{"Synergy 512 GPUs", "64x8,cpu=24,mem=500"},
	{"Gavel K80/P100/V100", "36x1:K80+36x1:P100+36x1:V100"},
}

type page struct {
	reg   *policies.Registry
	store store.Store
	idb   bool // store is IndexedDB: workers save their runs themselves
	ctx   context.Context

	// workload: a generator spec, or an uploaded trace file
	file      js.Value
	fileErr   string // why file did not load ("" when it did): Run refuses it until fixed
	traceHash string
	wantTrace string   // from a link: the trace file the user must choose (name)…
	wantHash  string   // …and its content hash ("" when the link has none)
	columns   string   // the column-mapping form's spec (format mapped): trace.Mapping's text form
	header    []string // the loaded file's first row, split as CSV (the mapping form's choices)
	loadSeq   int      // loads started; only the latest one's answer is shown
	loader    loader

	runs    []*runrec.Record // rows of the summary table
	shown   *runrec.Record   // the Gantt's run
	workers []js.Value
	seq     int
	live    int // runs of the current click in workers now
	queued  int // runs of the current click waiting for a worker
	click   int

	// base is the spec last put into the form (a figure's or a reopened run's); its settings
	// the form has no inputs for (round, window, progress mode, …) apply until the workload changes.
	base scenario.Spec

	ganttFrom, ganttTo int64
	infoFn             js.Func

	fig figView // the Figures view
}

func startPage() {
	p := &page{reg: policies.Builtin(), ctx: context.Background(), file: js.Null()}
	p.fig.p = p
	p.buildControls()
	p.openStore()
	p.fig.init()
	if !p.fig.applyFigureURL() {
		p.applyURL()
	}
	p.refreshHistory()
	doc.Get("body").Call("setAttribute", "data-ready", "1")
	js.Global().Get("performance").Call("mark", "schedlab-ready")
}

func (p *page) setError(msg string) { byTestID("error").Set("textContent", msg) }

func (p *page) openStore() {
	s, err := store.OpenIDB(p.ctx, dbName)
	if err != nil {
		p.setError("history is not saved (" + err.Error() + "); runs are kept in memory only")
		p.store = store.NewMemory()
		return
	}
	p.store, p.idb = s, true
}

func (p *page) buildControls() {
	p.buildPicker()
	fmtSel := byTestID("trace-format")
	for _, n := range traceFormats() {
		fmtSel.Call("appendChild", el("option", n, "value", n))
	}
	pre := doc.Call("getElementById", "cluster-preset")
	for _, pr := range presets {
		pre.Call("appendChild", el("option", pr[0], "value", pr[1]))
	}
	on(pre, "change", func(js.Value) {
		if v := pre.Get("value").String(); v != "" {
			byTestID("cluster-spec").Set("value", v)
		}
	})
	byTestID("cluster-spec").Set("value", builtinCluster)
	byTestID("seed").Set("value", "1")
	doc.Call("getElementById", "workload-gen").Set("value", builtinGenerate)
	p.showWorkload()

	on(byTestID("run"), "click", func(js.Value) { p.run() })
	on(byTestID("cancel"), "click", func(js.Value) { p.cancel() })
	on(byTestID("trace-file"), "change", func(js.Value) {
		if f := byTestID("trace-file").Get("files"); f.Length() > 0 {
			p.loadFile(f.Index(0))
		}
	})
	on(byTestID("export-native"), "click", func(js.Value) { p.exportNative() })
	on(fmtSel, "change", func(js.Value) { p.formatChanged() })
	on(doc.Call("getElementById", "workload-gen"), "input", func(js.Value) { p.resetBase(); p.showWorkload() })
	on(doc.Call("getElementById", "use-generator"), "click", func(js.Value) {
		p.resetBase()
		p.file, p.fileErr, p.traceHash, p.wantTrace, p.wantHash = js.Null(), "", "", "", ""
		byTestID("trace-file").Set("value", "")
		byTestID("detected-format").Set("textContent", "")
		p.showMapping(false)
		p.showWorkload()
	})
	drop := doc.Call("getElementById", "drop")
	onSync(drop, "dragover", func(ev js.Value) { ev.Call("preventDefault") })
	onSync(drop, "drop", func(ev js.Value) {
		ev.Call("preventDefault")
		if f := ev.Get("dataTransfer").Get("files"); f.Length() > 0 {
			file := f.Index(0)
			go p.loadFile(file)
		}
	})
	on(byTestID("baseline"), "change", func(js.Value) { p.renderSummary(); p.renderDiff() })
	on(doc.Call("getElementById", "params"), "input", func(js.Value) { p.checkParams() })
	on(doc.Call("getElementById", "gantt-run"), "change", func(js.Value) { p.showSelected() })
	on(doc.Call("getElementById", "colour-by"), "change", func(js.Value) { p.drawGantt() })
	on(byTestID("export-csv"), "click", func(js.Value) { p.exportCSV() })
	on(byTestID("export-json"), "click", func(js.Value) { p.exportJSON() })
	on(byTestID("export-trace"), "click", func(js.Value) { p.exportTrace() })
	on(byTestID("export-png"), "click", func(js.Value) { p.exportImage("png") })
	on(doc.Call("getElementById", "export-svg"), "click", func(js.Value) { p.exportImage("svg") })
	on(doc.Call("getElementById", "import-json"), "change", func(js.Value) { p.importJSON() })
	p.buildSweepIO()
}

func traceFormats() []string {
	return append([]string{""}, traceNames()...)
}

// resetBase forgets the settings of the spec last filled in (the workload changed) and the
// scenario name.
func (p *page) resetBase() {
	p.base = scenario.Spec{}
	doc.Call("getElementById", "scenario-name").Set("value", "")
}

// showWorkload describes the current workload.
func (p *page) showWorkload() {
	w := doc.Call("getElementById", "workload")
	if p.file.Truthy() {
		note := ""
		if p.fileErr != "" {
			note = " (not loaded: see the message)"
		}
		w.Set("textContent", "trace: "+p.file.Get("name").String()+note)
		return
	}
	w.Set("textContent", "generator: "+doc.Call("getElementById", "workload-gen").Get("value").String())
}

// spec reads the form into a scenario spec.
func (p *page) spec() (scenario.Spec, *core.Cluster, error) {
	var s scenario.Spec
	if p.file.Truthy() {
		s.Trace = p.file.Get("name").String()
		s.Format = byTestID("trace-format").Get("value").String()
		if s.Format == "mapped" {
			s.Columns = p.columns
		}
	} else {
		s.Generate = strings.TrimSpace(doc.Call("getElementById", "workload-gen").Get("value").String())
	}
	s.Cluster = strings.TrimSpace(byTestID("cluster-spec").Get("value").String())
	c, err := core.ParseCluster(s.Cluster)
	if err != nil {
		return s, nil, err
	}
	s.Cluster = c.String()
	seed := strings.TrimSpace(byTestID("seed").Get("value").String())
	if s.Seed, err = strconv.ParseUint(seed, 10, 64); err != nil {
		return s, nil, fmt.Errorf("seed: want a non-negative integer, got %q", seed)
	}
	for _, name := range p.reg.Names() {
		if byTestID("policy-" + name).Get("checked").Bool() {
			s.Policies = append(s.Policies, name)
		}
	}
	if raw := strings.TrimSpace(doc.Call("getElementById", "params").Get("value").String()); raw != "" {
		// The same check as while typing: every key a policy, every value one it accepts.
		if msg := p.paramsError(raw); msg != "" {
			return s, nil, errors.New(msg)
		}
		if err := json.Unmarshal([]byte(raw), &s.Params); err != nil {
			return s, nil, fmt.Errorf("policy parameters: %v", err)
		}
	}
	if sc := doc.Call("getElementById", "scenario-name").Get("value").String(); sc != "" {
		s.Scenario = sc
	}
	b := p.base
	s.Placement, s.CheckpointCost, s.Round, s.FirstRound = b.Placement, b.CheckpointCost, b.Round, b.FirstRound
	s.Progress, s.WindowFrom, s.WindowTo, s.StopAtWindow = b.Progress, b.WindowFrom, b.WindowTo, b.StopAtWindow
	s.MeasuredOnly = b.MeasuredOnly
	return s, c, s.Validate()
}

func (p *page) run() {
	body := doc.Get("body")
	body.Call("removeAttribute", "data-done")
	p.setError("")
	p.cancelWorkers()
	spec, _, err := p.spec()
	if err != nil {
		p.setError(err.Error())
		body.Call("setAttribute", "data-done", "1")
		return
	}
	if msg := p.workloadProblem(); msg != "" {
		p.setError(msg)
		body.Call("setAttribute", "data-done", "1")
		return
	}
	js.Global().Get("history").Call("replaceState", nil, "", "?"+runrec.EncodeQuery(spec, p.traceHash))
	p.click++
	click := p.click
	p.runs, p.shown = nil, nil
	p.renderSummary()
	specJSON, _ := json.Marshal(spec)
	n := len(spec.Policies)
	progress := make([]float64, n)
	slots := make([]*runrec.Record, n) // table rows stay in the spec's policy order
	// failures groups the runs' errors by message: a workload error fails every policy alike and
	// is shown once, naming them all.
	type failure struct {
		msg string
		who []int // indices into spec.Policies, in the spec's order
	}
	var failures []failure
	limit := workerLimit()
	next := 0
	p.live = 0
	prog := byTestID("progress")
	prog.Set("value", 0)
	var start func()
	finish := func(i int, errMsg string) {
		if click != p.click {
			return
		}
		progress[i] = 1
		if errMsg != "" {
			k := slices.IndexFunc(failures, func(f failure) bool { return f.msg == errMsg })
			if k < 0 {
				failures, k = append(failures, failure{msg: errMsg}), len(failures)
			}
			failures[k].who = append(failures[k].who, i)
			slices.Sort(failures[k].who)
			parts := make([]string, len(failures))
			for j, f := range failures {
				names := make([]string, len(f.who))
				for x, w := range f.who {
					names[x] = spec.Policies[w]
				}
				parts[j] = strings.Join(names, ", ") + ": " + f.msg
			}
			p.setError(strings.Join(parts, "; "))
		}
		p.live--
		if next < n {
			start()
		}
		if p.live == 0 && next >= n {
			prog.Set("value", 1)
			body.Call("setAttribute", "data-done", "1")
		}
	}
	start = func() {
		i := next
		next++
		p.live++
		p.queued = n - next
		w := js.Global().Get("Worker").New("static/worker.js")
		p.workers = append(p.workers, w)
		t0 := js.Global().Get("performance").Call("now").Float()
		onSync(w, "message", func(ev js.Value) {
			d := ev.Get("data")
			switch d.Get("type").String() {
			case "progress":
				if click != p.click { // cancelled or superseded
					return
				}
				if t := d.Get("total").Float(); t > 0 {
					progress[i] = 0.99 * d.Get("done").Float() / t
				}
				sum := 0.0
				for _, v := range progress {
					sum += v
				}
				prog.Set("value", sum/float64(n))
			case "result":
				w.Call("terminate")
				u8 := js.Global().Get("Uint8Array").New(d.Get("record"))
				saveErr := d.Get("saveError").String()
				ms := js.Global().Get("performance").Call("now").Float() - t0
				go func() {
					// Copy and decode in slices, yielding between them; a newer click (Run or
					// Cancel) stops the work at the next slice.
					pause := func() error {
						yieldJS()
						if click != p.click {
							return errSuperseded
						}
						return nil
					}
					rec := &runrec.Record{}
					raw, err := copyBytes(u8, pause)
					if err == nil {
						err = rec.DecodeBinary(raw, pause)
					}
					if err == nil {
						err = pause()
					}
					if err != nil {
						finish(i, err.Error()) // a no-op once superseded
						return
					}
					setAttr(body, "data-last-run-ms", fmt.Sprintf("%.0f", ms))
					slots[i] = rec
					p.runs = p.runs[:0]
					for _, r := range slots {
						if r != nil {
							p.runs = append(p.runs, r)
						}
					}
					// Yield between the steps, so that no single task blocks the page for long.
					p.renderSummary()
					if pause() != nil {
						return
					}
					if p.shown == nil {
						p.show(rec)
					}
					if !p.idb {
						if err := p.store.Put(p.ctx, rec); err != nil {
							saveErr = "not saved: " + err.Error()
						}
					}
					p.refreshHistory()
					finish(i, saveErr)
				}()
			case "error":
				w.Call("terminate")
				msg := d.Get("message").String()
				go finish(i, msg)
			}
		})
		onSync(w, "error", func(ev js.Value) {
			msg := "worker failed"
			if m := ev.Get("message"); m.Truthy() {
				msg = m.String()
			}
			w.Call("terminate")
			go finish(i, msg)
		})
		p.seq++
		msg := map[string]any{"type": "run", "spec": string(specJSON), "policy": spec.Policies[i], "file": p.file,
			"id": fmt.Sprintf("r%d-%d", nowMs(), p.seq), "traceHash": p.traceHash, "save": p.idb}
		w.Call("postMessage", msg)
	}
	for next < n && p.live < limit {
		start()
	}
}

// errSuperseded stops the handling of a run's result once a newer click has started or cancelled
// runs.
var errSuperseded = errors.New("superseded by a newer run")

func (p *page) cancelWorkers() {
	for _, w := range p.workers {
		w.Call("terminate")
	}
	p.workers = nil
}

func (p *page) cancel() {
	if p.live == 0 {
		return
	}
	p.cancelWorkers()
	p.click++ // late messages of the cancelled click are ignored
	p.setError(fmt.Sprintf("cancelled: %d run(s) stopped", p.live+p.queued))
	p.queued = 0
	p.live = 0
	doc.Get("body").Call("setAttribute", "data-done", "1")
}

// applyURL restores a scenario from the page's query string.
func (p *page) applyURL() {
	spec, hash, ok, err := runrec.DecodeQuery(js.Global().Get("location").Get("search").String())
	if err != nil {
		p.setError(err.Error())
		return
	}
	if !ok {
		return
	}
	p.fill(spec)
	var problems []string // every one is shown: an earlier message must not hide behind a later
	for _, name := range spec.Policies {
		if !p.reg.Has(name) {
			problems = append(problems, fmt.Sprintf("url: policies: %q is not a policy", name))
		}
	}
	if spec.Format != "" && !slices.Contains(traceFormats(), spec.Format) {
		problems = append(problems, fmt.Sprintf("url: format: %q is not a trace format (%s)", spec.Format, strings.Join(traceFormats()[1:], ", ")))
	}
	if spec.Trace != "" {
		p.wantTrace, p.wantHash = spec.Trace, hash
		problems = append(problems, p.workloadProblem())
	}
	p.setError(strings.Join(problems, "; "))
}

// workloadProblem says why the workload cannot run yet ("" when it can): an uploaded file that
// did not load, or a link's trace file not chosen (or another file chosen) yet.
func (p *page) workloadProblem() string {
	switch {
	case p.file.Truthy() && p.fileErr != "":
		return p.fileErr + ` — choose another format or file, or click "use generator"`
	case p.wantTrace != "" && (!p.file.Truthy() || (p.wantHash != "" && p.traceHash != p.wantHash)):
		msg := "this link needs the trace file " + p.wantTrace
		if p.wantHash != "" {
			msg += " (sha256 " + p.wantHash + ")"
		}
		return msg + ": choose it with the file picker"
	}
	return ""
}

// fill sets the form from a spec.
func (p *page) fill(spec scenario.Spec) {
	p.base = spec
	if spec.Generate != "" {
		doc.Call("getElementById", "workload-gen").Set("value", spec.Generate)
	}
	if spec.Format != "" || spec.Columns != "" {
		byTestID("trace-format").Set("value", spec.Format)
	}
	p.fillMapping(spec)
	if spec.Cluster != "" {
		byTestID("cluster-spec").Set("value", spec.Cluster)
	}
	byTestID("seed").Set("value", fmt.Sprint(spec.Seed))
	if len(spec.Policies) > 0 {
		for _, name := range p.reg.Names() {
			byTestID("policy-"+name).Set("checked", false)
		}
		for _, name := range spec.Policies {
			if cb := byTestID("policy-" + name); cb.Truthy() {
				cb.Set("checked", true)
			}
		}
	}
	params := ""
	if len(spec.Params) > 0 {
		b, _ := json.Marshal(spec.Params)
		params = string(b)
	}
	doc.Call("getElementById", "params").Set("value", params)
	p.checkParams()
	doc.Call("getElementById", "scenario-name").Set("value", spec.Scenario)
	p.showWorkload()
}

func compactJSON(b []byte) string {
	var buf bytes.Buffer
	if json.Compact(&buf, b) != nil {
		return string(b)
	}
	return buf.String()
}
