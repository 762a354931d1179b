// Package scripting is what the scripting worker (wasm/scriptworker, script.wasm) adds to the
// app's worker: policies written as Starlark scripts (policies/script) compiled into a registry
// for runs and figure cells, Check for the page's editor, and the shipped examples. It is pure Go
// (tested natively) and is linked only into script.wasm, so the page's own app.wasm stays without
// the interpreter.
package scripting

import (
	"errors"
	"fmt"

	"schedlab/policies"
	"schedlab/policies/script"
	"schedlab/wasm/runrecord"
)

// MaxSource bounds one script's source, as the runner's -policy-file does: a policy is a page of
// code, and a megabyte is a mistake.
const MaxSource = 1 << 20

// Scripts implements wasm/worker's Scripting with policies/script.
type Scripts struct{}

// Registry compiles the scripts and returns the built-ins with each script's policy after them,
// and the scripts as compiled (names from the files, hashes of their sources). A script whose
// Hash is set must still have it: a record's or link's script is rerun only as it was.
func (Scripts) Registry(scripts []runrecord.Script) (*policies.Registry, []runrecord.Script, error) {
	reg := policies.Builtin()
	out := make([]runrecord.Script, 0, len(scripts))
	for _, s := range scripts {
		if len(s.Source) > MaxSource {
			return nil, nil, fmt.Errorf("%s: %d bytes; a policy script may have at most %d", s.File, len(s.Source), MaxSource)
		}
		p, err := script.Compile(s.File, []byte(s.Source))
		if err != nil {
			return nil, nil, err
		}
		if msg := runrecord.ScriptNameError(p.Name()); msg != "" {
			return nil, nil, fmt.Errorf("%s: %s", s.File, msg)
		}
		if s.Hash != "" && s.Hash != p.Hash() {
			return nil, nil, fmt.Errorf("%s: the source is not the one recorded (sha256 %s, recorded %s)", s.File, p.Hash(), s.Hash)
		}
		if reg.Has(p.Name()) {
			return nil, nil, fmt.Errorf("%s: policy name %q is taken (a built-in's or another script's); set name = \"…\" in the script", s.File, p.Name())
		}
		if err := reg.Register(p.Name(), p.Factory()); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", s.File, err)
		}
		out = append(out, runrecord.Script{Name: p.Name(), File: s.File, Hash: p.Hash(), Source: s.Source})
	}
	return reg, out, nil
}

// Check compiles a script and dry-runs it on policies/script's tiny workload: the policy's name
// and hash, or the error ("file:line: what was wrong") and its line and column (0 when it has
// none). A script named like a built-in is refused, since it could not be offered beside them.
func (s Scripts) Check(file, src string) (name, hash, err string, line, col int) {
	c := s.check(file, src)
	return c.Name, c.Hash, c.Err, c.Line, c.Col
}

// checked is what check found.
type checked struct {
	Name, Hash string
	Err        string
	Line, Col  int
}

func (Scripts) check(file, src string) checked {
	if len(src) > MaxSource {
		return checked{Err: fmt.Sprintf("%s: %d bytes; a policy script may have at most %d", file, len(src), MaxSource)}
	}
	p, err := script.Check(file, []byte(src))
	if err != nil {
		c := checked{Err: err.Error()}
		var se *script.Error
		if errors.As(err, &se) {
			c.Line, c.Col = se.Line, se.Col
		}
		return c
	}
	if msg := runrecord.ScriptNameError(p.Name()); msg != "" {
		return checked{Err: fmt.Sprintf("%s: %s; set name = \"…\" in the script", file, msg)}
	}
	if policies.Builtin().Has(p.Name()) {
		return checked{Err: fmt.Sprintf("%s: policy name %q is a built-in's; set name = \"…\" in the script", file, p.Name())}
	}
	return checked{Name: p.Name(), Hash: p.Hash()}
}

// Examples are the shipped example scripts (file and source; names and hashes come with Check).
func (Scripts) Examples() []runrecord.Script {
	var out []runrecord.Script
	for _, e := range script.Examples() {
		out = append(out, runrecord.Script{File: e.File, Source: string(e.Source)})
	}
	return out
}
