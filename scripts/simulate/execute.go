package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"schedlab/core"
	"schedlab/core/export"
	"schedlab/core/zoo"
	"schedlab/policies"
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
	c, err := loadCluster(o.spec.Cluster)
	if err != nil {
		return usageError{err}
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
	jobs, _, err := policies.Jobs(o.spec, r, models)
	return jobs, err
}

// loadCluster parses a spec string, or reads "@file" (JSON; see core.ClusterFile).
func loadCluster(spec string) (*core.Cluster, error) {
	if name, ok := strings.CutPrefix(spec, "@"); ok {
		path, err := resolveData(name)
		if err != nil {
			return nil, err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		return core.ParseClusterJSON(name, data)
	}
	return core.ParseCluster(spec)
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
