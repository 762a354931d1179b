package main

import (
	"fmt"
	"os"
	"strings"

	"schedlab/policies"
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
