//go:build js && wasm

package page

import (
	"context"
	"strconv"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"schedlab/policies"
	"schedlab/policies/scenario"
	"schedlab/wasm/gchold"
	"schedlab/wasm/jsfunc"
	"schedlab/wasm/pagelogic"
	"schedlab/wasm/pool"
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
	genErr    string // the generator spec's problem shown while typing ("" when none)
	traceHash string
	wantTrace string     // from a link: the trace file the user must choose (name)…
	wantHash  string     // …and its content hash ("" when the link has none)
	columns   string     // the column-mapping form's spec (format mapped): trace.Mapping's text form
	header    []string   // the loaded file's first row, split as CSV (the mapping form's choices)
	loadSeq   int        // loads started; only the latest one's answer is shown
	loader    *pool.Pool // one worker for parsing and exporting traces (newLoader)

	runs []*run // rows of the summary table
	// baselineID is the run the user chose as the baseline; while it is not in the table, the
	// table's first run is (the spec's first policy, whichever run finishes first).
	baselineID string
	shown      *run       // the Gantt's run
	runPool    *pool.Pool // a fresh worker per policy run, Limit at once
	scriptRuns *pool.Pool // the same for a click with scripted policies (script.wasm)
	scripts    scripts    // the "Your policy" panel and the scripts it offers
	seq        int
	click      int
	left       int // runs of the current click not shown: in a worker, queued or being received
	saving     int // runs shown whose workers have not yet saved them (savingStarted)
	saveDone   []savingRun
	// status holds what the page is waiting for, said in the status line (busy), by key in order.
	status    map[int]string
	statusSeq int

	// base is the spec last put into the form (a figure's or a reopened run's); its settings
	// the form has no inputs for (round, window, progress mode, …) apply until the workload changes.
	base scenario.Spec

	ganttFrom, ganttTo int64
	infoFn, windowFn   js.Func // the Gantt's tooltip text and zoom callbacks, for the run shown

	funcs *jsfunc.Counter // every js.Func the page makes; Live is a test hook (Start)
	gc    gchold.Holder   // held while a run's record is decoded (full)
	// The listeners: of the static controls (for the page's life) and of the column-mapping
	// form (released when it is rebuilt).
	static, mappingH handlers

	imported importedFigure // the merged CSV the "Beyond one machine" box draws (sweepio.go)

	fig    figView    // the Figures view
	claims claimsView // the Claims view
	views  []view     // the main views, simulator first (view.go)
	panels []panel    // the simulator view's panels (panels)
}

// Start wires the page: its controls, the saved runs and the view a link asks for.
func Start() {
	funcs := &jsfunc.Counter{}
	p := &page{reg: policies.Builtin(), ctx: context.Background(), file: js.Null(), funcs: funcs,
		runPool: pool.New(pool.Options{Size: pool.Limit(), Spare: true, Ready: readyWorkers}, funcs), loader: newLoader(funcs),
		scriptRuns: pool.New(pool.Options{Size: pool.Limit(), Scripts: true}, funcs)}
	p.static, p.mappingH = handlers{funcs: funcs}, handlers{funcs: funcs}
	p.fig.p, p.claims.p = p, p
	// The browser tests read how many js.Funcs are live (a hundred runs must leave it flat).
	js.Global().Set("schedlabLiveHandlers", funcs.FuncOf(func(js.Value, []js.Value) any { return funcs.Live() }))
	p.buildControls()
	p.panels = panels()
	for _, pn := range p.panels {
		pn.init(p)
	}
	p.openStore()
	p.views = []view{simulatorView{}, &p.fig, &p.claims}
	p.initViews()
	p.scripts.init(p)
	if !p.fig.applyFigureURL() {
		p.applyURL()
	}
	p.refreshHistory()
	pageBody().SetAttribute("data-saved", "1") // no run being saved (savingStarted)
	pageBody().SetAttribute("data-ready", "1")
	js.Global().Get("performance").Call("mark", "schedlab-ready")
	p.runPool.Warm() // once the page is idle: the first Run then finds a worker started
}

// readyWorkers keeps body[data-ready-workers]: the run pool's started idle workers (its spare).
func readyWorkers(n int) { pageBody().SetAttribute("data-ready-workers", strconv.Itoa(n)) }

// setError shows msg at the top of the page ("" clears it), scrolled into view: a failure said
// where nobody looks is not said.
func (p *page) setError(msg string) {
	e := hook("error")
	e.SetTextContent(msg)
	if msg != "" && e.GetBoundingClientRect().Top() < 0 {
		e.Underlying().Call("scrollIntoView", map[string]any{"block": "nearest"})
	}
}

// checkGenerator says at once, while it is typed, that a generator spec is over the page's limit,
// and takes the message back when it no longer is.
func (p *page) checkGenerator() {
	msg := ""
	if !p.file.Truthy() {
		msg = pagelogic.GeneratorProblem(input("workload-gen").Value())
	}
	if msg != "" {
		p.setError(msg)
	} else if p.genErr != "" && hook("error").TextContent() == p.genErr {
		p.setError("")
	}
	p.genErr = msg
}

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

	p.static.on(hook("history").Underlying(), "click", p.historyClick)
	p.static.on(hook("run").Underlying(), "click", func(*dom.BasicEvent) { p.run() })
	p.static.on(hook("run-shared").Underlying(), "click", func(*dom.BasicEvent) { p.run() })
	p.static.on(hook("cancel").Underlying(), "click", func(*dom.BasicEvent) { p.cancel() })
	p.static.on(hook("trace-file").Underlying(), "change", func(*dom.BasicEvent) {
		if f := input("trace-file").Files(); len(f) > 0 {
			p.loadFile(f[0].Value)
		}
	})
	p.static.on(hook("export-native").Underlying(), "click", func(*dom.BasicEvent) { p.exportNative() })
	p.static.on(fmtSel, "change", func(*dom.BasicEvent) { p.formatChanged() })
	p.static.on(hook("workload-gen").Underlying(), "input", func(*dom.BasicEvent) {
		p.resetBase()
		p.showWorkload()
		p.checkGenerator()
	})
	p.static.on(hook("use-generator").Underlying(), "click", func(*dom.BasicEvent) {
		p.resetBase()
		p.file, p.fileErr, p.traceHash, p.wantTrace, p.wantHash = js.Null(), "", "", "", ""
		input("trace-file").SetValue("")
		hook("detected-format").SetTextContent("")
		p.showMapping(false)
		p.showWorkload()
		p.setError("") // the file's error no longer applies
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
	p.static.on(hook("baseline").Underlying(), "change", func(*dom.BasicEvent) {
		p.baselineID = selectEl("baseline").Value()
		p.renderSummary()
		p.renderDiff()
	})
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
