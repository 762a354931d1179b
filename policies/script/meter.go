package script

import (
	"fmt"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Limits bound what a script may spend. Steps are the interpreter's abstract computation steps
// (Thread.Steps); units are what the guards (rewrite.go) charge: one per element or byte a guarded
// operation builds or walks; memory is what the script holds, in bytes as mem.go counts them. All
// are counted, never timed or read from the Go heap, so a script that overruns does so at the same
// line natively and under wasm.
//
// A call's allowance grows with what its decision sees: schedule(s) may spend CallSteps plus
// SeenSteps per job waiting or running (a policy that walks its queue costs in proportion to it),
// priority(job, s) CallSteps (it ranks one job). The run's ceiling RunSteps is a fixed number, the
// same on every machine, so a run succeeds or fails the same way everywhere.
type Limits struct {
	CallSteps uint64 // per call of priority, and the base of a call of schedule
	SeenSteps uint64 // added to a schedule call's allowance per job waiting or running
	RunSteps  uint64 // per run: every call's steps together
	CallUnits int64  // per call of priority, and the base of a call of schedule
	SeenUnits int64  // added to a schedule call's allowance per job waiting or running
	RunUnits  int64  // per run
	Memory    int64  // bytes the script may hold: s.store and every value its running call keeps
	IntBits   int    // the largest integer a guarded operation may build
}

// DefaultLimits keep a runaway call, and a runaway script's dry run (DryRun: 20 jobs, its own
// run ceilings), to tens of milliseconds natively and under a second under Node
// (BenchmarkHostile), while the shipped examples run the whole 82,247-job Philly trace with room
// to spare (TestExamplesWithinBudget; make script-philly). The memory budget is a few hundred
// megabytes: far above what a policy's bookkeeping needs (a few hundred bytes per job), far below
// what would take a browser tab or the machine down.
var DefaultLimits = Limits{
	CallSteps: 500_000,
	SeenSteps: 2_000,
	RunSteps:  20_000_000_000,
	CallUnits: 1 << 19,
	SeenUnits: 2_000,
	RunUnits:  20_000_000_000,
	Memory:    256 << 20,
	IntBits:   4096,
}

// dryRunSteps and dryRunUnits are the run ceilings of Check's dry run: a script that is busy in
// every call fails there, on twenty jobs, instead of minutes into a real run.
const (
	dryRunSteps = 2_000_000
	dryRunUnits = 2 << 20
)

// Scale returns the limits with the run's step ceiling set to steps (0: unchanged) and the
// memory budget to memory bytes (0: unchanged). The per-call step and unit allowances and the
// run's unit ceiling scale with the step ceiling, so raising it k-fold lets every decision spend
// k times as much too (never less than the defaults' per-call allowances' 1/1000).
func (l Limits) Scale(steps uint64, memory int64) Limits {
	if steps > 0 && steps != l.RunSteps {
		f := float64(steps) / float64(l.RunSteps)
		us := func(x uint64) uint64 { return max(uint64(float64(x)*f), x/1000, 1) }
		is := func(x int64) int64 { return max(int64(float64(x)*f), x/1000, 1) }
		l.CallSteps, l.SeenSteps, l.CallUnits, l.SeenUnits, l.RunUnits =
			us(l.CallSteps), us(l.SeenSteps), is(l.CallUnits), is(l.SeenUnits), is(l.RunUnits)
		l.RunSteps = steps
	}
	if memory > 0 {
		l.Memory = memory
	}
	return l
}

// meter charges a run's guarded operations; the thread's local "meter" points to it.
type meter struct {
	lim     Limits
	call    int64   // units left in this call
	callMax int64   // this call's allowance
	run     int64   // units left in this run
	mem     *memory // the run's memory count (nil at the top level)
}

const meterKey = "schedlab.meter"

func meterOf(t *starlark.Thread) *meter {
	m, _ := t.Local(meterKey).(*meter)
	return m
}

// charge takes n units, or says what would be too large.
func (m *meter) charge(n int64, what string) error {
	if m == nil || n <= 0 {
		return nil
	}
	if n > m.call {
		return fmt.Errorf("%s would build or walk %d elements: more than this call's allocation budget of %d (a runaway loop or a huge list?)", what, n, m.callMax)
	}
	if n > m.run {
		return fmt.Errorf("%s would build or walk %d elements: the run's allocation budget of %d is spent", what, n, m.lim.RunUnits)
	}
	m.call -= n
	m.run -= n
	if m.mem != nil {
		return m.mem.grew(n)
	}
	return nil
}

func length(v starlark.Value) int64 {
	switch v := v.(type) {
	case starlark.String:
		return int64(len(v))
	case starlark.Bytes:
		return int64(len(v))
	}
	if n := starlark.Len(v); n > 0 {
		return int64(n)
	}
	return 0
}

func bitLen(v starlark.Value) int {
	i, ok := v.(starlark.Int)
	if !ok {
		return 0
	}
	if _, ok := i.Int64(); ok {
		return 64
	}
	return i.BigInt().BitLen()
}

// repeat charges x * n (a sequence repeated) or an integer product.
func (m *meter) mul(x, y starlark.Value) error {
	if bx, by := bitLen(x), bitLen(y); bx > 0 && by > 0 {
		if bx+by > m.lim.IntBits && bx+by > 128 {
			return fmt.Errorf("integer product of %d and %d bits: over the %d-bit limit", bx, by, m.lim.IntBits)
		}
		return nil
	}
	seq, n := x, y
	if _, ok := x.(starlark.Int); ok {
		seq, n = y, x
	}
	k, ok := n.(starlark.Int)
	if !ok {
		return nil
	}
	times, ok := k.Int64()
	if !ok {
		times = 1 << 62
	}
	if l := length(seq); l > 0 && times > 0 {
		if times > (1<<62)/l {
			return m.charge(1<<62, "repeating a "+seq.Type())
		}
		return m.charge(l*times, "repeating a "+seq.Type())
	}
	return nil
}

// render estimates the length of str(v), walking at most limit elements (a list that holds
// itself many times over is cut short there).
func render(v starlark.Value, limit int64) int64 {
	var n int64
	var walk func(v starlark.Value)
	walk = func(v starlark.Value) {
		if n > limit {
			return
		}
		switch v := v.(type) {
		case starlark.String:
			n += int64(len(v)) + 2
		case starlark.Bytes:
			n += int64(len(v)) + 3
		case starlark.Int:
			n += int64(bitLen(v)/3) + 2
		case starlark.Tuple:
			n += 2
			for _, e := range v {
				walk(e)
				n += 2
			}
		case *starlark.List:
			n += 2
			for i := 0; i < v.Len() && n <= limit; i++ {
				walk(v.Index(i))
				n += 2
			}
		case *starlark.Dict:
			n += 2
			for _, kv := range v.Items() {
				walk(kv[0])
				walk(kv[1])
				n += 4
				if n > limit {
					return
				}
			}
		case *starlark.Set:
			n += 5
			it := v.Iterate()
			defer it.Done()
			var e starlark.Value
			for it.Next(&e) && n <= limit {
				walk(e)
				n += 2
			}
		default:
			n += 40
		}
	}
	walk(v)
	return n
}

func (m *meter) renderCharge(what string, vs ...starlark.Value) error {
	var n int64
	for _, v := range vs {
		n += render(v, m.call+1)
	}
	return m.charge(n, what)
}

// guards are the predeclared functions the rewritten file calls.
func guards() starlark.StringDict {
	bin := func(name string, op syntax.Token, check func(m *meter, x, y starlark.Value) error) *starlark.Builtin {
		return starlark.NewBuiltin(name, func(t *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
			x, y := args[0], args[1]
			if m := meterOf(t); m != nil {
				if err := check(m, x, y); err != nil {
					return nil, err
				}
			}
			return starlark.Binary(op, x, y)
		})
	}
	add := func(m *meter, x, y starlark.Value) error {
		if lx, ly := length(x), length(y); lx+ly > 0 {
			return m.charge(lx+ly, "concatenating a "+x.Type())
		}
		return nil
	}
	mod := func(m *meter, x, y starlark.Value) error {
		f, ok := x.(starlark.String)
		if !ok {
			return nil
		}
		k := int64(strings.Count(string(f), "%"))
		return m.charge(int64(len(f))+k*render(y, m.call+1), "formatting a string")
	}
	shl := func(m *meter, x, y starlark.Value) error {
		s, ok := y.(starlark.Int)
		if !ok {
			return nil
		}
		by, _ := s.Int64()
		if b := int64(bitLen(x)) + by; bitLen(x) > 0 && b > int64(m.lim.IntBits) {
			return fmt.Errorf("shift to %d bits: over the %d-bit integer limit", b, m.lim.IntBits)
		}
		return nil
	}
	g := starlark.StringDict{
		"$add":  bin("+", syntax.PLUS, add),
		"$mul":  bin("*", syntax.STAR, (*meter).mul),
		"$mod":  bin("%", syntax.PERCENT, mod),
		"$shl":  bin("<<", syntax.LTLT, shl),
		"$loop": starlark.True, // rewrite.go: the head of a while loop
	}
	// $iadd is x += y: a list grows in place (others see it), anything else is x + y.
	g["$iadd"] = starlark.NewBuiltin("+=", func(t *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		return augment(t, args[0], syntax.PLUS, args[1])
	})
	// $aug is a[i] op= y, evaluating a and i once.
	g["$aug"] = starlark.NewBuiltin("op=", func(t *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		a, i, y := args[0], args[1], args[3]
		op := map[string]syntax.Token{"+": syntax.PLUS, "*": syntax.STAR, "%": syntax.PERCENT, "<<": syntax.LTLT}[string(args[2].(starlark.String))]
		old, err := getIndex(a, i)
		if err != nil {
			return nil, err
		}
		z, err := augment(t, old, op, y)
		if err != nil {
			return nil, err
		}
		return starlark.None, setIndex(a, i, z)
	})
	g["$method"] = starlark.NewBuiltin("getattr", func(t *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		return guardedMethod(args[0], string(args[1].(starlark.String)))
	})
	return g
}

func augment(t *starlark.Thread, x starlark.Value, op syntax.Token, y starlark.Value) (starlark.Value, error) {
	m := meterOf(t)
	if l, ok := x.(*starlark.List); ok && op == syntax.PLUS {
		if err := m.charge(length(y), "extending a list"); err != nil {
			return nil, err
		}
		if _, ok := y.(starlark.Iterable); !ok {
			return nil, fmt.Errorf("unknown binary op: list += %s", y.Type())
		}
		extend, err := l.Attr("extend") // Starlark's own, in place (y may be l itself)
		if err != nil {
			return nil, err
		}
		if _, err := starlark.Call(t, extend, starlark.Tuple{y}, nil); err != nil {
			return nil, err
		}
		return l, nil
	}
	if m != nil {
		var err error
		switch op {
		case syntax.PLUS:
			if lx, ly := length(x), length(y); lx+ly > 0 {
				err = m.charge(lx+ly, "concatenating a "+x.Type())
			}
		case syntax.STAR:
			err = m.mul(x, y)
		case syntax.PERCENT:
			if f, ok := x.(starlark.String); ok {
				err = m.charge(int64(len(f))+int64(strings.Count(string(f), "%"))*render(y, m.call+1), "formatting a string")
			}
		case syntax.LTLT:
			if s, ok := y.(starlark.Int); ok && bitLen(x) > 0 {
				by, _ := s.Int64()
				if int64(bitLen(x))+by > int64(m.lim.IntBits) {
					err = fmt.Errorf("shift over the %d-bit integer limit", m.lim.IntBits)
				}
			}
		}
		if err != nil {
			return nil, err
		}
	}
	return starlark.Binary(op, x, y)
}

func iterate(v starlark.Value) (starlark.Iterator, error) {
	it, ok := v.(starlark.Iterable)
	if !ok {
		return nil, fmt.Errorf("%s is not iterable", v.Type())
	}
	return it.Iterate(), nil
}

func getIndex(a, i starlark.Value) (starlark.Value, error) {
	switch a := a.(type) {
	case starlark.Mapping:
		v, found, err := a.Get(i)
		if err != nil {
			return nil, err
		}
		if !found {
			return nil, fmt.Errorf("key %s not in %s", i, a.Type())
		}
		return v, nil
	case starlark.Indexable:
		n, err := starlark.AsInt32(i)
		if err != nil {
			return nil, fmt.Errorf("%s index: %v", a.Type(), err)
		}
		if n < 0 {
			n += a.Len()
		}
		if n < 0 || n >= a.Len() {
			return nil, fmt.Errorf("%s index %d out of range [0:%d]", a.Type(), n, a.Len())
		}
		return a.Index(n), nil
	}
	return nil, fmt.Errorf("unhandled index operation %s[%s]", a.Type(), i.Type())
}

func setIndex(a, i, v starlark.Value) error {
	switch a := a.(type) {
	case starlark.HasSetKey:
		return a.SetKey(i, v)
	case starlark.HasSetIndex:
		n, err := starlark.AsInt32(i)
		if err != nil {
			return err
		}
		if n < 0 {
			n += a.Len()
		}
		if n < 0 || n >= a.Len() {
			return fmt.Errorf("%s index %d out of range [0:%d]", a.Type(), n, a.Len())
		}
		return a.SetIndex(n, v)
	}
	return fmt.Errorf("%s value does not support item assignment", a.Type())
}

// guardedMethod is x.name for a method of a built-in type that guardedMethods lists: a builtin
// that charges its work before calling the method itself. Other values' attributes (a job's, the
// state's) are returned as they are.
func guardedMethod(x starlark.Value, name string) (starlark.Value, error) {
	attr, err := getattr(x, name)
	if err != nil {
		return nil, err
	}
	b, ok := attr.(*starlark.Builtin)
	if !ok || b.Receiver() == nil {
		return attr, nil
	}
	return starlark.NewBuiltin(name, func(t *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if m := meterOf(t); m != nil {
			if err := m.charge(methodCost(m, x, name, args, kwargs), "."+name+"()"); err != nil {
				return nil, err
			}
		}
		return starlark.Call(t, b, args, kwargs)
	}), nil
}

func getattr(x starlark.Value, name string) (starlark.Value, error) {
	h, ok := x.(starlark.HasAttrs)
	if !ok {
		return nil, fmt.Errorf("%s has no .%s field or method", x.Type(), name)
	}
	v, err := h.Attr(name)
	if err != nil {
		return nil, err
	}
	if v == nil {
		return nil, fmt.Errorf("%s has no .%s field or method", x.Type(), name)
	}
	return v, nil
}

// methodCost is the number of elements or bytes a guarded method may build or walk.
func methodCost(m *meter, x starlark.Value, name string, args starlark.Tuple, kwargs []starlark.Tuple) int64 {
	n := length(x)
	switch name {
	case "join":
		if len(args) == 1 {
			if it, err := iterate(args[0]); err == nil {
				var e starlark.Value
				var k int64
				for it.Next(&e) {
					k++
					n += length(e)
					if n > m.call {
						break
					}
				}
				it.Done()
				n += k * length(x)
			}
		}
	case "replace":
		if len(args) >= 2 {
			old, nw := length(args[0]), length(args[1])
			if nw > old {
				hits := n + 1
				if s, ok := x.(starlark.String); ok && old > 0 {
					hits = int64(strings.Count(string(s), string(args[0].(starlark.String))))
				}
				n += hits * (nw - old)
			}
		}
	case "format":
		var most int64
		for _, a := range args {
			most = max(most, render(a, m.call+1))
		}
		for _, kv := range kwargs {
			most = max(most, render(kv[1], m.call+1))
		}
		if s, ok := x.(starlark.String); ok {
			n += int64(strings.Count(string(s), "{")) * most
		}
	case "extend", "update":
		for _, a := range args {
			n += length(a)
		}
	}
	return n + 1
}
