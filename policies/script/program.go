package script

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"schedlab/core/sim"
	"schedlab/policies/params"
	"schedlab/policies/placement"
)

// Program is a compiled, checked policy script: its settings read and its functions found. It
// holds no run state, so one Program serves any number of runs, one after another or side by
// side (its globals are frozen); New makes each run's policy.
type Program struct {
	file, name string
	src        []byte
	hash       string
	placement  string
	placeSet   bool // the script sets placement itself
	preempt    bool
	backfill   bool
	rounds     bool
	priority   *starlark.Function
	schedule   *starlark.Function
	limits     Limits
}

// Settings a script may set at its top level, with their defaults.
const (
	settingName      = "name"      // the policy's name; default: the file's base name without .star
	settingPlacement = "placement" // placement.ByName's strategy; default consolidate
	settingPreempt   = "preempt"   // False: running jobs are never stopped by the order
	settingBackfill  = "backfill"  // True: a waiting job that does not fit is skipped, not waited for
	settingRounds    = "rounds"    // False: decide at arrivals and completions only
)

// Compile parses, checks and runs the top level of a script (file names it in errors and gives
// the default policy name). Every problem is an *Error at its line.
func Compile(file string, src []byte) (*Program, error) {
	return CompileWith(file, src, DefaultLimits)
}

// CompileWith is Compile with other limits (tests use small ones).
func CompileWith(file string, src []byte, lim Limits) (*Program, error) {
	opts := &syntax.FileOptions{While: true, TopLevelControl: true, GlobalReassign: true, Set: true}
	f, err := opts.Parse(file, src, 0)
	if err != nil {
		return nil, asError(file, err)
	}
	assigned := topLevelLines(f)
	rewriteFile(f)
	pre := predeclared()
	prog, err := starlark.FileProgram(f, pre.Has)
	if err != nil {
		return nil, asError(file, err)
	}
	m := &meter{lim: lim, call: lim.CallUnits, callMax: lim.CallUnits, run: lim.CallUnits}
	th := &starlark.Thread{Name: file, Print: func(*starlark.Thread, string) {}}
	th.SetLocal(meterKey, m)
	th.SetMaxExecutionSteps(lim.CallSteps)
	globals, err := prog.Init(th, pre)
	if err != nil {
		return nil, stepError(file, lim.CallSteps, fmt.Sprintf("the file's top level may take %d steps", lim.CallSteps), err)
	}
	globals.Freeze()

	p := &Program{file: file, src: append([]byte(nil), src...), hash: Hash(src), limits: lim,
		placement: placement.Default, backfill: true}
	p.name = strings.TrimSuffix(path.Base(strings.ReplaceAll(file, "\\", "/")), ".star")
	at := func(name string) syntax.Position { return assigned[name] }
	if v, ok := globals[settingName]; ok {
		s, ok := v.(starlark.String)
		if !ok || strings.TrimSpace(string(s)) == "" || string(s) != strings.TrimSpace(string(s)) {
			return nil, errAt(at(settingName), file, fmt.Sprintf("name: want a non-empty string without surrounding spaces, got %s", v))
		}
		p.name = string(s)
	}
	if v, ok := globals[settingPlacement]; ok {
		s, ok := v.(starlark.String)
		if !ok {
			return nil, errAt(at(settingPlacement), file, fmt.Sprintf("placement: want a string, got %s", v.Type()))
		}
		if _, err := placement.ByName(string(s)); err != nil {
			return nil, errAt(at(settingPlacement), file, "placement: "+err.Error())
		}
		p.placement, p.placeSet = string(s), true
	}
	if err := misspelled(f, globals, at, file); err != nil {
		return nil, err
	}
	for _, b := range []struct {
		name string
		to   *bool
	}{{settingPreempt, &p.preempt}, {settingBackfill, &p.backfill}, {settingRounds, &p.rounds}} {
		if v, ok := globals[b.name]; ok {
			bv, ok := v.(starlark.Bool)
			if !ok {
				return nil, errAt(at(b.name), file, fmt.Sprintf("%s: want True or False, got %s", b.name, v.Type()))
			}
			*b.to = bool(bv)
		}
	}
	fn := func(name string, params int) (*starlark.Function, error) {
		v, ok := globals[name]
		if !ok {
			return nil, nil
		}
		f, ok := v.(*starlark.Function)
		if !ok {
			return nil, errAt(at(name), file, fmt.Sprintf("%s: want a function, got %s", name, v.Type()))
		}
		if f.NumParams() != params || f.HasVarargs() || f.HasKwargs() {
			return nil, errAt(f.Position(), file, fmt.Sprintf("%s must take exactly the parameters (%s)", name, map[int]string{1: "s", 2: "job, s"}[params]))
		}
		return f, nil
	}
	if p.priority, err = fn("priority", 2); err != nil {
		return nil, err
	}
	if p.schedule, err = fn("schedule", 1); err != nil {
		return nil, err
	}
	switch {
	case p.priority == nil && p.schedule == nil:
		return nil, &Error{File: file, Line: 1, Msg: "the script defines neither priority(job, s) nor schedule(s)"}
	case p.priority != nil && p.schedule != nil:
		return nil, errAt(p.schedule.Position(), file, "define priority(job, s) or schedule(s), not both")
	}
	return p, nil
}

// misspelled refuses a top-level name that looks like a setting but is not one (premept = True
// would otherwise be ignored in silence): one or two letters from a setting's name, or the same
// name in other case. The name setting is left out (short names near it are common words).
func misspelled(f *syntax.File, globals starlark.StringDict, at func(string) syntax.Position, file string) error {
	settings := []string{settingPlacement, settingPreempt, settingBackfill, settingRounds}
	for _, name := range globals.Keys() { // sorted: the same error every time
		if _, isFn := globals[name].(*starlark.Function); isFn {
			continue
		}
		for _, set := range settings {
			if name == set {
				break
			}
			most := 1
			if len(set) > 6 {
				most = 2
			}
			if strings.EqualFold(name, set) || editDistance(name, set) <= most {
				return errAt(at(name), file, fmt.Sprintf("%s is not a setting: did you mean %s? (the settings are name, placement, preempt, backfill and rounds; rename a variable of your own)", name, set))
			}
		}
	}
	return nil
}

// editDistance is the Levenshtein distance between a and b (bytes).
func editDistance(a, b string) int {
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		prev := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			cur := row[j]
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			row[j] = min(row[j]+1, row[j-1]+1, prev+cost)
			prev = cur
		}
	}
	return row[len(b)]
}

// topLevelLines maps each name assigned or defined at the top level to its first position.
func topLevelLines(f *syntax.File) map[string]syntax.Position {
	at := map[string]syntax.Position{}
	for _, s := range f.Stmts {
		switch s := s.(type) {
		case *syntax.AssignStmt:
			if id, ok := s.LHS.(*syntax.Ident); ok {
				if _, seen := at[id.Name]; !seen {
					at[id.Name] = id.NamePos
				}
			}
		case *syntax.DefStmt:
			if _, seen := at[s.Name.Name]; !seen {
				at[s.Name.Name] = s.Name.NamePos
			}
		}
	}
	return at
}

// Hash is the identity of a script's source: hex SHA-256 of its bytes. A run's record and a
// sweep's shard header carry it, so the same source always means the same policy.
func Hash(src []byte) string {
	sum := sha256.Sum256(src)
	return hex.EncodeToString(sum[:])
}

// Name is the policy's name: the script's name setting, else its file's base name.
func (p *Program) Name() string { return p.name }

// File is the file name the script was compiled under (errors name it).
func (p *Program) File() string { return p.file }

// Hash is Hash(Source()).
func (p *Program) Hash() string { return p.hash }

// Source is the script's text (a copy is kept at Compile).
func (p *Program) Source() []byte { return p.src }

// Placement, Preempt, Backfill and Rounds are the script's settings.
func (p *Program) Placement() string { return p.placement }

// Preempt reports the script's preempt setting.
func (p *Program) Preempt() bool { return p.preempt }

// Backfill reports the script's backfill setting.
func (p *Program) Backfill() bool { return p.backfill }

// Rounds reports the script's rounds setting.
func (p *Program) Rounds() bool { return p.rounds }

// Factory returns the policy registry's factory for this script: policies.Registry.Register(
// p.Name(), p.Factory()) puts it beside the built-ins.
func (p *Program) Factory() func(json.RawMessage) (sim.Policy, error) { return p.New }

// New builds a fresh policy for one run. Its JSON parameters may name another placement than the
// script's ({"placement": "spread"}, which the runner's -placement flag fills in); nothing else.
func (p *Program) New(raw json.RawMessage) (sim.Policy, error) {
	var c struct {
		Placement string `json:"placement,omitempty"`
	}
	if err := params.Decode(raw, &c); err != nil {
		return nil, err
	}
	name := p.placement
	if c.Placement != "" {
		name = c.Placement
	}
	pl, err := placement.ByName(name)
	if err != nil {
		return nil, fmt.Errorf("placement: %w", err)
	}
	pol := newPolicy(p, pl)
	if p.placeSet && name != p.placement {
		pol.note = fmt.Sprintf("placement: the run's placement %q (the runner's -placement, the page's Placement) replaces the script's placement = %q", name, p.placement)
	}
	return pol, nil
}

// stepError is err, from a thread limited to limit steps, as an Error at its line with a message
// that says which budget ran out: allow says what the part that ran (the file's top level, a call
// of priority or of schedule) may take.
func stepError(file string, limit uint64, allow string, err error) *Error {
	e := asError(file, err)
	if strings.HasPrefix(e.Msg, "Starlark computation cancelled: too many steps") {
		e.Msg = fmt.Sprintf("stopped after %d steps: the step limit per call (an endless loop? %s; -script-steps and the page's Script steps raise it)",
			limit, allow)
	}
	return e
}
