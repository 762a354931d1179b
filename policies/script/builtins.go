package script

import (
	"fmt"
	"math"

	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"

	"schedlab/core/detmath"
)

// maxRange is the longest range() a script may make: a range is lazy, but list(range(n)), or a
// builtin looping over one, is a single step however long it is.
const maxRange = 1 << 22

// predeclared are the names every script sees besides Starlark's own: the guards, the charged
// versions of the builtins that build or walk a whole collection in one step, and math.
func predeclared() starlark.StringDict {
	d := guards()
	for _, name := range []string{"list", "tuple", "sorted", "set", "dict", "enumerate", "zip",
		"reversed", "min", "max", "any", "all"} {
		d[name] = charged(name, func(args starlark.Tuple) (n int64) {
			for _, a := range args {
				n += length(a)
			}
			return n + 1
		})
	}
	for _, name := range []string{"str", "repr", "print"} {
		d[name] = rendered(name)
	}
	d["range"] = starlark.NewBuiltin("range", func(t *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		r, err := starlark.Call(t, starlark.Universe["range"], args, kwargs)
		if err != nil {
			return nil, err
		}
		if n := starlark.Len(r); n > maxRange {
			return nil, fmt.Errorf("range of %d numbers: at most %d", n, maxRange)
		}
		return r, nil
	})
	d["getattr"] = starlark.NewBuiltin("getattr", func(t *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		v, err := starlark.Call(t, starlark.Universe["getattr"], args, kwargs)
		if err != nil || len(args) < 2 {
			return v, err
		}
		if name, ok := args[1].(starlark.String); ok && guardedMethods[string(name)] {
			if _, isBuiltin := v.(*starlark.Builtin); isBuiltin {
				return guardedMethod(args[0], string(name))
			}
		}
		return v, nil
	})
	d["math"] = mathModule
	return d
}

// charged wraps the Universe builtin name so that it first charges cost(args) units.
func charged(name string, cost func(starlark.Tuple) int64) *starlark.Builtin {
	orig := starlark.Universe[name]
	return starlark.NewBuiltin(name, func(t *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if err := meterOf(t).charge(cost(args), name+"()"); err != nil {
			return nil, err
		}
		return starlark.Call(t, orig, args, kwargs)
	})
}

// rendered wraps str or repr so that it first charges the length of the text it would make.
func rendered(name string) *starlark.Builtin {
	orig := starlark.Universe[name]
	return starlark.NewBuiltin(name, func(t *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if m := meterOf(t); m != nil {
			if err := m.renderCharge(name+"()", args...); err != nil {
				return nil, err
			}
		}
		return starlark.Call(t, orig, args, kwargs)
	})
}

// mathModule holds the floating-point functions a script may use, each giving the same bits on
// every platform: core/detmath's exp, log and pow10 (Go's math.Exp differs between amd64 and wasm in
// the last bit), and the operations IEEE 754 rounds exactly. Starlark's own math module is not
// offered for that reason.
var mathModule = &starlarkstruct.Module{Name: "math", Members: starlark.StringDict{
	"exp":   float1("exp", detmath.Exp),
	"log":   float1("log", detmath.Log),
	"pow10": float1("pow10", detmath.Pow10),
	"sqrt":  float1("sqrt", math.Sqrt),
	"floor": float1("floor", math.Floor),
	"ceil":  float1("ceil", math.Ceil),
	"inf":   starlark.Float(math.Inf(1)),
}}

func float1(name string, f func(float64) float64) *starlark.Builtin {
	return starlark.NewBuiltin(name, func(t *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		var x starlark.Value
		if err := starlark.UnpackPositionalArgs(name, args, kwargs, 1, &x); err != nil {
			return nil, err
		}
		v, ok := starlark.AsFloat(x)
		if !ok {
			return nil, fmt.Errorf("%s: want a number, got %s", name, x.Type())
		}
		return starlark.Float(f(v)), nil
	})
}
