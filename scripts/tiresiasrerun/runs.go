package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"go/format"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"schedlab/core"
	"schedlab/policies"
	"schedlab/policies/baselines"
	"schedlab/policies/scenario"
)

// result is one run: theirs re-run (End), what was recorded, ours, and for dlas-gpu our las in its
// default order (running-first).
type result struct {
	run      baselines.TiresiasRun
	recorded []int
	ours     []float64
	ownOrder []float64
}

func runAll(e env, compare bool, stderr io.Writer) ([]result, error) {
	var recorded []baselines.TiresiasRun
	if compare {
		recorded = baselines.TiresiasReruns()
	}
	configs := baselines.TiresiasConfigs()
	if compare && len(recorded) != len(configs) {
		return nil, fmt.Errorf("%d recorded runs for %d configurations: record them again (-record)", len(recorded), len(configs))
	}
	trace := filepath.Join(e.sim, "60_job.csv")
	copies := map[string]string{}
	var out []result
	for i, r := range configs {
		dir, ok := copies[variant(r)]
		if !ok {
			d, err := makeCopy(e, r)
			if err != nil {
				return nil, err
			}
			dir, copies[variant(r)] = d, d
		}
		fmt.Fprintf(stderr, "tiresiasrerun: %s\n", r.Name())
		end, err := theirs(e, dir, r)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", r.Name(), err)
		}
		res := result{run: r}
		res.run.End = end
		if compare {
			if rec := recorded[i]; rec.Name() != r.Name() {
				return nil, fmt.Errorf("recorded run %d is %s, the configuration %s: record them again (-record)", i, rec.Name(), r.Name())
			} else {
				res.recorded = rec.End
			}
		}
		spec := r.Ours()
		if res.ours, err = ours(spec, trace, len(end)); err != nil {
			return nil, fmt.Errorf("%s, ours: %w", r.Name(), err)
		}
		if r.Schedule == "dlas-gpu" {
			spec.Params = map[string]json.RawMessage{baselines.NameLAS: json.RawMessage(fmt.Sprintf(`{"thresholds_gpu_s":[%d,%d]}`, r.Thresholds[0], r.Thresholds[1]))}
			if res.ownOrder, err = ours(spec, trace, len(end)); err != nil {
				return nil, fmt.Errorf("%s, ours: %w", r.Name(), err)
			}
		}
		out = append(out, res)
	}
	return out, nil
}

// theirs runs the simulator in dir and reads each job's end_time from its job.csv, by job_id.
func theirs(e env, dir string, r baselines.TiresiasRun) ([]int, error) {
	spec := filepath.Join(dir, r.SpecFile())
	if b, err := os.ReadFile(spec); err == nil {
		if strings.TrimSpace(string(b)) != strings.TrimSpace(r.Spec()) {
			return nil, fmt.Errorf("%s: %q, want %q", spec, b, r.Spec())
		}
	} else if err := os.WriteFile(spec, []byte(r.Spec()), 0o644); err != nil {
		return nil, err
	}
	out := "out-" + strings.ReplaceAll(strings.ReplaceAll(r.Name(), " ", "-"), "/", "-")
	if err := os.RemoveAll(filepath.Join(dir, out)); err != nil {
		return nil, err
	}
	cmd := exec.Command(e.python, append([]string{"run_sim.py"}, r.Args(out)...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PYTHONPATH="+e.shims)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %v: %s", strings.Join(cmd.Args, " "), err, lastLines(stderr.String(), 5))
	}
	return readEnds(filepath.Join(dir, out, "job.csv"))
}

// readEnds reads the log's end_time by job_id; every id from 0 must appear exactly once.
func readEnds(path string) ([]int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(rows) < 2 {
		return nil, fmt.Errorf("%s: no jobs", path)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	id, okID := col["job_id"]
	end, okEnd := col["end_time"]
	if !okID || !okEnd {
		return nil, fmt.Errorf("%s: header %v lacks job_id or end_time", path, rows[0])
	}
	ends := make([]int, len(rows)-1)
	seen := make([]bool, len(ends))
	for n, row := range rows[1:] {
		j, err1 := strconv.Atoi(row[id])
		t, err2 := strconv.Atoi(row[end])
		if err1 != nil || err2 != nil || j < 0 || j >= len(ends) || seen[j] {
			return nil, fmt.Errorf("%s:%d: job_id %q, end_time %q: want a new id in 0..%d and whole seconds", path, n+2, row[id], row[end], len(ends)-1)
		}
		ends[j], seen[j] = t, true
	}
	return ends, nil
}

// ours runs spec on the trace at path and returns each job's end in seconds, by job id.
func ours(spec scenario.Spec, path string, n int) ([]float64, error) {
	spec.Trace = path
	open := func(scenario.Spec) (io.ReadCloser, error) { return os.Open(path) }
	out, err := policies.RunCellSpec(policies.Builtin(), core.BuiltinModels(), spec, open, policies.Hooks{})
	if err != nil {
		return nil, err
	}
	ends := make([]float64, n)
	got := 0
	for i := range out.Result.Jobs {
		j := &out.Result.Jobs[i]
		k, err := strconv.Atoi(j.Job.ID)
		if err != nil || k < 0 || k >= n {
			return nil, fmt.Errorf("job %q: not one of theirs", j.Job.ID)
		}
		ends[k] = j.End.Seconds()
		got++
	}
	if got != n {
		return nil, fmt.Errorf("%d jobs, theirs %d", got, n)
	}
	return ends, nil
}

// within counts the jobs whose ends differ by at most 1 s and returns the largest difference.
func within(theirs []int, ours []float64) (int, float64) {
	n, worst := 0, 0.0
	for i, t := range theirs {
		d := math.Abs(ours[i] - float64(t))
		if d <= 1 {
			n++
		}
		worst = max(worst, d)
	}
	return n, worst
}

// writeTable prints one row per run and returns how many fail: a re-run that differs from the
// record, or a judged run where ours differs from theirs.
func writeTable(w io.Writer, res []result, compare bool) int {
	bad := 0
	fmt.Fprintf(w, "Runs of SymbioticLab/Tiresias at %.8s on simulator/60_job.csv against ours (end times within 1 s)\n\n", baselines.TiresiasCommit)
	fmt.Fprintln(w, "| run | re-run = recorded | ours within 1 s | largest difference (s) | las, running-first | judged |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	for _, r := range res {
		same := "–"
		if compare {
			same = "yes"
			for i := range r.run.End {
				if r.recorded[i] != r.run.End[i] {
					same = "NO"
				}
			}
		}
		n, worst := within(r.run.End, r.ours)
		own := "–"
		if r.ownOrder != nil {
			k, _ := within(r.run.End, r.ownOrder)
			own = fmt.Sprintf("%d/%d", k, len(r.run.End))
		}
		judged := "no (their bugs shown)"
		if r.run.Judged() {
			judged = "yes"
		}
		if same == "NO" || (r.run.Judged() && n < len(r.run.End)) {
			bad++
			judged += ", FAILS"
		}
		fmt.Fprintf(w, "| %s | %s | %d/%d | %.3g | %s | %s |\n", r.run.Name(), same, n, len(r.run.End), worst, own, judged)
	}
	fmt.Fprintln(w, "\nCommands, each in its copy of simulator/ (PYTHONPATH holding the stand-in numpy):")
	for _, r := range res {
		fmt.Fprintf(w, "- %s: %s\n", r.run.Name(), r.run.Command())
	}
	return bad
}

// writeRecord writes the runs as policies/baselines' table of recorded runs.
func writeRecord(path string, res []result) error {
	var b bytes.Buffer
	b.WriteString("// Code generated by scripts/tiresiasrerun -record; DO NOT EDIT.\n\npackage baselines\n\n")
	b.WriteString("// tiresiasRuns are the recorded runs of the Tiresias authors' simulator (TiresiasRun), in\n// TiresiasConfigs' order.\n")
	b.WriteString("var tiresiasRuns = []TiresiasRun{\n")
	for _, r := range res {
		x := r.run
		fmt.Fprintf(&b, "\t{Servers: %d, Schedule: %q, Scheme: %q, Thresholds: [2]int{%d, %d}, Fixed: %v, End: []int{", x.Servers, x.Schedule, x.Scheme,
			x.Thresholds[0], x.Thresholds[1], x.Fixed)
		for i, t := range x.End {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Itoa(t))
		}
		b.WriteString("}},\n")
	}
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		return err
	}
	return os.WriteFile(path, src, 0o644)
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
