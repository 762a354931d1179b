package policies

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path"
	"runtime"
	"strings"

	"schedlab/core"
	"schedlab/core/gen"
	"schedlab/core/metrics"
	"schedlab/core/sim"
	"schedlab/core/trace"
	"schedlab/core/world"
	"schedlab/policies/asrpt"
	"schedlab/policies/params"
	"schedlab/policies/scenario"
)

// Outcome is one policy's run of a Spec.
type Outcome struct {
	Summary metrics.Summary
	Result  *sim.Result
	Policy  sim.Policy // the policy instance that ran (the app asks some for per-job decisions)
	// ShortWorkload (RunCellSpec) says how a run that stops at its measurement window ran out of
	// arrivals first; empty when it did not.
	ShortWorkload string
}

// Hooks let a caller watch and cancel a run (the app's progress bar and Cancel button). Both may be nil.
type Hooks struct {
	// Progress is called every few thousand instants with the simulated time and the number of
	// jobs that have arrived so far.
	Progress func(now core.Time, arrived, total int)
	// Cancel is polled as often as Progress; returning true ends the run with ErrCancelled.
	Cancel func() bool
	// Lean runs without the allocation intervals and time series (sim.Config.Lean): the summary
	// is the same, Result keeps the jobs' records but no Gantt, host or utilisation charts can be
	// drawn from it. A figure's cells run lean so that a worker stays small.
	Lean bool
	// NoReasons records no reasons for waiting (sim.Config.NoReasons): a figure's cells read none.
	NoReasons bool
	// Workloads, when set, keeps the generated workloads of a worker's last cells (RunCellSpec).
	Workloads *Workloads
}

// Bounded is a policy whose own computation is bounded by counted limits (policies/script's
// scripted policies): a spec's script_steps and script_memory_mb reach it before the run.
type Bounded interface {
	Bound(steps uint64, memoryBytes int64)
}

// ErrCancelled is returned when Hooks.Cancel asked to stop.
var ErrCancelled = fmt.Errorf("run cancelled")

// Execute runs every policy of spec on the same jobs and cluster, in spec order.
func Execute(reg *Registry, spec scenario.Spec, jobs []core.Job, c *core.Cluster, models *core.Models) ([]Outcome, error) {
	return ExecuteWith(reg, spec, jobs, c, models, Hooks{})
}

// ExecuteWith is Execute with hooks for every run: the runner runs lean unless it writes the
// allocation intervals (-trace-out).
func ExecuteWith(reg *Registry, spec scenario.Spec, jobs []core.Job, c *core.Cluster, models *core.Models, h Hooks) ([]Outcome, error) {
	var out []Outcome
	var check jobCheck // the policies share one workload and cluster
	for _, name := range spec.Policies {
		o, err := runOne(reg, spec, name, jobs, c, models, h, &check)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// RunOne runs one policy of spec. The summary's scenario, cluster, workload and params fields are
// filled from spec, so the runner and the app print identical JSON for the same run.
func RunOne(reg *Registry, spec scenario.Spec, name string, jobs []core.Job, c *core.Cluster, models *core.Models, h Hooks) (Outcome, error) {
	return runOne(reg, spec, name, jobs, c, models, h, &jobCheck{})
}

// jobCheck is world.Check's answer for a run's jobs and cluster. It does not depend on the policy,
// so the runs of one Execute ask it once; it is asked at the first run's usual point (after its
// policy is built), so a bad policy is still reported before a job the cluster cannot run.
type jobCheck struct {
	done bool
	note string
	err  error
}

func (k *jobCheck) get(spec scenario.Spec, jobs []core.Job, c *core.Cluster) (string, error) {
	if !k.done {
		k.note, k.err = world.Check(spec.Trace, jobs, c, spec.MeasuredOnly)
		k.done = true
	}
	return k.note, k.err
}

// runOne is RunOne with the jobs checked through check.
func runOne(reg *Registry, spec scenario.Spec, name string, jobs []core.Job, c *core.Cluster, models *core.Models, h Hooks,
	check *jobCheck) (Outcome, error) {
	if err := spec.Validate(); err != nil {
		return Outcome{}, err
	}
	raw := spec.Params[name]
	use := raw
	if spec.Placement != "" {
		var err error
		if use, err = withPlacement(raw, spec.Placement); err != nil {
			return Outcome{}, fmt.Errorf("policy %s: %w", name, err)
		}
	}
	var notes []string
	p, err := reg.New(name, use)
	if err != nil && spec.Placement != "" && strings.Contains(err.Error(), `unknown key "placement"`) {
		// The scenario-wide placement applies to the policies that take one; the others (Synergy's,
		// A-SRPT's, the sharing family…) place jobs their own way, and a list may mix both.
		notes = append(notes, fmt.Sprintf("placement %q does not apply to %s, which places jobs its own way", spec.Placement, name))
		p, err = reg.New(name, raw)
	} else {
		raw = use
	}
	if err != nil {
		return Outcome{}, err
	}
	if b, ok := p.(Bounded); ok && (spec.ScriptSteps > 0 || spec.ScriptMemoryMB > 0) {
		b.Bound(spec.ScriptSteps, int64(spec.ScriptMemoryMB)<<20)
	}
	note, err := check.get(spec, jobs, c)
	if err != nil {
		return Outcome{}, err
	}
	if note != "" {
		notes = append(notes, note)
	}
	cfg := sim.Config{
		Cluster:        c,
		Jobs:           jobs,
		Speed:          world.Speed(models),
		Policy:         p,
		Seed:           spec.Seed,
		Round:          secondsOr(spec.Round, 300),
		FirstRound:     -1,
		CheckpointCost: core.FromSeconds(spec.CheckpointCost),
		Window:         sim.Window{From: spec.WindowFrom, To: spec.WindowTo},
		StopAtWindow:   spec.StopAtWindow,
		Lean:           h.Lean,
		NoReasons:      h.NoReasons,
	}
	if sp, ok := p.(sim.SharingPolicy); ok && sp.Shares() {
		cfg.Colocation = world.Colocation(models)
	}
	if spec.FirstRound != nil {
		cfg.FirstRound = core.FromSeconds(*spec.FirstRound)
	}
	switch spec.Progress {
	case "exact":
		cfg.Progress = sim.Exact
	case "round-credit":
		cfg.Progress = sim.RoundCredit
	case "whole-steps":
		cfg.Progress = sim.WholeSteps
	default:
		if pp, ok := p.(sim.ProgressPolicy); ok {
			cfg.Progress = pp.Progress()
		}
	}
	s, err := sim.New(cfg)
	if err != nil {
		return Outcome{}, err
	}
	for steps := 0; s.Step(); steps++ {
		if steps%4096 != 0 {
			continue
		}
		// Let a garbage collection that began during the run finish. Under wasm there is one thread
		// and no preemption, so a cycle's background marking waits until the running goroutine
		// yields, and until the cycle ends every pointer write takes the write barrier's slow path:
		// 15–20 % of a Synergy figure cell, whose run never yields otherwise. (Natively the call is
		// a few hundred nanoseconds every 4,096 instants.)
		runtime.Gosched()
		if h.Cancel != nil && h.Cancel() {
			return Outcome{}, ErrCancelled
		}
		if h.Progress != nil {
			h.Progress(s.Now(), s.Arrived(), len(jobs))
		}
	}
	if err := s.Err(); err != nil {
		return Outcome{}, err // a scripted policy's error already names its file and line
	}
	res := s.Result()
	for _, n := range notes {
		res.Warnings = append(res.Warnings, sim.Warning{Text: n, Count: 1})
	}
	sum := metrics.Summarise(res, c)
	sum.Policy = name
	sum.Scenario = spec.Scenario
	sum.Cluster = c.String()
	sum.Workload = WorkloadLabel(spec)
	if rho := asrpt.Rho(jobs, c); rho > 1 {
		r := math.Round(rho*1e6) / 1e6
		sum.Rho = &r
	}
	sum.Params = map[string]any{}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &sum.Params); err != nil {
			return Outcome{}, fmt.Errorf("policy %s: params: %w", name, err)
		}
	}
	return Outcome{Summary: sum, Result: res, Policy: p}, nil
}

// WorkloadLabel names the workload in summaries: the generator spec, or the trace's file name.
func WorkloadLabel(spec scenario.Spec) string {
	if spec.Generate != "" {
		return spec.Generate
	}
	return path.Base(spec.Trace)
}

func secondsOr(s, def float64) core.Time {
	if s == 0 {
		s = def
	}
	return core.FromSeconds(s)
}

// withPlacement adds "placement" to a policy's JSON parameters unless they set it already, in any
// case ("Placement" sets the same struct field, so adding "placement" beside it would make a
// duplicate key the user never wrote).
func withPlacement(raw json.RawMessage, placement string) (json.RawMessage, error) {
	m := map[string]json.RawMessage{}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, fmt.Errorf("params: %w", err)
		}
		if err := params.Duplicate(raw); err != nil {
			return nil, err // the map just merged them: the policy's own check would never see them
		}
		if m == nil { // null: no parameters, as params.Decode reads it
			m = map[string]json.RawMessage{}
		}
	}
	for k := range m {
		if strings.EqualFold(k, "placement") {
			return json.Marshal(m)
		}
	}
	b, _ := json.Marshal(placement)
	m["placement"] = b
	return json.Marshal(m)
}

// Jobs builds spec's workload: the generator's jobs, or the trace read from r (the caller opens
// the file: the runner from disk, the app from the user's Blob).
func Jobs(spec scenario.Spec, r io.Reader, models *core.Models) ([]core.Job, []string, error) {
	if spec.Generate != "" {
		jobs, err := gen.Generate(spec.Generate, spec.Seed, models)
		return jobs, nil, err
	}
	return ReadTrace(spec, r, models, trace.Limits{})
}

// ReadTrace reads spec's trace from r within lim: with spec.Columns set, through the mapped
// importer configured by that mapping (format "mapped" is implied).
func ReadTrace(spec scenario.Spec, r io.Reader, models *core.Models, lim trace.Limits) ([]core.Job, []string, error) {
	reg, format := trace.Builtin(), spec.Format
	if spec.Columns != "" {
		m, err := trace.ParseMapping(spec.Columns)
		if err != nil {
			return nil, nil, err
		}
		reg, format = reg.WithMapping(m), "mapped"
	}
	return reg.ReadLimited(spec.Trace, r, format, models, lim)
}
