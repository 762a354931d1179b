package main

import (
	"fmt"
	"os"
	"strings"

	"schedlab/policies"
	"schedlab/policies/figure"
	"schedlab/policies/script"
)

// maxScript bounds a -policy-file (a policy is a page of code; a megabyte is a mistake).
const maxScript = 1 << 20

// loadScripts compiles the -policy-file scripts under lim and returns the registry every mode of the run
// uses: the built-ins and, after them, each script's policy under its name. An error names the
// file and line.
func loadScripts(paths []string, lim script.Limits) ([]*script.Program, *policies.Registry, error) {
	reg := policies.Builtin()
	var progs []*script.Program
	for _, path := range paths {
		fi, err := os.Stat(path)
		if err != nil {
			return nil, nil, fmt.Errorf("-policy-file %s: %w", path, err)
		}
		if fi.Size() > maxScript {
			return nil, nil, fmt.Errorf("-policy-file %s: %d bytes; a policy script may have at most %d", path, fi.Size(), maxScript)
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, fmt.Errorf("-policy-file %s: %w", path, err)
		}
		p, err := script.CompileWith(path, src, lim)
		if err != nil {
			return nil, nil, err // "path:line: what was wrong"
		}
		if reg.Has(p.Name()) {
			return nil, nil, fmt.Errorf("%s: policy name %q is taken (a built-in's or another file's); set name = \"…\" in the script", path, p.Name())
		}
		if err := reg.Register(p.Name(), p.Factory()); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		progs = append(progs, p)
	}
	return progs, reg, nil
}

// scriptNames lists the scripts' policy names in -policy-file order.
func scriptNames(progs []*script.Program) []string {
	out := make([]string, len(progs))
	for i, p := range progs {
		out[i] = p.Name()
	}
	return out
}

// scriptsHash identifies the scripts' sources, in order, for a part's metadata ("" without
// scripts): a part made with other scripts, or other versions of them, cannot be merged.
func scriptsHash(progs []*script.Program) string {
	if len(progs) == 0 {
		return ""
	}
	var b strings.Builder
	for _, p := range progs {
		b.WriteString(p.Name() + "=" + p.Hash() + "\n")
	}
	return contentHash([]byte(b.String()))
}

// scriptSeries describes the -policy-file series of f found in rows, for -judge's table and
// report: per script its name, its source's hash (short) and each metric's mean over the rows
// (every x and seed); "" without scripts. The references judge the figure's own series only, so
// this is how a script's numbers are shown beside them.
func scriptSeries(f *figure.Figure, rows []figure.Row, progs []*script.Program) string {
	var parts []string
	for _, p := range progs {
		s := f.SeriesIndex(p.Name())
		sum := make([]float64, len(f.Metrics))
		n := make([]int, len(f.Metrics))
		for _, r := range rows {
			if r.S == s {
				sum[r.M] += r.Value
				n[r.M]++
			}
		}
		var ms []string
		for m, mt := range f.Metrics {
			if n[m] > 0 {
				ms = append(ms, fmt.Sprintf("%s %.6g (mean of %d)", mt.Name, sum[m]/float64(n[m]), n[m]))
			}
		}
		if len(ms) == 0 {
			ms = []string{"no rows"}
		}
		parts = append(parts, fmt.Sprintf("%s, yours (sha256 %.12s): %s", p.Name(), p.Hash(), strings.Join(ms, ", ")))
	}
	return strings.Join(parts, "; ")
}
