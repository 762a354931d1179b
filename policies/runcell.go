package policies

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"schedlab/core"
	"schedlab/core/sim"
	"schedlab/policies/figure"
	"schedlab/policies/scenario"
)

// RunCell runs one cell of f — the spec f.Cell gives for its sweep value, series and seed, which
// names exactly one policy — and returns its rows, one per metric of f. A trace workload is read
// through open (the runner opens files and resolves "data:REL"; the page reads a fetched blob); a
// generated one needs no open. Cells run lean (Hooks.Lean), whatever h says. The cluster must be a
// spec string: a figure's cells carry no files besides their trace.
//
// Metrics are the runner's JSON fields of the run's summary (mean_jct_s, p99_jct_s, makespan_s,
// gpu_util, …); a metric with a Quantile is that quantile of the measured jobs' JCTs (nearest rank:
// the smallest JCT with at least a fraction q of the measured jobs at or below it), in seconds
// rounded to the millisecond like the summary's; a metric the summary does not have is asked of the
// policy that ran when it is a figure.Reporter (A-SRPT's prediction accuracy). A metric the run
// leaves null (no job measured) is an error: a figure point without a value would silently drop a
// seed from its mean.
func RunCell(reg *Registry, models *core.Models, f *figure.Figure, c figure.Cell,
	open func(spec scenario.Spec) (io.ReadCloser, error), h Hooks) ([]figure.Row, error) {
	vals, err := RunCellValues(reg, models, f, c, open, h)
	if err != nil {
		return nil, err
	}
	return f.Rows(c, vals), nil
}

// RunCellValues is RunCell's values without the rows around them: one per metric of f, in f's
// order. The page's figure workers post only these; the page makes the rows (figure.Rows).
func RunCellValues(reg *Registry, models *core.Models, f *figure.Figure, c figure.Cell,
	open func(spec scenario.Spec) (io.ReadCloser, error), h Hooks) ([]float64, error) {
	out, err := RunCellSpec(reg, models, f.Spec(c), open, h)
	if err != nil {
		return nil, fmt.Errorf("figure %s, %s: %w", f.ID, f.CellName(c), err)
	}
	return cellValues(f, c, out)
}

// RunCellSpec is the run behind a cell: spec (one policy) run lean, its trace read through open. A
// run that stops at its measurement window should still have arrivals when the window ends; one
// that ran out first says so in Outcome.ShortWorkload (the runner warns).
// Cells of different figures with the same spec are the same run; a caller may run it once and
// read each cell's rows from it with CellRows.
func RunCellSpec(reg *Registry, models *core.Models, spec scenario.Spec,
	open func(spec scenario.Spec) (io.ReadCloser, error), h Hooks) (Outcome, error) {
	if len(spec.Policies) != 1 {
		return Outcome{}, fmt.Errorf("a cell runs one policy, the spec names %d", len(spec.Policies))
	}
	jobs, err := h.Workloads.jobs(spec, open, models)
	if err != nil {
		return Outcome{}, err
	}
	cl, err := core.ParseCluster(spec.Cluster)
	if err != nil {
		return Outcome{}, err
	}
	h.Lean = true // a cell keeps what its rows need: the summary and the jobs' records
	h.NoReasons = true
	out, err := RunOne(reg, spec, spec.Policies[0], jobs, cl, models, h)
	if err != nil || !spec.StopAtWindow {
		return out, err
	}
	// The run was to end when its measured jobs finish, under a stream of arrivals that goes on; a
	// workload that ran out first left the cluster emptier than the experiment it stands for.
	var last core.Time
	for i := range jobs {
		last = max(last, jobs[i].Submit)
	}
	if out.Result.End > last {
		out.ShortWorkload = fmt.Sprintf("the workload's %d arrivals end at %.1f h, before its measured jobs finish at %.1f h",
			len(jobs), last.Seconds()/3600, out.Result.End.Seconds()/3600)
	}
	return out, nil
}

// CellRows reads cell c's rows of figure f from the run of its spec (see RunCell for the metrics).
func CellRows(f *figure.Figure, c figure.Cell, out Outcome) ([]figure.Row, error) {
	vals, err := cellValues(f, c, out)
	if err != nil {
		return nil, err
	}
	return f.Rows(c, vals), nil
}

// cellValues are CellRows' values, one per metric of f in f's order.
func cellValues(f *figure.Figure, c figure.Cell, out Outcome) ([]float64, error) {
	where := fmt.Sprintf("figure %s, %s", f.ID, f.CellName(c))
	fields, err := SummaryFields(out)
	if err != nil {
		return nil, err
	}
	vals := make([]float64, len(f.Metrics))
	for m, met := range f.Metrics {
		v, ok := fields[met.Name]
		if met.Quantile > 0 {
			v, ok = jctQuantile(out.Result, met.Quantile)
		}
		if rep, is := out.Policy.(figure.Reporter); !ok && is {
			v, ok = rep.FigureMetric(met.Name)
		}
		if !ok {
			return nil, fmt.Errorf("%s: metric %s: no value (no measured job, or not a field of the run's summary)", where, met.Name)
		}
		vals[m] = v
	}
	return vals, nil
}

func cellJobs(spec scenario.Spec, open func(scenario.Spec) (io.ReadCloser, error), models *core.Models) ([]core.Job, error) {
	if spec.Generate != "" {
		jobs, _, err := Jobs(spec, nil, models)
		return jobs, err
	}
	if open == nil {
		return nil, fmt.Errorf("trace %s: no way to open it here", spec.Trace)
	}
	r, err := open(spec)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	jobs, _, err := Jobs(spec, r, models)
	return jobs, err
}

// Workloads keeps the last few generated workloads of one worker's cells. The cells of a figure
// point and seed share their workload (one cell per series), and generating it (30,000 jobs on the
// authors' random stream for the single-GPU Synergy figures) costs about a twentieth of such a
// cell. A run only reads its jobs (sim.New copies them), so a workload can serve every cell that
// names the same generator and seed. Not safe for concurrent use: one per worker. The zero value
// is ready; a nil *Workloads keeps nothing.
type Workloads struct {
	keys []string
	kept [][]core.Job
}

// workloadsKept is how many workloads a Workloads keeps: the cells of one point and seed, run
// together (figure.RunOrder), need one; a second covers a worker that interleaves two.
const workloadsKept = 2

// jobs is cellJobs through w: a generated workload seen recently is reused.
func (w *Workloads) jobs(spec scenario.Spec, open func(scenario.Spec) (io.ReadCloser, error), models *core.Models) ([]core.Job, error) {
	if w == nil || spec.Generate == "" {
		return cellJobs(spec, open, models)
	}
	key := spec.Generate + "\x00" + strconv.FormatUint(spec.Seed, 10)
	if k := slices.Index(w.keys, key); k >= 0 {
		return w.kept[k], nil
	}
	jobs, err := cellJobs(spec, open, models)
	if err != nil {
		return nil, err
	}
	if len(w.keys) == workloadsKept {
		w.keys, w.kept = w.keys[1:], w.kept[1:]
	}
	w.keys, w.kept = append(w.keys, key), append(w.kept, jobs)
	return jobs, nil
}

// SummaryFields are the numeric fields of the run's JSON summary by name (nulls left out): the
// same names and values as the runner's -json output.
func SummaryFields(o Outcome) (map[string]float64, error) {
	b, err := json.Marshal(o.Summary)
	if err != nil {
		return nil, err
	}
	var all map[string]any
	if err := json.Unmarshal(b, &all); err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for k, v := range all {
		if x, ok := v.(float64); ok {
			out[k] = x
		}
	}
	return out, nil
}

// jctQuantile is the nearest-rank q-quantile of the measured, finished jobs' JCTs in seconds.
func jctQuantile(r *sim.Result, q float64) (float64, bool) {
	var jct []core.Time
	for i := range r.Jobs {
		if j := &r.Jobs[i]; j.Measured && j.Status == sim.Done {
			jct = append(jct, j.End-j.Job.Submit)
		}
	}
	if len(jct) == 0 || q <= 0 || q > 1 {
		return 0, false
	}
	slices.Sort(jct)
	k := max(1, int(math.Ceil(float64(q*float64(len(jct)))-1e-9)))
	return jct[k-1].Seconds(), true
}
