package houserules

import (
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"schedlab/core/shareddata"
)

// goFiles returns the .go files under root/sub (relative to root, slash-separated), skipping
// testdata and hidden or underscore directories as the go tool does. A missing sub gives none.
func goFiles(t *testing.T, root, sub string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(filepath.Join(root, sub), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) {
				return nil
			}
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != filepath.Join(root, sub) && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".go") && !strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "_") {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// buildConstraint returns the //go:build expression of a file, or nil when it has none.
func buildConstraint(src []byte) (constraint.Expr, error) {
	for line := range strings.SplitSeq(string(src), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "package ") {
			break
		}
		if constraint.IsGoBuild(line) {
			return constraint.Parse(line)
		}
	}
	return nil, nil
}

// platforms lists tag sets a wasm/ file must build for (true) or not (false).
var platforms = []struct {
	tags []string
	want bool
}{
	{[]string{"js", "wasm", "gc"}, true},
	{[]string{"linux", "amd64", "unix", "gc", "cgo", "race"}, false},
	{[]string{"darwin", "arm64", "unix", "gc", "cgo"}, false},
	{[]string{"windows", "amd64", "gc"}, false},
	{[]string{"wasip1", "wasm", "gc"}, false},
}

// plainPackages are the packages under wasm/ written in plain Go on purpose, untagged: the app's
// run record, its binary form and its URL codec, which are tested and fuzzed natively (go test
// -fuzz does not run in wasm), and the figure charts' options, which `make figures` builds
// natively from the same code as the page; the page's pure logic (wasm/pagelogic), and the
// scripting worker's policies (wasm/scripting), tested natively. They may not import syscall/js.
var plainPackages = map[string]bool{"wasm/runrecord": true, "wasm/figchart": true, "wasm/pagelogic": true, "wasm/scripting": true}

// checkPlain wants a file of a plain package without a build constraint or a syscall/js import.
func checkPlain(t *testing.T, rel string, src []byte) {
	t.Helper()
	if expr, err := buildConstraint(src); err != nil || expr != nil {
		t.Errorf("%s: a plain package's file has a //go:build line (%v); it must build natively", rel, err)
	}
	file, err := parser.ParseFile(token.NewFileSet(), rel, src, parser.ImportsOnly)
	if err != nil {
		t.Errorf("%s: %v", rel, err)
		return
	}
	for _, imp := range file.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "syscall/js" {
			t.Errorf("%s: a plain package imports syscall/js", rel)
		}
	}
}

func TestWasmFilesAreTagged(t *testing.T) {
	root := shareddata.Root(t)
	files := goFiles(t, root, "wasm")
	if len(files) == 0 {
		t.Log("wasm/ has no Go files yet; nothing to check")
	}
	for _, f := range files {
		src, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		if plainPackages[path.Dir(f)] {
			checkPlain(t, f, src)
			continue
		}
		expr, err := buildConstraint(src)
		if err != nil {
			t.Errorf("%s: //go:build: %v", f, err)
			continue
		}
		if expr == nil {
			t.Errorf("%s: got no //go:build line, want //go:build js && wasm", f)
			continue
		}
		for _, p := range platforms {
			got := expr.Eval(func(tag string) bool {
				for _, x := range p.tags {
					if x == tag {
						return true
					}
				}
				return false
			})
			if got != p.want {
				t.Errorf("%s: //go:build %s builds for %v: got %v, want %v (use //go:build js && wasm)", f, expr, p.tags, got, p.want)
			}
		}
	}
}

// allowedImport reports whether core/ and policies/ may import path.
func allowedImport(path string) bool {
	if path == "syscall/js" {
		return false
	}
	first, _, _ := strings.Cut(path, "/")
	switch {
	case first == "schedlab":
		return true
	case path == "gonum.org/v1/gonum" || strings.HasPrefix(path, "gonum.org/v1/gonum/"):
		return true
	case strings.HasPrefix(path, "go.starlark.net/"):
		return true // policies/script's interpreter: pure Go, deterministic, no clock or I/O of its own
	}
	return !strings.Contains(first, ".") // standard library paths have no dot in the first element
}

// randConstructors are the math/rand(/v2) names that do not touch the global source.
var randConstructors = map[string]bool{
	"New": true, "NewPCG": true, "NewChaCha8": true, "NewZipf": true, "NewSource": true,
	"Rand": true, "PCG": true, "ChaCha8": true, "Source": true, "Zipf": true,
}

// wallClock are the package time functions that read or wait on the real clock.
var wallClock = map[string]bool{
	"Now": true, "Since": true, "Until": true, "Sleep": true, "Tick": true, "After": true,
	"AfterFunc": true, "NewTimer": true, "NewTicker": true,
}

// unstableMath are the math functions whose low bits differ between platforms: Exp, Pow and Exp2
// are assembly on amd64 and pure Go in wasm; the logarithms are pure Go on arm64, where the
// compiler fuses their polynomials into multiply-adds.
var unstableMath = map[string]bool{"Exp": true, "Pow": true, "Exp2": true, "Log": true, "Log2": true, "Log10": true}

func TestCoreAndPoliciesRules(t *testing.T) {
	root := shareddata.Root(t)
	fset := token.NewFileSet()
	for _, sub := range []string{"core", "policies"} {
		for _, f := range goFiles(t, root, sub) {
			file, err := parser.ParseFile(fset, filepath.Join(root, f), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Errorf("%s: %v", f, err)
				continue
			}
			isTest := strings.HasSuffix(f, "_test.go")
			for _, msg := range violations(fset, file, f, isTest) {
				t.Error(msg)
			}
		}
	}
}

// violations returns one message per broken rule in file (named rel, relative to the root).
func violations(fset *token.FileSet, file *ast.File, rel string, isTest bool) []string {
	var out []string
	report := func(pos token.Pos, format string, args ...any) {
		line := fset.Position(pos).Line
		out = append(out, fmt.Sprintf("%s:%d: ", rel, line)+fmt.Sprintf(format, args...))
	}
	names := map[string]string{} // local name -> import path, for the packages we police
	for _, imp := range file.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if !allowedImport(path) {
			report(imp.Pos(), "import %q: core/ and policies/ import only the standard library, gonum, go.starlark.net and schedlab", path)
		}
		local := path[strings.LastIndex(path, "/")+1:]
		if path == "math/rand/v2" {
			local = "rand"
		}
		if imp.Name != nil {
			local = imp.Name.Name
		}
		switch path {
		case "math/rand", "math/rand/v2", "time", "math":
			names[local] = path
		}
	}
	if isTest {
		return out // tests may time themselves and use any rand; the import rule still applies
	}
	detmath := strings.HasPrefix(rel, "core/detmath/")
	for _, decl := range file.Decls {
		if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.Name == "init" {
			report(fn.Pos(), "func init: no init-time registration or state; build registries explicitly")
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		switch names[id.Name] {
		case "math/rand", "math/rand/v2":
			if !randConstructors[sel.Sel.Name] {
				report(sel.Pos(), "%s.%s uses the global random source; use v.Rand() or a rand.New(rand.NewPCG(...)) you own", id.Name, sel.Sel.Name)
			}
		case "time":
			if wallClock[sel.Sel.Name] {
				report(sel.Pos(), "time.%s reads the wall clock; simulated time is core.Time", sel.Sel.Name)
			}
		case "math":
			if unstableMath[sel.Sel.Name] && !detmath {
				report(sel.Pos(), "math.%s differs between platforms; use core/detmath", sel.Sel.Name)
			}
		}
		return true
	})
	return out
}
