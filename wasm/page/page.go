//go:build js && wasm

package page

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"schedlab/core"
	"schedlab/policies"
	"schedlab/policies/scenario"
	"schedlab/wasm/jsfunc"
	"schedlab/wasm/pagelogic"
	"schedlab/wasm/pool"
	"schedlab/wasm/runrec"
	"schedlab/wasm/store"
)

// The built-in workload: exactly the runner's -generate philly:jobs=1000,rate=9 -cluster 16x8 -seed 1.
const (
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
	wantTrace string     // from a link: the trace file the user must choose (name)…
	wantHash  string     // …and its content hash ("" when the link has none)
	columns   string     // the column-mapping form's spec (format mapped): trace.Mapping's text form
	header    []string   // the loaded file's first row, split as CSV (the mapping form's choices)
	loadSeq   int        // loads started; only the latest one's answer is shown
	loader    *pool.Pool // one worker for parsing and exporting traces (newLoader)

	runs    []*runrec.Record // rows of the summary table
	shown   *runrec.Record   // the Gantt's run
	runPool *pool.Pool       // a fresh worker per policy run, Limit at once
	seq     int
	click   int
	left    int // runs of the current click not finished: in a worker, queued or being received

	// base is the spec last put into the form (a figure's or a reopened run's); its settings
	// the form has no inputs for (round, window, progress mode, …) apply until the workload changes.
	base scenario.Spec

	ganttFrom, ganttTo int64
	infoFn, windowFn   js.Func // the Gantt's tooltip text and zoom callbacks, for the run shown

	funcs *jsfunc.Counter // every js.Func the page makes; Live is a test hook (Start)
	// The listeners: of the static controls (for the page's life), of the history's rows and of
	// the column-mapping form (released when those are rebuilt).
	static, historyH, mappingH handlers

	fig figView // the Figures view
}

// Start wires the page: its controls, the saved runs and the view a link asks for.
func Start() {
	funcs := &jsfunc.Counter{}
	p := &page{reg: policies.Builtin(), ctx: context.Background(), file: js.Null(), funcs: funcs,
		runPool: pool.New(pool.Options{Size: pool.Limit()}, funcs), loader: newLoader(funcs)}
	p.static, p.historyH, p.mappingH = handlers{funcs: funcs}, handlers{funcs: funcs}, handlers{funcs: funcs}
	p.fig.p, p.fig.storedH = p, handlers{funcs: funcs}
	// The browser tests read how many js.Funcs are live (a hundred runs must leave it flat).
	js.Global().Set("schedlabLiveHandlers", funcs.FuncOf(func(js.Value, []js.Value) any { return funcs.Live() }))
	p.buildControls()
	p.openStore()
	p.fig.init()
	if !p.fig.applyFigureURL() {
		p.applyURL()
	}
	p.refreshHistory()
	pageBody().SetAttribute("data-ready", "1")
	js.Global().Get("performance").Call("mark", "schedlab-ready")
}

func (p *page) setError(msg string) { hook("error").SetTextContent(msg) }

func (p *page) openStore() {
	s, err := store.OpenIDB(p.ctx, store.DBName)
	if err != nil {
		p.setError("history is not saved (" + err.Error() + "); runs are kept in memory only")
		p.store = store.NewMemory()
		return
	}
	p.store, p.idb = s, true
}

func (p *page) buildControls() {
	p.buildPicker()
	fmtSel := hook("trace-format").Underlying()
	for _, n := range traceFormats() {
		fmtSel.Call("appendChild", el("option", n, "value", n))
	}
	pre := selectEl("cluster-preset")
	for _, pr := range presets {
		pre.Underlying().Call("appendChild", el("option", pr[0], "value", pr[1]))
	}
	p.static.on(pre.Underlying(), "change", func(*dom.BasicEvent) {
		if v := pre.Value(); v != "" {
			input("cluster-spec").SetValue(v)
		}
	})
	input("cluster-spec").SetValue(builtinCluster)
	input("seed").SetValue("1")
	input("workload-gen").SetValue(builtinGenerate)
	p.showWorkload()

	p.static.on(hook("run").Underlying(), "click", func(*dom.BasicEvent) { p.run() })
	p.static.on(hook("cancel").Underlying(), "click", func(*dom.BasicEvent) { p.cancel() })
	p.static.on(hook("trace-file").Underlying(), "change", func(*dom.BasicEvent) {
		if f := input("trace-file").Files(); len(f) > 0 {
			p.loadFile(f[0].Value)
		}
	})
	p.static.on(hook("export-native").Underlying(), "click", func(*dom.BasicEvent) { p.exportNative() })
	p.static.on(fmtSel, "change", func(*dom.BasicEvent) { p.formatChanged() })
	p.static.on(hook("workload-gen").Underlying(), "input", func(*dom.BasicEvent) { p.resetBase(); p.showWorkload() })
	p.static.on(hook("use-generator").Underlying(), "click", func(*dom.BasicEvent) {
		p.resetBase()
		p.file, p.fileErr, p.traceHash, p.wantTrace, p.wantHash = js.Null(), "", "", "", ""
		input("trace-file").SetValue("")
		hook("detected-format").SetTextContent("")
		p.showMapping(false)
		p.showWorkload()
	})
	drop := hook("drop").Underlying()
	p.static.onSync(drop, "dragover", func(ev *dom.BasicEvent) { ev.PreventDefault() })
	p.static.onSync(drop, "drop", func(ev *dom.BasicEvent) {
		ev.PreventDefault()
		if f := ev.Underlying().Get("dataTransfer").Get("files"); f.Length() > 0 {
			file := f.Index(0)
			go p.loadFile(file)
		}
	})
	p.static.on(hook("baseline").Underlying(), "change", func(*dom.BasicEvent) { p.renderSummary(); p.renderDiff() })
	p.static.on(hook("params").Underlying(), "input", func(*dom.BasicEvent) { p.checkParams() })
	p.static.on(hook("gantt-run").Underlying(), "change", func(*dom.BasicEvent) { p.showSelected() })
	p.static.on(hook("colour-by").Underlying(), "change", func(*dom.BasicEvent) { p.drawGantt() })
	p.static.on(hook("export-csv").Underlying(), "click", func(*dom.BasicEvent) { p.exportCSV() })
	p.static.on(hook("export-json").Underlying(), "click", func(*dom.BasicEvent) { p.exportJSON() })
	p.static.on(hook("export-trace").Underlying(), "click", func(*dom.BasicEvent) { p.exportTrace() })
	p.static.on(hook("export-png").Underlying(), "click", func(*dom.BasicEvent) { p.exportImage("png") })
	p.static.on(hook("export-svg").Underlying(), "click", func(*dom.BasicEvent) { p.exportImage("svg") })
	p.static.on(hook("import-json").Underlying(), "change", func(*dom.BasicEvent) { p.importJSON() })
	p.buildSweepIO()
}

func traceFormats() []string {
	return append([]string{""}, traceNames()...)
}

// resetBase forgets the settings of the spec last filled in (the workload changed) and the
// scenario name.
func (p *page) resetBase() {
	p.base = scenario.Spec{}
	input("scenario-name").SetValue("")
}

// showWorkload describes the current workload.
func (p *page) showWorkload() {
	w := hook("workload")
	if p.file.Truthy() {
		note := ""
		if p.fileErr != "" {
			note = " (not loaded: see the message)"
		}
		w.SetTextContent("trace: " + p.file.Get("name").String() + note)
		return
	}
	w.SetTextContent("generator: " + input("workload-gen").Value())
}

// spec reads the form into a scenario spec.
func (p *page) spec() (scenario.Spec, *core.Cluster, error) {
	var s scenario.Spec
	if p.file.Truthy() {
		s.Trace = p.file.Get("name").String()
		s.Format = selectEl("trace-format").Value()
		if s.Format == "mapped" {
			s.Columns = p.columns
		}
	} else {
		s.Generate = strings.TrimSpace(input("workload-gen").Value())
	}
	s.Cluster = strings.TrimSpace(input("cluster-spec").Value())
	c, err := core.ParseCluster(s.Cluster)
	if err != nil {
		return s, nil, err
	}
	s.Cluster = c.String()
	seed := strings.TrimSpace(input("seed").Value())
	if s.Seed, err = strconv.ParseUint(seed, 10, 64); err != nil {
		return s, nil, fmt.Errorf("seed: want a non-negative integer, got %q", seed)
	}
	for _, name := range p.reg.Names() {
		if input("policy-" + name).Checked() {
			s.Policies = append(s.Policies, name)
		}
	}
	if raw := strings.TrimSpace(textArea("params").Value()); raw != "" {
		// The same check as while typing: every key a policy, every value one it accepts.
		if msg := pagelogic.ParamsError(p.reg, raw); msg != "" {
			return s, nil, errors.New(msg)
		}
		if err := json.Unmarshal([]byte(raw), &s.Params); err != nil {
			return s, nil, fmt.Errorf("policy parameters: %v", err)
		}
	}
	if sc := input("scenario-name").Value(); sc != "" {
		s.Scenario = sc
	}
	b := p.base
	s.Placement, s.CheckpointCost, s.Round, s.FirstRound = b.Placement, b.CheckpointCost, b.Round, b.FirstRound
	s.Progress, s.WindowFrom, s.WindowTo, s.StopAtWindow = b.Progress, b.WindowFrom, b.WindowTo, b.StopAtWindow
	s.MeasuredOnly = b.MeasuredOnly
	return s, c, s.Validate()
}

func (p *page) run() {
	body := pageBody()
	body.RemoveAttribute("data-done")
	p.setError("")
	p.runPool.Stop()
	spec, _, err := p.spec()
	if err != nil {
		p.setError(err.Error())
		body.SetAttribute("data-done", "1")
		return
	}
	if msg := p.workloadProblem(); msg != "" {
		p.setError(msg)
		body.SetAttribute("data-done", "1")
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
	p.left = n
	prog := progressEl("progress")
	prog.SetValue(0)
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
		if p.left--; p.left == 0 {
			prog.SetValue(1)
			body.SetAttribute("data-done", "1")
		}
	}
	for i, policy := range spec.Policies {
		p.seq++
		var t *pool.Task
		t = &pool.Task{
			Kind: pool.Run,
			Fields: map[string]any{"spec": string(specJSON), "policy": policy, "file": p.file,
				"id": fmt.Sprintf("r%d-%d", nowMs(), p.seq), "traceHash": p.traceHash, "save": p.idb},
			Progress: func(done, total float64) {
				if click != p.click || total <= 0 { // cancelled or superseded
					return
				}
				progress[i] = 0.99 * done / total
				sum := 0.0
				for _, v := range progress {
					sum += v
				}
				prog.SetValue(sum / float64(n))
			},
			Done: func(d js.Value, err error) {
				if err != nil {
					go finish(i, err.Error())
					return
				}
				go p.receive(click, i, slots, d, perfNow()-t.Sent, finish)
			},
		}
		p.runPool.Submit(t)
	}
}

// receive copies and decodes run i's record (d.record, transferred) in slices, yielding between
// them, then shows it in its slot of the table; a newer click (Run or Cancel) stops the work at
// the next slice. ms is the run's time in its worker, for the perf script.
func (p *page) receive(click, i int, slots []*runrec.Record, d js.Value, ms float64, finish func(int, string)) {
	body := pageBody()
	u8 := js.Global().Get("Uint8Array").New(d.Get("record"))
	saveErr := d.Get("saveError").String()
	pause := func() error {
		p.funcs.Yield()
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
	body.SetAttribute("data-last-run-ms", fmt.Sprintf("%.0f", ms))
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
}

// errSuperseded stops the handling of a run's result once a newer click has started or cancelled
// runs.
var errSuperseded = errors.New("superseded by a newer run")

func (p *page) cancel() {
	n := p.left
	if n == 0 {
		return
	}
	p.left = 0
	p.runPool.Stop()
	p.click++ // late messages of the cancelled click are ignored
	p.setError(fmt.Sprintf("cancelled: %d run(s) stopped", n))
	pageBody().SetAttribute("data-done", "1")
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
		input("workload-gen").SetValue(spec.Generate)
	}
	if spec.Format != "" || spec.Columns != "" {
		selectEl("trace-format").SetValue(spec.Format)
	}
	p.fillMapping(spec)
	if spec.Cluster != "" {
		input("cluster-spec").SetValue(spec.Cluster)
	}
	input("seed").SetValue(fmt.Sprint(spec.Seed))
	if len(spec.Policies) > 0 {
		for _, name := range p.reg.Names() {
			input("policy-" + name).SetChecked(false)
		}
		for _, name := range spec.Policies {
			if cb := hook("policy-" + name); cb != nil {
				(&dom.HTMLInputElement{BasicHTMLElement: cb}).SetChecked(true)
			}
		}
	}
	params := ""
	if len(spec.Params) > 0 {
		b, _ := json.Marshal(spec.Params)
		params = string(b)
	}
	textArea("params").SetValue(params)
	p.checkParams()
	input("scenario-name").SetValue(spec.Scenario)
	p.showWorkload()
}
