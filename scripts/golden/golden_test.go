package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestSplitArgs(t *testing.T) {
	tests := []struct {
		in      string
		want    []string
		wantErr bool
	}{
		{"", nil, false},
		{"-policy fifo  -cluster 4x8", []string{"-policy", "fifo", "-cluster", "4x8"}, false},
		{"-title 'two words' -x \"a b\"", []string{"-title", "two words", "-x", "a b"}, false},
		{"-empty ''", []string{"-empty", ""}, false},
		{"a'b c'd", []string{"ab cd"}, false},
		{"\t-a\t-b ", []string{"-a", "-b"}, false},
		{"-x 'open", nil, true},
	}
	for _, tc := range tests {
		got, err := SplitArgs(tc.in)
		if (err != nil) != tc.wantErr {
			t.Errorf("SplitArgs(%q): got error %v, want error %v", tc.in, err, tc.wantErr)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("SplitArgs(%q): got %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParseCases(t *testing.T) {
	src := "# golden cases\n\n-a 1\n  # indented comment\n-b 'x y'\n"
	got, err := ParseCases("args.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []Case{{N: 1, Line: 3, Args: []string{"-a", "1"}}, {N: 2, Line: 5, Args: []string{"-b", "x y"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseCases: got %+v, want %+v", got, want)
	}
	_, err = ParseCases("args.txt", []byte("-a\n-b 'x\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "args.txt:2: ") {
		t.Errorf("ParseCases unterminated quote: got %v, want an args.txt:2: error", err)
	}
}

func TestFirstDiff(t *testing.T) {
	tests := []struct {
		got, want string
		line      int
		mention   string
	}{
		{"a\nb\n", "a\nb\n", 0, ""},
		{"a\nb\n", "a\nc\n", 2, `"b\n"`},
		{"a\n", "a\nb\n", 2, "(end of output)"},
		{"a\nb\n", "a\nb", 2, `"b"`},
		{"", "x\n", 1, "(end of output)"},
	}
	for _, tc := range tests {
		line, msg := FirstDiff("got", []byte(tc.got), "want", []byte(tc.want))
		if line != tc.line || !strings.Contains(msg, tc.mention) {
			t.Errorf("FirstDiff(%q, %q): got line %d %q, want line %d mentioning %q", tc.got, tc.want, line, msg, tc.line, tc.mention)
		}
	}
}

// TestRun drives the whole check with shell scripts standing in for the runners: the "native"
// one echoes its arguments; the "exec" one (Node's launcher) drops the wasm path and echoes the
// rest, but says "drift" when asked for case "b"; the "emu" one (an emulator) drops the binary and
// echoes the rest.
func TestRun(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "js" {
		t.Skip("needs /bin/sh to fake the runners")
	}
	dir := t.TempDir()
	write := func(name, body string, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	native := write("native", "#!/bin/sh\necho \"$@\"\necho end\n", 0o755)
	cfg := Config{
		ArgsFile: write("args.txt", "# two cases\na 1\nb 2\n", 0o644),
		Dir:      filepath.Join(dir, "golden"),
		Targets: []Target{
			{Name: "native", Bin: native},
			{Name: "wasm", Bin: write("sim.wasm", "", 0o644),
				Via: []string{write("exec", "#!/bin/sh\nshift\nif [ \"$1\" = b ]; then echo drift; else echo \"$@\"; fi\necho end\n", 0o755)}},
			{Name: "emu", Bin: native, Via: []string{write("emu", "#!/bin/sh\nshift\necho \"$@\"\necho end\n", 0o755)}},
		},
		Timeout: time.Minute,
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write("golden/7.jsonl", "stale\n", 0o644)

	var out bytes.Buffer
	cfg.Update = true
	failed, err := Run(cfg, &out)
	if err != nil {
		t.Fatal(err)
	}
	if failed != 1 || !strings.Contains(out.String(), "native and wasm outputs differ: first difference at line 1") {
		t.Errorf("update: got %d failures, output\n%s\nwant 1 failure (case b, native vs wasm at line 1)", failed, out.String())
	}
	if b, _ := os.ReadFile(filepath.Join(cfg.Dir, "1.jsonl")); string(b) != "a 1\nend\n" {
		t.Errorf("1.jsonl: got %q, want %q", b, "a 1\nend\n")
	}
	if _, err := os.Stat(filepath.Join(cfg.Dir, "7.jsonl")); !os.IsNotExist(err) {
		t.Errorf("7.jsonl: got %v, want it removed as stale", err)
	}

	// Check mode: case 1 passes; case 2's golden file is edited, so native differs at line 2.
	write("golden/2.jsonl", "b 2\nchanged\n", 0o644)
	out.Reset()
	cfg.Update = false
	failed, err = Run(cfg, &out)
	if err != nil {
		t.Fatal(err)
	}
	if failed != 1 || !strings.Contains(out.String(), "ok   case 1") ||
		!strings.Contains(out.String(), "2.jsonl: first difference at line 2") ||
		strings.Contains(out.String(), "native and emu outputs differ") {
		t.Errorf("check: got %d failures, output\n%s\nwant case 1 ok and case 2 failing at line 2 (and emu agreeing)", failed, out.String())
	}

	// An emulator that changes one case's output fails that case, naming the target.
	cfg.Targets[1].Via = cfg.Targets[2].Via // wasm now agrees
	cfg.Targets[2].Via = []string{write("emu2", "#!/bin/sh\nshift\necho \"$@\"\necho END\n", 0o755)}
	write("golden/2.jsonl", "b 2\nend\n", 0o644)
	out.Reset()
	if failed, err = Run(cfg, &out); err != nil || failed != 2 || !strings.Contains(out.String(), "native and emu outputs differ: first difference at line 2") {
		t.Errorf("emulator drift: got %d, %v, output\n%s\nwant 2 failures naming emu at line 2", failed, err, out.String())
	}

	// A missing args file is not an error: the lead fills it later.
	cfg.ArgsFile = filepath.Join(dir, "none.txt")
	out.Reset()
	if failed, err = Run(cfg, &out); err != nil || failed != 0 || !strings.Contains(out.String(), "no cases") {
		t.Errorf("missing args file: got %d, %v, %q; want 0, nil, a 'no cases' note", failed, err, out.String())
	}
}

// TestFigures fakes runners that write two CSVs into the directory after -figure-out; one target
// writes another last line into b.csv, and the check must name that file and line.
func TestFigures(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "js" {
		t.Skip("needs /bin/sh to fake the runners")
	}
	dir := t.TempDir()
	runner := func(name, last string) string {
		p := filepath.Join(dir, name)
		body := "#!/bin/sh\n" +
			"case \"$*\" in *'-figure all -seeds 1 -figure-out '*) ;; *) echo \"bad arguments: $*\" >&2; exit 2;; esac\n" +
			"for last; do :; done\n" +
			"printf 'x\\n1\\n' >\"${last}a.csv\"\nprintf 'x\\n%s\\n' " + last + " >\"${last}b.csv\"\necho table\n"
		if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cfg := Config{
		ArgsFile: filepath.Join(dir, "none.txt"),
		Targets:  []Target{{Name: "native", Bin: runner("r1", "2")}, {Name: "other", Bin: runner("r2", "2")}},
		Figures:  true,
		Timeout:  time.Minute,
	}
	var out bytes.Buffer
	if failed, err := Run(cfg, &out); err != nil || failed != 0 || !strings.Contains(out.String(), "2 CSVs identical on 2 targets") {
		t.Errorf("agreeing targets: got %d, %v, output\n%s", failed, err, out.String())
	}
	cfg.Targets = append(cfg.Targets, Target{Name: "drift", Bin: runner("r3", "3")})
	out.Reset()
	if failed, err := Run(cfg, &out); err != nil || failed != 1 || !strings.Contains(out.String(), "first difference at line 2") ||
		!strings.Contains(out.String(), "drift b.csv") || strings.Contains(out.String(), "a.csv") {
		t.Errorf("drifting target: got %d, %v, output\n%s\nwant one failure naming drift's b.csv at line 2", failed, err, out.String())
	}
}

func TestFirstDiffLongLine(t *testing.T) {
	prefix := strings.Repeat("x", 1000)
	_, msg := FirstDiff("got", []byte(prefix+"AAA"+prefix+"\n"), "want", []byte(prefix+"BBB"+prefix+"\n"))
	if !strings.Contains(msg, "column 1001") || !strings.Contains(msg, "AAA") || !strings.Contains(msg, "BBB") || len(msg) > 800 {
		t.Errorf("FirstDiff long line: got %q, want column 1001 and a short window showing AAA and BBB", msg)
	}
}
