package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

func main() {
	var cfg Config
	var native, wasm, execWasm, v3, arm64, qemu string
	flag.StringVar(&cfg.ArgsFile, "args", "testdata/golden/args.txt", "argument lists, one per line")
	flag.StringVar(&cfg.Dir, "dir", "testdata/golden", "directory of N.jsonl golden files")
	flag.StringVar(&native, "native", "build/simulate", "native runner binary (the reference)")
	flag.StringVar(&wasm, "wasm", "build/simulate.wasm", "wasm runner binary")
	flag.StringVar(&execWasm, "exec", "go_js_wasm_exec", "program that runs a wasm binary under Node")
	flag.StringVar(&v3, "amd64-v3", "", "runner built with GOAMD64=v3 (optional)")
	flag.StringVar(&arm64, "arm64", "", "runner built for linux/arm64, run under -qemu (optional)")
	flag.StringVar(&qemu, "qemu", "qemu-aarch64-static", "user-mode emulator for the arm64 runner")
	flag.BoolVar(&cfg.Figures, "figures", false, "also run every catalogue figure at seed 1 on each target and compare the CSVs")
	flag.BoolVar(&cfg.Update, "update", false, "rewrite the golden files from the native output")
	flag.DurationVar(&cfg.Timeout, "timeout", 30*time.Minute, "limit per runner invocation (the emulated arm64 catalogue takes minutes, more on a busy machine)")
	flag.Parse()

	cfg.Targets = []Target{{Name: "native", Bin: native}, {Name: "wasm", Bin: wasm, Via: []string{execWasm}}}
	if v3 != "" {
		// The runtime refuses to start a v3 binary on a CPU without AVX2 and FMA.
		if _, err := runOne(time.Minute, v3, "-list"); err == nil {
			cfg.Targets = append(cfg.Targets, Target{Name: "amd64-v3", Bin: v3})
		} else {
			skip("amd64-v3", fmt.Sprintf("%s does not run on this CPU: %v", v3, err))
		}
	}
	if arm64 != "" {
		if path, err := exec.LookPath(qemu); err == nil {
			cfg.Targets = append(cfg.Targets, Target{Name: "arm64", Bin: arm64, Via: []string{path}})
		} else {
			skip("arm64", qemu+" not found (scripts/deps.sh installs Debian's qemu-user-static)")
		}
	}
	failed, err := Run(cfg, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "golden:", err)
		os.Exit(2)
	}
	if failed > 0 {
		fmt.Fprintf(os.Stderr, "golden: %d check(s) failed\n", failed)
		os.Exit(1)
	}
}

// skip leaves a target out with a message, or under CI=true stops: there the check must cover it.
func skip(target, why string) {
	if os.Getenv("CI") == "true" {
		fmt.Fprintf(os.Stderr, "golden: cannot run the %s target under CI=true: %s\n", target, why)
		os.Exit(2)
	}
	fmt.Printf("golden: SKIPPING the %s target: %s (under CI=true this fails)\n", target, why)
}

// A Target is one build of the runner: Bin, run directly or through Via (Node's wasm launcher, a
// user-mode emulator), with the runner's arguments after it.
type Target struct {
	Name string
	Bin  string
	Via  []string
}

// command is the program and leading arguments that run the target with args.
func (t Target) command(args []string) (string, []string) {
	all := append(append(append([]string(nil), t.Via...), t.Bin), args...)
	return all[0], all[1:]
}

// Config says where the cases and golden files are and which targets to compare.
type Config struct {
	ArgsFile, Dir string
	Targets       []Target // Targets[0] is the reference: compared with DIR/N.jsonl, written by Update
	Figures       bool     // also compare every catalogue figure's CSV at seed 1 across the targets
	Update        bool
	Timeout       time.Duration
}

// Run checks (or with Update rewrites) every case, then with Figures the catalogue, and returns
// how many checks failed. Setup problems (unreadable args file, missing binaries) are errors.
func Run(cfg Config, out io.Writer) (failed int, err error) {
	cases, err := ReadCases(cfg.ArgsFile)
	if err != nil {
		return 0, err
	}
	if len(cases) == 0 && !cfg.Figures {
		fmt.Fprintf(out, "golden: no cases in %s yet; nothing to check\n", cfg.ArgsFile)
		return 0, nil
	}
	if len(cfg.Targets) < 2 {
		return 0, fmt.Errorf("need a reference target and at least one other, got %d", len(cfg.Targets))
	}
	names := make([]string, len(cfg.Targets))
	for i, t := range cfg.Targets {
		if _, err := os.Stat(t.Bin); err != nil {
			return 0, fmt.Errorf("%s: %w (run make build first)", t.Bin, err)
		}
		names[i] = t.Name
	}
	fmt.Fprintf(out, "golden: targets %s; %s is the reference\n", strings.Join(names, ", "), names[0])
	ref := cfg.Targets[0]
	for _, c := range cases {
		start := time.Now()
		outs, _, err := runAll(cfg, func(Target) []string { return c.Args })
		label := fmt.Sprintf("case %d (%s:%d: %s)", c.N, cfg.ArgsFile, c.Line, strings.Join(c.Args, " "))
		if err != nil {
			fmt.Fprintf(out, "FAIL %s\n  %v\n", label, err)
			failed++
			continue
		}
		golden := filepath.Join(cfg.Dir, strconv.Itoa(c.N)+".jsonl")
		var problems []string
		if cfg.Update {
			if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
				return failed, err
			}
			if err := os.WriteFile(golden, outs[0], 0o644); err != nil {
				return failed, err
			}
		} else if want, err := os.ReadFile(golden); err != nil {
			problems = append(problems, fmt.Sprintf("%v (make golden-update writes it)", err))
		} else if n, msg := FirstDiff(ref.Name, outs[0], golden, want); n > 0 {
			problems = append(problems, ref.Name+" output differs from "+golden+": "+msg)
		}
		for i, t := range cfg.Targets[1:] {
			if n, msg := FirstDiff(ref.Name, outs[0], t.Name, outs[i+1]); n > 0 {
				problems = append(problems, ref.Name+" and "+t.Name+" outputs differ: "+msg)
			}
		}
		if len(problems) > 0 {
			failed++
			fmt.Fprintf(out, "FAIL %s\n  %s\n", label, strings.Join(problems, "\n  "))
			continue
		}
		verb := "ok  "
		if cfg.Update {
			verb = "wrote " + golden + ":"
		}
		fmt.Fprintf(out, "%s %s %d lines, %.1fs\n", verb, label, bytes.Count(outs[0], []byte("\n")), time.Since(start).Seconds())
	}
	if cfg.Update {
		if err := removeStale(cfg.Dir, len(cases)); err != nil {
			return failed, err
		}
	}
	if cfg.Figures {
		n, err := checkFigures(cfg, out)
		failed += n
		if err != nil {
			return failed, err
		}
	}
	return failed, nil
}

// figureArgs runs the whole catalogue at one seed with the runner's default workers (one per
// core; the four targets share the cores, and the emulated arm64 one takes longest), writing one
// ID.csv per figure into the directory that follows.
var figureArgs = []string{"-figure", "all", "-seeds", "1", "-figure-out"}

// checkFigures runs every catalogue figure at seed 1 on every target at once and compares each
// target's CSVs and printed tables with the reference's, byte for byte. Figure CSVs are not kept in
// testdata: the catalogue's contents change with the figures, and what must hold is that every
// target gives the same bytes.
func checkFigures(cfg Config, out io.Writer) (failed int, err error) {
	tmp, err := os.MkdirTemp("", "golden-figures-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	dir := func(t Target) string { return filepath.Join(tmp, t.Name) + string(filepath.Separator) }
	for _, t := range cfg.Targets {
		if err := os.Mkdir(dir(t), 0o755); err != nil {
			return 0, err
		}
	}
	start := time.Now()
	outs, took, err := runAll(cfg, func(t Target) []string { return append(append([]string(nil), figureArgs...), dir(t)) })
	label := "figures (" + strings.Join(figureArgs[:len(figureArgs)-1], " ") + ")"
	if err != nil {
		fmt.Fprintf(out, "FAIL %s\n  %v\n", label, err)
		return 1, nil
	}
	ref := cfg.Targets[0]
	want, err := filepath.Glob(dir(ref) + "*.csv")
	if err != nil {
		return 0, err
	}
	if len(want) == 0 {
		fmt.Fprintf(out, "FAIL %s\n  %s wrote no CSV\n", label, ref.Name)
		return 1, nil
	}
	var problems []string
	for i, t := range cfg.Targets[1:] {
		if n, msg := FirstDiff(ref.Name, outs[0], t.Name, outs[i+1]); n > 0 {
			problems = append(problems, "tables of "+ref.Name+" and "+t.Name+" differ: "+msg)
		}
		got, err := filepath.Glob(dir(t) + "*.csv")
		if err != nil {
			return 0, err
		}
		if len(got) != len(want) {
			problems = append(problems, fmt.Sprintf("%s wrote %d CSVs, %s %d", ref.Name, len(want), t.Name, len(got)))
		}
		for _, w := range want {
			base := filepath.Base(w)
			a, err := os.ReadFile(w)
			if err != nil {
				return 0, err
			}
			b, err := os.ReadFile(dir(t) + base)
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", t.Name, err))
				continue
			}
			if n, msg := FirstDiff(ref.Name+" "+base, a, t.Name+" "+base, b); n > 0 {
				problems = append(problems, msg)
			}
		}
	}
	if len(problems) > 0 {
		fmt.Fprintf(out, "FAIL %s\n  %s\n", label, strings.Join(problems, "\n  "))
		return 1, nil
	}
	times := make([]string, len(cfg.Targets))
	for i, t := range cfg.Targets {
		times[i] = fmt.Sprintf("%s %.0fs", t.Name, took[i].Seconds())
	}
	fmt.Fprintf(out, "ok   %s %d CSVs identical on %d targets, %.1fs (%s)\n", label, len(want), len(cfg.Targets),
		time.Since(start).Seconds(), strings.Join(times, ", "))
	return 0, nil
}

// runAll runs every target concurrently, each with the arguments args gives it, and returns their
// outputs and run times in target order.
func runAll(cfg Config, args func(Target) []string) ([][]byte, []time.Duration, error) {
	outs := make([][]byte, len(cfg.Targets))
	took := make([]time.Duration, len(cfg.Targets))
	errs := make([]error, len(cfg.Targets))
	var wg sync.WaitGroup
	for i, t := range cfg.Targets {
		wg.Go(func() {
			start := time.Now()
			name, argv := t.command(args(t))
			if outs[i], errs[i] = runOne(cfg.Timeout, name, argv...); errs[i] != nil {
				errs[i] = fmt.Errorf("%s: %w", t.Name, errs[i])
			}
			took[i] = time.Since(start)
		})
	}
	wg.Wait()
	return outs, took, errors.Join(errs...)
}

// runOne runs a program and returns its stdout; a non-zero exit is an error quoting stderr.
func runOne(timeout time.Duration, name string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 2000 {
			msg = msg[len(msg)-2000:]
		}
		if msg == "" {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		return nil, fmt.Errorf("%s: %v\n%s", name, err, msg)
	}
	return stdout.Bytes(), nil
}

// removeStale deletes DIR/N.jsonl for N > count.
func removeStale(dir string, count int) error {
	matches, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil {
		return err
	}
	for _, m := range matches {
		n, err := strconv.Atoi(strings.TrimSuffix(filepath.Base(m), ".jsonl"))
		if err == nil && n > count {
			if err := os.Remove(m); err != nil {
				return err
			}
		}
	}
	return nil
}
