package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"schedlab/core"
	"schedlab/core/clusterfile"
	"schedlab/core/export"
	"schedlab/core/trace"
	"schedlab/core/zoo"
	"schedlab/policies"
	"schedlab/policies/scenario"
)

func execute(o options, stdout io.Writer) error {
	reg := policies.Builtin()
	if o.list {
		return list(stdout, reg)
	}
	models := zoo.Models()
	jobs, err := loadWorkload(o, models)
	if err != nil {
		return usageError{err}
	}
	if err := writeFile(o.saveTrace, func(w io.Writer) error { return trace.WriteNative(w, jobs) }); err != nil {
		return err
	}
	c, err := loadCluster(o, &o.spec)
	if err != nil {
		return usageError{err}
	}
	if o.spec.Trace != "" {
		warn(o, trace.NeverFit(o.spec.Trace, jobs, c))
	}
	for _, p := range o.spec.Policies {
		if !reg.Has(p) {
			return usageError{fmt.Errorf("-policy %q: unknown (known: %s)", p, strings.Join(reg.Names(), ", "))}
		}
	}
	outs, err := policies.Execute(reg, o.spec, jobs, c, models)
	if err != nil {
		return usageError{err}
	}
	if err := writeFile(o.jobsOut, func(w io.Writer) error { return writeJobs(w, outs) }); err != nil {
		return err
	}
	if err := writeFile(o.traceOut, func(w io.Writer) error { return export.WriteTraceEvents(w, c, runs(outs)) }); err != nil {
		return err
	}
	if o.json {
		return writeJSON(stdout, outs)
	}
	return writeTable(stdout, outs)
}

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
	fmt.Fprintln(w, "policies:")
	for _, n := range reg.Names() {
		fmt.Fprintln(w, "  "+n)
	}
	fmt.Fprintln(w, "scenarios:")
	for _, s := range policies.Scenarios() {
		fmt.Fprintf(w, "  %-22s %s\n", s.Name, s.Title)
	}
	return nil
}

// writeFile creates path (nothing when path is empty) and fills it with write.
func writeFile(path string, write func(io.Writer) error) error {
	if path == "" {
		return nil
	}
	f, err := os.Create(path)
	if err != nil {
		return usageError{err}
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
