package fusion

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// A target is one build configuration that may fuse, with the instructions that show it did.
type target struct {
	name  string
	env   []string
	fused *regexp.Regexp // a fused multiply-add opcode
	mul   *regexp.Regexp // a plain float multiply: the listing must hold some, or it is not code
}

var targets = []target{
	{"arm64", []string{"GOOS=linux", "GOARCH=arm64"},
		regexp.MustCompile(`^FN?M(ADD|SUB)[DS]$`), regexp.MustCompile(`^FMUL[DS]$`)},
	{"amd64-v3", []string{"GOOS=linux", "GOARCH=amd64", "GOAMD64=v3"},
		regexp.MustCompile(`^VFN?M(ADD|SUB)`), regexp.MustCompile(`^V?MULS[DS]$`)},
}

// A finding is one fused instruction in the listing.
type finding struct {
	pkg, fn, pos, op string // compiled package, enclosing function, source file:line, opcode
}

// listing is what scan found in one target's assembly.
type listing struct {
	fused []finding
	funcs int            // functions (TEXT symbols) seen
	muls  int            // plain float multiplies seen
	byPkg map[string]int // fused instructions per compiled package
}

// instr matches an instruction line of `-gcflags=-S` output:
// "\t0x0404 01028 (/path/core/sim/share.go:186)\tFMADDD\tF1, F0, F2, F0".
var instr = regexp.MustCompile(`^\s+0x[0-9a-f]+ \d+ \(([^)]*)\)\t([A-Z][A-Z0-9.]*)`)

// scan reads a listing; root is cut from source paths so they print relative to the module.
func scan(r io.Reader, tg target, root string) (listing, error) {
	l := listing{byPkg: map[string]int{}}
	var pkg, fn string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<22)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "# "):
			pkg = strings.TrimPrefix(line, "# ")
		case line != "" && line[0] != '\t' && line[0] != ' ':
			// "schedlab/core/sim.(*Sim).effectiveGPUs STEXT size=… args=…"
			if name, rest, ok := strings.Cut(line, " "); ok && strings.HasPrefix(rest, "STEXT") {
				fn = name
				l.funcs++
			}
		default:
			m := instr.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			switch op := m[2]; {
			case tg.fused.MatchString(op):
				pos := m[1]
				if rel, err := filepath.Rel(root, pos); err == nil && !strings.HasPrefix(rel, "..") {
					pos = filepath.ToSlash(rel)
				}
				l.fused = append(l.fused, finding{pkg, fn, pos, op})
				l.byPkg[pkg]++
			case tg.mul.MatchString(op):
				l.muls++
			}
		}
	}
	return l, sc.Err()
}

// moduleRoot is the directory holding go.mod.
func moduleRoot(t *testing.T) string {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("go env GOMOD: %v", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		t.Fatal("go env GOMOD: not inside the schedlab module")
	}
	return filepath.Dir(mod)
}

// TestNoFusedMultiplyAdd compiles core/ and policies/ for arm64 and for amd64 with GOAMD64=v3 and
// fails on every fused multiply-add instruction in their assembly.
func TestNoFusedMultiplyAdd(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("needs the go command")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("needs the go command:", err)
	}
	root := moduleRoot(t)
	readSources(t, root)
	for _, tg := range targets {
		t.Run(tg.name, func(t *testing.T) {
			cmd := exec.Command("go", "build", "-gcflags=schedlab/...=-S", "./core/...", "./policies/...")
			cmd.Dir = root
			cmd.Env = append(os.Environ(), append([]string{"CGO_ENABLED=0"}, tg.env...)...)
			var asm bytes.Buffer
			cmd.Stdout, cmd.Stderr = &asm, &asm
			if err := cmd.Run(); err != nil {
				t.Fatalf("%s go build: %v\n%s", strings.Join(tg.env, " "), err, tail(asm.String()))
			}
			l, err := scan(&asm, tg, root)
			if err != nil {
				t.Fatal(err)
			}
			// A listing without functions or float multiplies means -S printed nothing: the
			// check would pass without looking.
			if l.funcs < 100 || l.muls < 100 {
				t.Fatalf("the assembly listing holds %d functions and %d float multiplies; want a real listing of core/ and policies/", l.funcs, l.muls)
			}
			for _, f := range dedupe(l.fused) {
				t.Errorf("%s: %s: %s fuses a multiply into an add; write float64(x*y) + z", f.pos, f.fn, f.op)
			}
			if len(l.fused) > 0 {
				t.Logf("%s: %d fused instructions (per compiled package: %s)", tg.name, len(l.fused), perPkg(l.byPkg))
			} else {
				t.Logf("%s: no fused instructions in %d functions (%d float multiplies)", tg.name, l.funcs, l.muls)
			}
		})
	}
}

// readSources reads go.mod and every file under core/ and policies/. The test compiles them in a
// child process, which go test's result cache cannot see; the files this process reads are part of
// the cache key, so an edit there runs the test again instead of replaying an old "ok".
func readSources(t *testing.T, root string) {
	t.Helper()
	if _, err := os.ReadFile(filepath.Join(root, "go.mod")); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"core", "policies"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			_, err = os.ReadFile(p)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// dedupe keeps one finding per function and source line (a line often compiles to several).
func dedupe(fs []finding) []finding {
	seen := map[string]bool{}
	var out []finding
	for _, f := range fs {
		k := f.fn + " " + f.pos
		if !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	return out
}

func perPkg(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

func tail(s string) string {
	if len(s) > 4000 {
		return "…" + s[len(s)-4000:]
	}
	return s
}

// TestScan checks the reader of the listing on excerpts of real compiler output.
func TestScan(t *testing.T) {
	arm := "# schedlab/core/sim\n" +
		"schedlab/core/sim.(*Sim).effectiveGPUs STEXT size=160 args=0x8 locals=0x0 funcid=0x0 align=0x0 leaf\n" +
		"\t0x0000 00000 (/r/core/sim/share.go:182)\tTEXT\tschedlab/core/sim.(*Sim).effectiveGPUs(SB), LEAF|NOFRAME|ABIInternal, $0-8\n" +
		"\t0x0040 00064 (/r/core/sim/share.go:186)\tFMULD\tF1, F0, F2\n" +
		"\t0x0404 01028 (/r/core/sim/share.go:186)\tFMADDD\tF1, F0, F2, F0\n" +
		"\t0x0408 01032 (/r/core/sim/share.go:186)\tFNMSUBD\tF1, F0, F2, F0\n" +
		"\t0x0000 48 89 44 24 08                                  H.D$.\n"
	l, err := scan(strings.NewReader(arm), targets[0], "/r")
	if err != nil {
		t.Fatal(err)
	}
	want := []finding{
		{"schedlab/core/sim", "schedlab/core/sim.(*Sim).effectiveGPUs", "core/sim/share.go:186", "FMADDD"},
		{"schedlab/core/sim", "schedlab/core/sim.(*Sim).effectiveGPUs", "core/sim/share.go:186", "FNMSUBD"},
	}
	if !slices.Equal(l.fused, want) || l.funcs != 1 || l.muls != 1 {
		t.Errorf("arm64: got %+v, %d funcs, %d muls; want %+v, 1, 1", l.fused, l.funcs, l.muls, want)
	}
	amd := "# schedlab/core/learn\n" +
		"schedlab/core/learn.(*MF).raw STEXT nosplit size=300 args=0x20 locals=0x0 funcid=0x0 align=0x0\n" +
		"\t0x00a1 00161 (/r/core/learn/mf.go:96)\tVFMADD231SD\tX2, X1, X0\n" +
		"\t0x00b1 00177 (/r/core/learn/mf.go:97)\tVFNMSUB213SD\tX2, X1, X0\n" +
		"\t0x00c1 00193 (/r/core/learn/mf.go:98)\tMULSD\tX2, X1\n" +
		"\t0x00d1 00209 (/r/core/learn/mf.go:99)\tVFMADDSUB231PD\tX2, X1, X0\n"
	l, err = scan(strings.NewReader(amd), targets[1], "/r")
	if err != nil {
		t.Fatal(err)
	}
	var ops []string
	for _, f := range l.fused {
		ops = append(ops, f.pos+" "+f.op)
	}
	if got := strings.Join(ops, "; "); got != "core/learn/mf.go:96 VFMADD231SD; core/learn/mf.go:97 VFNMSUB213SD; core/learn/mf.go:99 VFMADDSUB231PD" ||
		l.muls != 1 || l.byPkg["schedlab/core/learn"] != 3 {
		t.Errorf("amd64-v3: got %q, %d muls, %v", got, l.muls, l.byPkg)
	}
}
