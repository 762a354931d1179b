// Command synergyrerun repeats the re-runs of the authors' Synergy simulator that the Synergy
// figures cite (policies/synergy.Reruns: msr-fiddle/synergy at 1bb2bed6, simulator/runner.py,
// seed 42, single-GPU Poisson arrivals, and the physical cluster's static trace replayed) and
// prints, per configuration, the Mean and 99th JCT the authors' runner prints beside the recorded
// ones. It exits 1 when one differs, so the references in the figures are checked by a command,
// not only typed.
//
//	synergyrerun [-src DIR] [-work DIR] [-python PATH] [-j N] [-only REGEXP]
//
// DIR is a checkout of msr-fiddle/synergy; when it does not exist it is cloned from GitHub and
// checked out at the commit. Each configuration runs in its own copy of simulator/ under -work,
// with runner.py's schedulers, jobs_per_hours and class_split lines set to it (the three lines
// ae-readme.md points to) and
//
//	python3 runner.py --cluster_job_log LOG --no_use_cache --no_cache_result
//
// where LOG is the stand-in log the Synergy document describes. A static-trace run replays
// deploy_trace/static_100job_6_3_1100.0 instead, with the window of jobs the mean covers set to
// all 100 (see synergy.Rerun). The pool the authors' parser pickles from LOG is made once, by
// starting the runner and stopping it as soon as the pool is written (the authors' first run,
// whose own result would differ: the parser draws the jobs' durations from the seed-42 stream
// before the arrivals), and copied into every Poisson run's directory. Modules that only
// Synergy-OPT and real-cluster deployment import are empty stand-ins on PYTHONPATH. A Poisson run
// takes minutes (the slowest tens of minutes) of CPython, a static one seconds; -only picks
// configurations by a regular expression over "SCHEDULER RATE SPLIT" or "SCHEDULER static" (e.g.
// -only '^TETRIS', -only 'static$').
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"

	"schedlab/policies/synergy"
	"schedlab/scripts/internal/rerun"
)

// commit is the authors' commit the recorded re-runs were made at.
const commit = "1bb2bed6edc9c5f953d0b7f0a40e4fdad053489c"

func main() {
	rerun.Exit[errMismatch]("synergyrerun", run(os.Args[1:], os.Stdout, os.Stderr))
}

// errMismatch says how many re-runs printed other numbers than the recorded ones.
type errMismatch int

func (e errMismatch) Error() string {
	return fmt.Sprintf("%d re-run(s) differ from the recorded numbers", int(e))
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("synergyrerun", flag.ContinueOnError)
	fs.SetOutput(stderr)
	src := fs.String("src", "build/synergy-src", "checkout of msr-fiddle/synergy (cloned at the commit when missing)")
	work := fs.String("work", "build/synergy-rerun", "directory for the stand-ins, the pool and one copy of simulator/ per run")
	jobs := fs.Int("j", 2, "runs at once")
	python := fs.String("python", "/usr/bin/python3", "the CPython to run the simulator with (Debian's, where apt-get installs numpy, pandas and matplotlib)")
	only := fs.String("only", "", `only the configurations whose "SCHEDULER RATE SPLIT" matches this regular expression`)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *jobs < 1 {
		return fmt.Errorf("-j %d: want at least 1", *jobs)
	}
	pick, err := regexp.Compile(*only)
	if err != nil {
		return fmt.Errorf("-only: %v", err)
	}
	var todo []synergy.Rerun
	for _, r := range synergy.Reruns() {
		if pick.MatchString(configName(r)) {
			todo = append(todo, r)
		}
	}
	if len(todo) == 0 {
		return fmt.Errorf("-only %q matches no recorded configuration", *only)
	}
	if err := checkPython(*python); err != nil {
		return err
	}
	if err := rerun.Checkout("synergyrerun", *src, rerun.Repo{Name: "msr-fiddle/synergy", URL: "https://github.com/msr-fiddle/synergy", Commit: commit, Marker: "simulator/runner.py"}, stderr); err != nil {
		return err
	}
	sim := filepath.Join(*src, "simulator")
	if err := os.MkdirAll(*work, 0o755); err != nil {
		return err
	}
	poisson := slices.ContainsFunc(todo, func(r synergy.Rerun) bool { return r.Trace != synergy.StaticTrace })
	env, err := prepare(*python, sim, *work, poisson, stderr)
	if err != nil {
		return err
	}
	results := runAll(env, todo, *jobs, stderr)
	bad := writeTable(stdout, todo, results)
	if bad > 0 {
		return errMismatch(bad)
	}
	return nil
}

// configName is a configuration as -only matches it: "FIFO+tune 9 20/70/10", "DRF static".
func configName(r synergy.Rerun) string {
	if r.Trace == synergy.StaticTrace {
		return r.Scheduler + " " + synergy.StaticTrace
	}
	return r.Scheduler + " " + r.Rate + " " + r.Split
}
