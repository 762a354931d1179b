package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"

	"schedlab/core"
	"schedlab/core/clusterfile"
	"schedlab/core/export"
	"schedlab/core/trace"
	"schedlab/core/world"
	"schedlab/policies"
	"schedlab/policies/scenario"
)

func execute(o options, stdout io.Writer) error {
	reg := o.reg
	if reg == nil {
		reg = policies.Builtin()
	}
	if o.list {
		return list(stdout, reg)
	}
	if o.judge != "" {
		return judge(o, stdout)
	}
	if o.fig.id != "" {
		return runFigures(o, stdout)
	}
	if err := checkOutputs(o); err != nil {
		return usageError{err}
	}
	models := world.Models()
	jobs, err := loadWorkload(o, models)
	if err != nil {
		return usageError{err}
	}
	if len(jobs) >= largeWorkload {
		// Most of a large run's heap lives to its end (the jobs, their states, their records):
		// collecting when the heap has grown by half, not doubled, keeps the peak near what is
		// live for no measurable time.
		debug.SetGCPercent(50)
		if o.spec.Trace != "" {
			// Reading a trace leaves more garbage than the jobs' own size (the rows read in chunks
			// and copied once into one slice, the map of ids that finds duplicates): collected now,
			// its memory is reused by the run's state instead of the heap growing past it until the
			// next collection.
			runtime.GC()
		}
	}
	c, err := loadCluster(o, &o.spec)
	if err != nil {
		return usageError{err}
	}
	if o.spec.Trace != "" {
		warn(o, trace.NeverFit(o.spec.Trace, jobs, c))
	}
	explainIDs, err := explainIDs(o.explain, jobs)
	if err != nil {
		return usageError{err}
	}
	for _, p := range o.spec.Policies {
		if !reg.Has(p) {
			return usageError{fmt.Errorf("-policy %q: unknown (known: %s)", p, strings.Join(reg.Names(), ", "))}
		}
	}
	// Only -trace-out needs the allocation intervals, and -explain to list a start's GPUs; a lean
	// run's summary and job records are the same, and it keeps no per-interval log (hundreds of MB
	// for a long Synergy run).
	outs, err := policies.ExecuteWith(reg, o.spec, jobs, c, models, policies.Hooks{Lean: o.traceOut == "" && len(explainIDs) == 0})
	if err != nil {
		return usageError{err}
	}
	// The files are written only now that every run succeeded, each to a temporary file renamed
	// into place once all are written: a failed command leaves no output behind.
	var files outputFiles
	defer files.discard()
	for _, f := range []struct {
		flag, path string
		write      func(io.Writer) error
	}{
		{"save-trace", o.saveTrace, func(w io.Writer) error { return trace.WriteNative(w, jobs) }},
		{"jobs-out", o.jobsOut, func(w io.Writer) error { return writeJobs(w, outs) }},
		{"trace-out", o.traceOut, func(w io.Writer) error { return export.WriteTraceEvents(w, c, runs(outs)) }},
	} {
		if err := files.write(f.flag, f.path, f.write); err != nil {
			return err
		}
	}
	if err := files.commit(); err != nil {
		return err
	}
	if o.json {
		if err := writeJSON(stdout, outs); err != nil {
			return err
		}
		return writeExplainJSON(stdout, outs, explainIDs)
	}
	if err := writeTable(stdout, outs); err != nil {
		return err
	}
	writeWaitShares(stdout, outs)
	if err := writeExplain(stdout, outs, explainIDs); err != nil {
		return err
	}
	if sc, ok := policies.Scenarios().Find(o.spec.Scenario); ok && sameWorkload(sc.Spec, o.spec) {
		return writeComparison(stdout, sc, outs)
	}
	return nil
}

// sameWorkload reports whether a run keeps the scenario's workload, window and seed: only then
// are the paper's numbers about the jobs that ran.
func sameWorkload(a, b scenario.Spec) bool {
	return a.Generate == b.Generate && a.Trace == b.Trace && a.Seed == b.Seed &&
		a.WindowFrom == b.WindowFrom && a.WindowTo == b.WindowTo
}

// checkOutputs refuses output paths that name the same file twice, or an input file (a failed
// or finished run must never overwrite the trace it read).
func checkOutputs(o options) error {
	cluster, _ := strings.CutPrefix(o.spec.Cluster, "@")
	if cluster == o.spec.Cluster {
		cluster = "" // a spec string, not a file
	}
	seen := map[string]string{}
	for _, f := range []struct{ flag, path, role string }{
		{"trace", o.spec.Trace, "input"}, {"cluster", cluster, "input"}, {"policy-config", o.policyConfig, "input"},
		{"save-trace", o.saveTrace, "output"}, {"jobs-out", o.jobsOut, "output"}, {"trace-out", o.traceOut, "output"},
	} {
		if f.path == "" {
			continue
		}
		abs, err := filepath.Abs(f.path)
		if err != nil {
			return fmt.Errorf("-%s %s: %w", f.flag, f.path, err)
		}
		if prev, dup := seen[abs]; dup && f.role == "output" {
			return fmt.Errorf("-%s %s: the same file as the %s", f.flag, f.path, prev)
		}
		seen[abs] = "-" + f.flag + " " + f.role
	}
	return nil
}

// largeWorkload is the job count from which the runner trades some collector time for memory.
const largeWorkload = 200_000

func loadWorkload(o options, models *core.Models) ([]core.Job, error) {
	var r io.Reader
	if o.spec.Trace != "" {
		path, err := resolveData(o.spec.Trace)
		if err != nil {
			return nil, err
		}
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	if r == nil {
		jobs, _, err := policies.Jobs(o.spec, nil, models)
		return jobs, err
	}
	jobs, warns, err := policies.ReadTrace(o.spec, r, models, trace.Limits{MaxJobs: o.maxJobs})
	warn(o, warns)
	return jobs, err
}

// warn prints import warnings on stderr, one per line.
func warn(o options, warns []string) {
	if o.stderr == nil {
		return
	}
	for _, w := range warns {
		fmt.Fprintln(o.stderr, "simulate: warning: "+w)
	}
}

// loadCluster parses spec.Cluster, a spec string, or reads "@file" in any format core/clusterfile
// knows (JSON, Tiresias CSV, Synergy .ini, Alibaba openb node list, PAI machine spec). A round
// length the file sets (Synergy's lease_time) becomes spec.Round unless -round gave one.
func loadCluster(o options, spec *scenario.Spec) (*core.Cluster, error) {
	if name, ok := strings.CutPrefix(spec.Cluster, "@"); ok {
		if name == "" {
			return nil, fmt.Errorf("-cluster @: want @PATH, a cluster file")
		}
		path, err := resolveData(name)
		if err != nil {
			return nil, err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		f, err := clusterfile.Parse(name, data)
		if err != nil {
			return nil, err
		}
		warn(o, f.Warnings)
		if f.Round > 0 && spec.Round == 0 {
			if f.Round < core.Second {
				return nil, fmt.Errorf("%s: lease_time: %v s is under the shortest round (1 s)", name, f.Round.Seconds())
			}
			spec.Round = f.Round.Seconds()
		}
		return f.Cluster, nil
	}
	return core.ParseCluster(spec.Cluster)
}

// resolveData maps "data:REL" (used by scenarios) to the shared data folder: $SCHEDLAB_DATA, else
// ../shared/data beside the repository holding the working directory.
func resolveData(p string) (string, error) {
	rel, ok := strings.CutPrefix(p, "data:")
	if !ok {
		return p, nil
	}
	if d := os.Getenv("SCHEDLAB_DATA"); d != "" {
		return filepath.Join(d, rel), nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared", "data", rel), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("%s: cannot find the shared data folder (set SCHEDLAB_DATA)", p)
		}
		dir = parent
	}
}

func list(w io.Writer, reg *policies.Registry) error {
	var b strings.Builder
	b.WriteString("policies:\n")
	for _, n := range reg.Names() {
		b.WriteString("  " + n + "\n")
	}
	b.WriteString("scenarios:\n")
	for _, s := range policies.Scenarios() {
		fmt.Fprintf(&b, "  %-22s %s\n", s.Name, s.Title)
	}
	b.WriteString("figures:\n")
	for _, f := range policies.Figures() {
		caption := f.Caption
		if f.Smoke {
			caption = "(smoke) " + caption
		}
		fmt.Fprintf(&b, "  %-24s %s\n", f.ID, caption)
		if len(f.Choices) > 0 {
			fmt.Fprintf(&b, "  %-24s readings: %s (%d; default %s)\n", "", f.ChoicesText(), len(f.Readings()), f.Readings()[0].Name)
		}
	}
	b.WriteString("choices (per family; a reading is one value of each; the first value is the default):\n")
	type seen struct{ family, choice string }
	done := map[seen]bool{}
	for _, f := range policies.Figures() {
		for _, c := range f.Choices {
			if k := (seen{f.Family, c.Name}); !done[k] {
				done[k] = true
				fmt.Fprintf(&b, "  %-13s %-10s %-28s %s\n", f.Family, c.Name, strings.Join(c.Values, "|"), c.Label)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// outputFiles writes the command's output files to temporary files beside their paths, and
// renames them into place together (commit) or removes them (discard).
type outputFiles struct {
	tmp, final []string
}

// write fills a temporary file for path with write (nothing when path is empty); errors name the flag.
func (f *outputFiles) write(flag, path string, write func(io.Writer) error) error {
	if path == "" {
		return nil
	}
	if fi, err := os.Stat(path); (err == nil && !fi.Mode().IsRegular()) || strings.HasPrefix(filepath.Clean(path), "/dev/") {
		// A device or pipe, or /dev/stdout redirected to a file: written through, never replaced
		// (renaming onto /dev/stdout would put a regular file in its place).
		return writeDirect(flag, path, write)
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real // a symbolic link stays one: the file it names is replaced
	}
	t, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return usageError{fmt.Errorf("-%s %s: %w", flag, path, err)}
	}
	f.tmp, f.final = append(f.tmp, t.Name()), append(f.final, path)
	if err := write(t); err != nil {
		t.Close()
		return fmt.Errorf("-%s %s: %w", flag, path, err)
	}
	if err := t.Close(); err != nil {
		return fmt.Errorf("-%s %s: %w", flag, path, err)
	}
	return nil
}

// writeDirect writes into an existing file that is not replaced: a device or a pipe. /dev/stdout
// and /dev/stderr are the process's own descriptors (opening them anew would start at offset 0 of a
// file they are redirected to, under what the process writes there).
func writeDirect(flag, path string, write func(io.Writer) error) error {
	switch filepath.Clean(path) {
	case "/dev/stdout":
		return write(os.Stdout)
	case "/dev/stderr":
		return write(os.Stderr)
	}
	d, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return usageError{fmt.Errorf("-%s %s: %w", flag, path, err)}
	}
	if err := write(d); err != nil {
		d.Close()
		return fmt.Errorf("-%s %s: %w", flag, path, err)
	}
	return d.Close()
}

// commit renames every written file into place.
func (f *outputFiles) commit() error {
	for i, t := range f.tmp {
		if err := os.Rename(t, f.final[i]); err != nil {
			return fmt.Errorf("%s: %w", f.final[i], err)
		}
		f.tmp[i] = ""
	}
	return nil
}

// discard removes the temporary files not renamed into place.
func (f *outputFiles) discard() {
	for _, t := range f.tmp {
		if t != "" {
			os.Remove(t)
		}
	}
}
