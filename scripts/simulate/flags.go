package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"

	"schedlab/core/jsondup"
	tracefmt "schedlab/core/trace"
	"schedlab/policies"
	"schedlab/policies/scenario"
	"schedlab/policies/script"
)

type options struct {
	spec         scenario.Spec
	maxJobs      int
	saveTrace    string
	policyConfig string // the -policy-config file (an input no output may overwrite)
	stderr       io.Writer
	json         bool
	jobsOut      string
	traceOut     string
	explain      string // -explain: job ids
	list         bool
	fig          figureOptions
	judge        string             // -judge: a figure CSV or a directory of them, judged without running
	report       string             // -report: the HTML report of the -judge CSVs
	scripts      []*script.Program  // the -policy-file scripts
	scriptLimits script.Limits      // -script-steps and -script-memory
	reg          *policies.Registry // the built-ins and the scripts
}

func parseFlags(args []string, stdout io.Writer) (options, error) {
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var (
		o                                 options
		trace, generate, format, clusterS string
		columns                           string
		policyS, policyConfig, placement  string
		progress, scen                    string
		ckpt, round, firstRound           float64
		seed                              uint64
		measuredOnly                      bool
	)
	fs.StringVar(&trace, "trace", "", "the workload: a trace `PATH` (format detected, or -format)")
	fs.StringVar(&generate, "generate", "", "the workload: a generator `SPEC` NAME:key=value,…, e.g. philly:jobs=1000,rate=9 (its seed is -seed)")
	fs.StringVar(&format, "format", "", "force a trace format `NAME` (default: detect from the first line)")
	fs.StringVar(&columns, "columns", "", "read any CSV by column `MAPPING` (format mapped), e.g. 'submit=time:s,duration=runtime:ms,gpus=num_gpu,model=app'")
	fs.IntVar(&o.maxJobs, "max-jobs", 0, "refuse traces with more than `N` jobs (default 5000000; memory ≈ 550 B/job to import, less to run)")
	fs.StringVar(&o.saveTrace, "save-trace", "", "write the loaded workload to `PATH` in the native CSV format (any format → native)")
	fs.StringVar(&clusterS, "cluster", "16x8", "cluster `SPEC`: SERVERSxGPUS[:TYPE][,cpu=N][,mem=GB][,gpumem=GB][,bw=INTRA/INTER] joined by +, or @FILE (JSON, Tiresias CSV, Synergy .ini, Alibaba openb node list, PAI machine spec)")
	fs.StringVar(&policyS, "policy", "fifo", "comma-separated registry `NAMES` (see -list); one run each on the same workload and cluster")
	fs.StringVar(&policyConfig, "policy-config", "", "JSON object at `PATH`: policy name → parameters")
	fs.StringVar(&placement, "placement", "consolidate", "GPU placement `NAME` of the policies that place through policies/placement: consolidate, spread, first-fit, random or tiresias-yarn")
	fs.Float64Var(&ckpt, "checkpoint-cost", 0, "a job restarted on other GPUs makes no progress for `SECONDS` (default 0)")
	fs.Float64Var(&round, "round", 300, "round length in `SECONDS` for round-based policies")
	fs.Float64Var(&firstRound, "first-round", -1, "time of the first round in `SECONDS` (default: the first multiple of -round at or after the first arrival)")
	fs.StringVar(&progress, "progress", "", "progress `MODE`: exact, round-credit or whole-steps (default: the policy family's own)")
	fs.BoolVar(&measuredOnly, "measured-only", false, "refuse a Gavel job type on a GPU count Gavel never measured (by default it runs at the documented estimate, with a warning)")
	fs.StringVar(&scen, "scenario", "", "a named preset `NAME` (see -list); explicit flags override its parts, and a -trace or -generate replaces its workload with the format, mapping and measurement window that belong to it")
	fs.Uint64Var(&seed, "seed", 1, "the run's only seed `N` (default: the scenario's if it sets one, else 1)")
	fs.BoolVar(&o.json, "json", false, "JSON Lines on stdout, one object per run (default: a readable table)")
	fs.StringVar(&o.jobsOut, "jobs-out", "", "per-job CSV at `PATH`")
	fs.StringVar(&o.traceOut, "trace-out", "", "Chrome trace-event JSON of the GPU allocations at `PATH` (opens in Perfetto)")
	fs.StringVar(&o.explain, "explain", "", "print each job's timeline (`IDS`, comma-separated job ids): submitted, every wait with its reason, every start, preemption and migration, its end")
	fs.BoolVar(&o.list, "list", false, "list the policies, scenarios and figures")
	fs.StringVar(&o.judge, "judge", "", "re-judge a figure CSV at `PATH` (merged shards, rows edited by hand), or every ID.csv of a directory, without running it: the reference table and each figure's tally")
	fs.StringVar(&o.report, "report", "", "with -judge: the reviewer's report at `FILE`, one self-contained HTML page listing per paper every claim, ours ± 95 % interval, the seeds and the verdict")
	var seedsS string
	fs.StringVar(&o.fig.id, "figure", "", "run a catalogue figure's cells (`ID`, or all for every non-smoke figure) and print its reference table: reference, ours ± 95 % interval, verdict")
	fs.StringVar(&seedsS, "seeds", "", "the figure's seeds instead of its defaults: a `LIST` such as 42, 1-5 or 42,1-4")
	fs.StringVar(&o.fig.reading, "reading", "all", "the readings to run (`NAME`): all, default, or choice=value,… (see -list for each figure's choices, a sweep file's \"choices\" for its own); each claim is judged per reading")
	fs.IntVar(&o.fig.workers, "j", runtime.NumCPU(), "run `N` cells in parallel (default: the number of cores)")
	fs.StringVar(&o.fig.out, "figure-out", "", "the figure's CSV at `PATH` (figure,reading,x_name,x,series,seed,metric,unit,value); with -figure all a directory, one ID.csv per figure")
	var shardS string
	fs.StringVar(&o.fig.sweep, "sweep", "", "like -figure, for your own sweep `FILE` (JSON; see scripts/batch/README.md)")
	fs.StringVar(&shardS, "shard", "", "run only the cells with index I mod N (`I/N`); -figure-out is then a part (the CSV after a metadata line); a complete part is not run again")
	fs.BoolVar(&o.fig.merging, "merge", false, "join the parts `PART...` of shards 0..N-1 into -figure-out, byte-identical to the unsharded run (with -figure all, the parts are directories)")
	var scriptFiles []string
	var scriptSteps uint64
	var scriptMemory int64
	fs.Uint64Var(&scriptSteps, "script-steps", script.DefaultLimits.RunSteps, "a -policy-file script's step ceiling per run, `N` interpreter steps; each decision's allowance scales with it (see policies/WRITING.md, Limits)")
	fs.Int64Var(&scriptMemory, "script-memory", script.DefaultLimits.Memory>>20, "a -policy-file script's memory budget in `MB`: what it holds in s.store and its running call's values, counted the same on every machine")
	fs.Func("policy-file", "a policy written as a script (Starlark `FILE.star`; repeatable; see policies/WRITING.md): its policy, named in the file or after it, runs beside -policy's and joins a -figure or -sweep as one more series", func(s string) error {
		scriptFiles = append(scriptFiles, s)
		return nil
	})
	args, o.fig.merge = splitMerge(args)
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			text, err := usageOf(fs)
			if err != nil {
				return o, err
			}
			fmt.Fprint(stdout, text)
			return o, errHelp
		}
		return o, usageError{err}
	}
	if fs.NArg() > 0 {
		return o, usageError{fmt.Errorf("unexpected argument %q (see -h)", fs.Arg(0))}
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var err error
	if scriptSteps == 0 {
		return o, usageError{fmt.Errorf("-script-steps 0: want a positive number of steps")}
	}
	if scriptMemory <= 0 || scriptMemory > 1<<20 {
		return o, usageError{fmt.Errorf("-script-memory %d: want 1 to %d MB", scriptMemory, 1<<20)}
	}
	o.scriptLimits = script.DefaultLimits.Scale(scriptSteps, scriptMemory<<20)
	if o.scripts, o.reg, err = loadScripts(scriptFiles, o.scriptLimits); err != nil {
		return o, usageError{err}
	}
	o.fig.scripts = o.scripts
	if o.list {
		if len(set) > 1 {
			return o, usageError{fmt.Errorf("-list takes no other flags")}
		}
		return o, nil
	}
	if set["judge"] || set["report"] {
		for name := range set {
			if name != "judge" && name != "report" && name != "policy-file" {
				return o, usageError{fmt.Errorf("-judge takes only -report and -policy-file, not -%s", name)}
			}
		}
		if o.judge == "" {
			return o, usageError{fmt.Errorf("-report goes with -judge FILE.csv|DIR")}
		}
		return o, nil
	}
	if set["figure"] || set["seeds"] || set["reading"] || set["j"] || set["figure-out"] || set["sweep"] || set["shard"] || set["merge"] {
		if err := parseFigureFlags(&o.fig, set, seedsS, o.reg); err != nil {
			return o, err
		}
		return o, parseShardFlags(&o.fig, set, shardS)
	}

	spec := &o.spec
	if scen != "" {
		sc, ok := policies.Scenarios().Find(scen)
		if !ok {
			return o, usageError{fmt.Errorf("-scenario %q: unknown (see -list)", scen)}
		}
		*spec = sc.Spec
		spec.Scenario = sc.Name
		if set["trace"] || set["generate"] {
			// The scenario's format, mapping and window describe its own workload.
			spec.Format, spec.Columns, spec.WindowFrom, spec.WindowTo, spec.StopAtWindow = "", "", 0, 0, false
		}
	} else {
		spec.Cluster, spec.Policies = clusterS, nil
	}
	if set["trace"] && set["generate"] {
		return o, usageError{fmt.Errorf("-trace and -generate are exclusive")}
	}
	if set["trace"] {
		spec.Trace, spec.Generate = trace, ""
	}
	if set["generate"] {
		spec.Generate, spec.Trace = generate, ""
	}
	if spec.Trace == "" && spec.Generate == "" {
		return o, usageError{fmt.Errorf("no workload: give -trace, -generate or -scenario (see -h)")}
	}
	if spec.Generate != "" {
		for _, f := range []string{"format", "columns", "max-jobs"} {
			if set[f] {
				return o, usageError{fmt.Errorf("-%s applies to a -trace, not to a generated workload", f)}
			}
		}
	}
	if set["format"] {
		spec.Format = format
	}
	if set["columns"] {
		if _, err := tracefmt.ParseMapping(columns); err != nil {
			return o, usageError{fmt.Errorf("-columns: %w", err)}
		}
		spec.Columns = columns
	}
	if o.maxJobs < 0 {
		return o, usageError{fmt.Errorf("-max-jobs %d: want a positive count", o.maxJobs)}
	}
	if set["cluster"] {
		spec.Cluster = clusterS
	}
	if set["policy"] || len(spec.Policies) == 0 {
		spec.Policies = nil
		if set["policy"] || len(o.scripts) == 0 { // (the scripts alone replace the default fifo)
			for _, p := range strings.Split(policyS, ",") {
				if p = strings.TrimSpace(p); p != "" {
					spec.Policies = append(spec.Policies, p)
				}
			}
		}
	}
	for _, name := range scriptNames(o.scripts) {
		if !slices.Contains(spec.Policies, name) {
			spec.Policies = append(spec.Policies, name)
		}
	}
	if set["placement"] {
		spec.Placement = placement
	}
	if set["checkpoint-cost"] {
		if !(ckpt >= 0) || math.IsInf(ckpt, 1) {
			return o, usageError{fmt.Errorf("-checkpoint-cost %v: want a finite number of seconds ≥ 0", ckpt)}
		}
		spec.CheckpointCost = ckpt
	}
	if set["round"] {
		if !(round >= 1) || math.IsInf(round, 1) {
			return o, usageError{fmt.Errorf("-round %v: want a finite number of seconds ≥ 1", round)}
		}
		spec.Round = round
	}
	if set["first-round"] {
		if !(firstRound >= 0) || math.IsInf(firstRound, 1) {
			return o, usageError{fmt.Errorf("-first-round %v: want a finite number of seconds ≥ 0", firstRound)}
		}
		spec.FirstRound = &firstRound
	}
	if set["progress"] {
		spec.Progress = progress
	}
	if set["seed"] || spec.Seed == 0 {
		spec.Seed = seed // else the scenario's own (synergy-fig8's is the authors' 42)
	}
	if set["measured-only"] {
		spec.MeasuredOnly = measuredOnly
	}
	o.policyConfig = policyConfig
	if policyConfig != "" {
		data, err := os.ReadFile(policyConfig)
		if err != nil {
			return o, usageError{err}
		}
		params := map[string]json.RawMessage{}
		if err := json.Unmarshal(data, &params); err != nil {
			return o, usageError{fmt.Errorf("-policy-config %s: want a JSON object {\"policy\": {parameters}}: %w", policyConfig, err)}
		}
		// A key given twice is located in the file here: the map above merged a repeated policy,
		// and a repeated parameter would reach the policy as a fragment without the file's lines.
		// Keys compare ignoring case, as the policies' parameter structs match them.
		if d := jsondup.Find(data, jsondup.FoldCase); d != nil {
			return o, usageError{fmt.Errorf("%s:%d: %w", policyConfig, d.Line, d)}
		}
		for _, k := range slices.Sorted(maps.Keys(params)) {
			if !o.reg.Has(k) {
				return o, usageError{fmt.Errorf("-policy-config %s: %q is not a policy (see -list)", policyConfig, k)}
			}
		}
		if spec.Params == nil {
			spec.Params = map[string]json.RawMessage{}
		}
		for k, v := range params {
			spec.Params[k] = v
		}
	}
	if err := spec.Validate(); err != nil {
		return o, usageError{err}
	}
	return o, nil
}
