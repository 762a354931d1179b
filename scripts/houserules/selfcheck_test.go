package houserules

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// TestViolationsCatchesBreaches checks the checker itself on small sources.
func TestViolationsCatchesBreaches(t *testing.T) {
	tests := []struct {
		name, rel, src string
		isTest         bool
		want           []string // substrings, one per expected message, in order
	}{
		{"clean", "core/x.go", `package x
import ("math"; "math/rand/v2"; "time"; "schedlab/core")
var _ = core.Second
func f(r *rand.Rand) float64 { _ = rand.New(rand.NewPCG(1, 2)); _ = time.Duration(1); return math.Sqrt(r.Float64()) }`, false, nil},
		{"global rand", "policies/p/x.go", `package p
import "math/rand/v2"
func f() int { return rand.IntN(3) }`, false, []string{"rand.IntN uses the global random source"}},
		{"renamed rand v1", "core/x.go", `package x
import mr "math/rand"
func f() int { return mr.Int() }`, false, []string{"mr.Int uses the global"}},
		{"wall clock", "core/x.go", `package x
import "time"
func f() { _ = time.Now() }`, false, []string{"time.Now reads the wall clock"}},
		{"init", "core/x.go", `package x
func init() {}`, false, []string{"func init"}},
		{"exp", "core/x.go", `package x
import "math"
func f() float64 { return math.Exp(1) + math.Pow(2, 3) }`, false, []string{"math.Exp differs", "math.Pow differs"}},
		{"log", "policies/p/x.go", `package p
import "math"
func f(x float64) float64 { return math.Log(x) + math.Log2(x) + math.Log10(x) }`, false, []string{"math.Log differs", "math.Log2 differs", "math.Log10 differs"}},
		{"exp in detmath", "core/detmath/x.go", `package detmath
import "math"
func f() float64 { return math.Exp(1) }`, false, nil},
		{"syscall/js", "core/x.go", `package x
import "syscall/js"
var _ = js.Global`, false, []string{`import "syscall/js"`}},
		{"third party", "policies/x.go", `package x
import "github.com/foo/bar"
var _ = bar.X`, false, []string{`import "github.com/foo/bar"`}},
		{"gonum", "policies/x.go", `package x
import "gonum.org/v1/gonum/mat"
var _ = mat.NewDense`, false, nil},
		{"test may use clock", "core/x_test.go", `package x
import ("time"; "math/rand/v2")
func f() { _ = time.Now(); _ = rand.IntN(2) }`, true, nil},
		{"test may not use syscall/js", "core/x_test.go", `package x
import "syscall/js"
var _ = js.Global`, true, []string{"syscall/js"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, tc.rel, tc.src, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			got := violations(fset, f, tc.rel, tc.isTest)
			if len(got) != len(tc.want) {
				t.Fatalf("got %d messages %q, want %d", len(got), got, len(tc.want))
			}
			for i, w := range tc.want {
				if !strings.Contains(got[i], w) || !strings.HasPrefix(got[i], tc.rel+":") {
					t.Errorf("message %d: got %q, want it to start with %q and contain %q", i, got[i], tc.rel+":", w)
				}
			}
		})
	}
}

func TestBuildConstraint(t *testing.T) {
	tests := []struct {
		src, want string
	}{
		{"//go:build js && wasm\n\npackage main\n", "js && wasm"},
		{"// Copyright\n\n//go:build js && wasm\n\npackage main\n", "js && wasm"},
		{"package main\n\n//go:build js\n", ""},
		{"package main\n", ""},
	}
	for _, tc := range tests {
		expr, err := buildConstraint([]byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if expr != nil {
			got = expr.String()
		}
		if got != tc.want {
			t.Errorf("buildConstraint(%q): got %q, want %q", tc.src, got, tc.want)
		}
	}
}
