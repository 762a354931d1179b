// Command tiresiasrerun repeats the runs of the Tiresias authors' simulator recorded in
// policies/baselines (TiresiasReruns: SymbioticLab/Tiresias at 959f9b08, simulator/run_sim.py
// under Python 2.7, their 60-job trace on 2, 3, 4 and 32 servers of 4 GPUs: fifo under count and
// yarn, dlas-gpu at three pairs of thresholds, unmodified and with their two bugs fixed) and
// compares them job for job with the recorded end times and with ours (fifo with the matching
// placement, las with queue_order "tiresias"). It prints one table row per run and exits 1 when a
// re-run prints another end time than the recorded one, or when ours ends a job of a judged run
// (fifo, or dlas-gpu fixed) more than 1 s from theirs.
//
//	tiresiasrerun [-src DIR] [-repo URL|GITDIR] [-work DIR] [-python PATH] [-record FILE]
//
// DIR is a checkout of the authors' repository; when it does not exist it is cloned from -repo
// (GitHub, or a local git directory holding the commit) and checked out at the commit. Each
// variant (thresholds, fixed or not) runs in its own copy of simulator/ under -work: jobs.py's
// queue_limit set, for a fixed copy run_sim.py's two lines replaced (baselines.TiresiasFixes),
// the cluster spec files written, and a stand-in numpy (one mean, for nothing the runs read) on
// PYTHONPATH. Ours reads the same 60_job.csv from the checkout. With -record FILE the runs are
// written as the Go table of recorded runs instead of being compared with it (FILE is
// policies/baselines/tiresias_runs.go); ours is still compared.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"schedlab/policies/baselines"
	"schedlab/scripts/internal/rerun"
)

func main() {
	rerun.Exit[errMismatch]("tiresiasrerun", run(os.Args[1:], os.Stdout, os.Stderr))
}

// errMismatch says how many runs differ.
type errMismatch int

func (e errMismatch) Error() string {
	return fmt.Sprintf("%d run(s) differ from the recorded end times or from ours by more than 1 s", int(e))
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tiresiasrerun", flag.ContinueOnError)
	fs.SetOutput(stderr)
	src := fs.String("src", "build/tiresias-src", "checkout of SymbioticLab/Tiresias (cloned from -repo at the commit when missing)")
	repo := fs.String("repo", "https://github.com/SymbioticLab/Tiresias", "where to clone it from: a URL or a local git directory holding the commit")
	work := fs.String("work", "build/tiresias-rerun", "directory for the stand-in numpy and one copy of simulator/ per variant")
	python := fs.String("python", "python2.7", "the Python 2.7 to run the simulator with")
	record := fs.String("record", "", "write the runs as the Go table of recorded runs at `FILE` instead of comparing with it")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if err := checkPython(*python); err != nil {
		return err
	}
	if err := rerun.Checkout("tiresiasrerun", *src, rerun.Repo{Name: "SymbioticLab/Tiresias", URL: *repo, Commit: baselines.TiresiasCommit, Marker: "simulator/run_sim.py"}, stderr); err != nil {
		return err
	}
	e, err := prepare(*python, filepath.Join(*src, "simulator"), *work)
	if err != nil {
		return err
	}
	res, err := runAll(e, *record == "", stderr)
	if err != nil {
		return err
	}
	bad := writeTable(stdout, res, *record == "")
	if *record != "" {
		if err := writeRecord(*record, res); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "tiresiasrerun: %d runs recorded in %s\n", len(res), *record)
	}
	if bad > 0 {
		return errMismatch(bad)
	}
	return nil
}
