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
	flag.StringVar(&cfg.ArgsFile, "args", "testdata/golden/args.txt", "argument lists, one per line")
	flag.StringVar(&cfg.Dir, "dir", "testdata/golden", "directory of N.jsonl golden files")
	flag.StringVar(&cfg.Native, "native", "build/simulate", "native runner binary")
	flag.StringVar(&cfg.Wasm, "wasm", "build/simulate.wasm", "wasm runner binary")
	flag.StringVar(&cfg.Exec, "exec", "go_js_wasm_exec", "program that runs a wasm binary under Node")
	flag.BoolVar(&cfg.Update, "update", false, "rewrite the golden files from the native output")
	flag.DurationVar(&cfg.Timeout, "timeout", 10*time.Minute, "limit per runner invocation")
	flag.Parse()
	failed, err := Run(cfg, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "golden:", err)
		os.Exit(2)
	}
	if failed > 0 {
		fmt.Fprintf(os.Stderr, "golden: %d case(s) failed\n", failed)
		os.Exit(1)
	}
}

// Config says where the cases, golden files and runners are.
type Config struct {
	ArgsFile, Dir      string
	Native, Wasm, Exec string
	Update             bool
	Timeout            time.Duration
}

// Run checks (or with Update rewrites) every case and returns how many failed. Setup problems
// (unreadable args file, missing binaries) are errors.
func Run(cfg Config, out io.Writer) (failed int, err error) {
	cases, err := ReadCases(cfg.ArgsFile)
	if err != nil {
		return 0, err
	}
	if len(cases) == 0 {
		fmt.Fprintf(out, "golden: no cases in %s yet; nothing to check\n", cfg.ArgsFile)
		return 0, nil
	}
	for _, bin := range []string{cfg.Native, cfg.Wasm} {
		if _, err := os.Stat(bin); err != nil {
			return 0, fmt.Errorf("%s: %w (run make build first)", bin, err)
		}
	}
	for _, c := range cases {
		start := time.Now()
		native, wasm, err := runBoth(cfg, c.Args)
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
			if err := os.WriteFile(golden, native, 0o644); err != nil {
				return failed, err
			}
		} else if want, err := os.ReadFile(golden); err != nil {
			problems = append(problems, fmt.Sprintf("%v (make golden-update writes it)", err))
		} else if n, msg := FirstDiff("native", native, golden, want); n > 0 {
			problems = append(problems, "native output differs from "+golden+": "+msg)
		}
		if n, msg := FirstDiff("native", native, "wasm", wasm); n > 0 {
			problems = append(problems, "native and wasm outputs differ: "+msg)
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
		fmt.Fprintf(out, "%s %s %d lines, %.1fs\n", verb, label, bytes.Count(native, []byte("\n")), time.Since(start).Seconds())
	}
	if cfg.Update {
		if err := removeStale(cfg.Dir, len(cases)); err != nil {
			return failed, err
		}
	}
	return failed, nil
}

// runBoth runs the native and the wasm runner with the same arguments, concurrently.
func runBoth(cfg Config, args []string) (native, wasm []byte, err error) {
	var wg sync.WaitGroup
	var nerr, werr error
	wg.Go(func() { native, nerr = runOne(cfg.Timeout, cfg.Native, args...) })
	wg.Go(func() { wasm, werr = runOne(cfg.Timeout, cfg.Exec, append([]string{cfg.Wasm}, args...)...) })
	wg.Wait()
	if nerr != nil {
		nerr = fmt.Errorf("native: %w", nerr)
	}
	if werr != nil {
		werr = fmt.Errorf("wasm: %w", werr)
	}
	return native, wasm, errors.Join(nerr, werr)
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
