package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"schedlab/policies/baselines"
)

// env is what every run shares: the checkout's simulator/, the work directory and the stand-ins.
type env struct {
	python, sim, work, shims string
}

// checkPython fails when python is not a Python 2.7 (the simulator uses sys.maxint and Python 2's
// integer division).
func checkPython(python string) error {
	out, err := exec.Command(python, "-c", "import sys; assert sys.version_info[:2] == (2, 7), sys.version").CombinedOutput()
	if err != nil {
		msg := err.Error()
		if o := strings.TrimSpace(string(out)); o != "" {
			msg = o
		}
		return fmt.Errorf("-python %s: a Python 2.7 is needed (the authors' simulator is Python 2; e.g. pyenv install 2.7.18): %s", python, msg)
	}
	return nil
}

// standinNumpy is the numpy module jobs.py imports: its only use at the commit sits in a string,
// so no run calls it; the stand-in's mean is numpy.mean for a list of numbers.
const standinNumpy = "def mean(xs):\n    return float(sum(xs)) / len(xs)\n"

func prepare(python, sim, work string) (env, error) {
	abs, err := filepath.Abs(work)
	if err != nil {
		return env{}, err
	}
	e := env{python: python, sim: sim, work: abs, shims: filepath.Join(abs, "shims")}
	if err := os.MkdirAll(e.shims, 0o755); err != nil {
		return env{}, err
	}
	return e, os.WriteFile(filepath.Join(e.shims, "numpy.py"), []byte(standinNumpy), 0o644)
}

// variant is the copy of simulator/ a run needs: its thresholds (dlas-gpu only) and fixes.
func variant(r baselines.TiresiasRun) string {
	if r.Schedule != "dlas-gpu" {
		return "plain"
	}
	v := fmt.Sprintf("dlas-%d-%d", r.Thresholds[0], r.Thresholds[1])
	if r.Fixed {
		v += "-fixed"
	}
	return v
}

// makeCopy writes the variant's copy of simulator/ under e.work (afresh each time).
func makeCopy(e env, r baselines.TiresiasRun) (string, error) {
	dir := filepath.Join(e.work, variant(r))
	if err := os.RemoveAll(dir); err != nil {
		return "", err
	}
	if out, err := exec.Command("cp", "-R", e.sim, dir).CombinedOutput(); err != nil {
		return "", fmt.Errorf("copying %s: %v: %s", e.sim, err, out)
	}
	if r.Schedule == "dlas-gpu" {
		if err := edit(filepath.Join(dir, "jobs.py"), setThresholds(r.Thresholds)); err != nil {
			return "", err
		}
		if r.Fixed {
			if err := edit(filepath.Join(dir, "run_sim.py"), applyFixes); err != nil {
				return "", err
			}
		}
	}
	return dir, nil
}

// queueLimit is jobs.py's line at the commit that sets the thresholds of dlas-gpu.
const queueLimit = "self.queue_limit = [3250, 7200, 18000]"

func setThresholds(th [2]int) func(string) (string, error) {
	return func(src string) (string, error) {
		if strings.Count(src, queueLimit) != 1 {
			return "", fmt.Errorf("want exactly one %q", queueLimit)
		}
		return strings.Replace(src, queueLimit, fmt.Sprintf("self.queue_limit = [%d, %d, 18000]", th[0], th[1]), 1), nil
	}
}

// applyFixes replaces the lines of baselines.TiresiasFixes, each checked to read as at the commit.
func applyFixes(src string) (string, error) {
	lines := strings.Split(src, "\n")
	for _, f := range baselines.TiresiasFixes {
		i := f.Line - 1
		if i >= len(lines) || strings.TrimSpace(lines[i]) != f.Old {
			return "", fmt.Errorf("line %d is not %q", f.Line, f.Old)
		}
		lines[i] = strings.Replace(lines[i], f.Old, f.New, 1)
	}
	return strings.Join(lines, "\n"), nil
}

func edit(path string, f func(string) (string, error)) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s, err := f(string(b))
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return os.WriteFile(path, []byte(s), 0o644)
}
