// Command gavelrerun repeats the re-runs of Gavel's simulator that gavel-maxmin and
// gavel-maxmin-agnostic are compared with (stanford-futuredata/gavel at c4fa400,
// scheduler/scripts/drivers/simulate_scheduler_with_trace.py, policies max_min_fairness_perf and
// max_min_fairness on the physical-cluster traces max_min_fairness and minimize_makespan, one
// 8-GPU server each of V100, P100 and K80, --seed 0 --solver ECOS --time_per_iteration 360) and
// compares every job's printed JCT, and every round's jobs and types as its log gives them, with
// the recorded ones (policies/similarity/testdata/gavel-rerun).
// It exits 1 when a run prints other numbers, 2 when the environment is missing (saying what is
// missing).
//
//	gavelrerun [-src DIR] [-cvxpy DIR] [-ecos DIR] [-venv DIR] [-data DIR] [-write]
//
// The environment is the one the recorded runs were made in: Debian's python3 with its numpy,
// scipy, cvxopt, grpcio, protobuf, psutil and grpc-tools packages, and a virtual environment under
// -venv (system packages visible) holding cvxpy 1.4.4 and ecos 2.0.14 built from their sources
// without a package index. Missing source directories are cloned from GitHub at the recorded
// commits; a missing virtual environment is built from them. The protobuf modules Gavel's
// scheduler imports are generated as its Makefile does; matrix_completion, which only Gavel's
// throughput estimator calls (off in these runs), is a stand-in module whose function raises.
// Each run is also made on a copy of Gavel's scheduler/ whose allocations are rounded to six
// decimals (rounded6Edit), to show how much of ours' difference ECOS's residue makes, and the runs
// of Gavel as it is once more on a copy that only logs every allocation it computes, at full
// precision (loggedEdit): their JCTs and rounds must be the unpatched runs', and their allocations
// are recorded too (TRACE.POLICY.alloc.csv.gz), for ours to replay. -write records the outputs
// instead of comparing them.
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"schedlab/scripts/internal/rerun"
)

func main() {
	rerun.Exit[errMismatch]("gavelrerun", run(os.Args[1:], os.Stdout, os.Stderr))
}

// errMismatch says how many runs printed other JCTs than the recorded ones.
type errMismatch int

func (e errMismatch) Error() string {
	return fmt.Sprintf("%d re-run(s) differ from the recorded outputs", int(e))
}

// runs are the recorded re-runs: trace, Gavel's policy, and "" for Gavel's code as it is or
// rounded6 for the copy whose allocations are rounded to six decimals (see rounded6Edit).
var runs = []struct{ trace, policy, variant string }{
	{"max_min_fairness", "max_min_fairness_perf", ""},
	{"max_min_fairness", "max_min_fairness", ""},
	{"minimize_makespan", "max_min_fairness_perf", ""},
	{"minimize_makespan", "max_min_fairness", ""},
	{"max_min_fairness", "max_min_fairness_perf", rounded6},
	{"max_min_fairness", "max_min_fairness", rounded6},
	{"minimize_makespan", "max_min_fairness_perf", rounded6},
	{"minimize_makespan", "max_min_fairness", rounded6},
	{"max_min_fairness", "max_min_fairness_perf", logged},
	{"max_min_fairness", "max_min_fairness", logged},
	{"minimize_makespan", "max_min_fairness_perf", logged},
	{"minimize_makespan", "max_min_fairness", logged},
}

// rounded6 names the runs of a copy of Gavel's code whose max-min allocations are rounded to six
// decimals before use: ECOS returns a fraction that is zero at the optimum as a tiny positive
// number, and Gavel's priority (fraction / share) then orders the GPUs left over in a round by that
// residue. Rounding removes it (and makes equal fractions equal), so these runs show how much of
// the difference from ours the residue makes.
const rounded6 = "rounded6"

// rounded6Edit is the one-line change of the copy (scheduler/policies/max_min_fairness.py, line 81).
var rounded6Edit = [2]string{
	"return super().unflatten(x.value.clip(min=0.0).clip(max=1.0), index)",
	"return super().unflatten(np.round(x.value, 6).clip(min=0.0).clip(max=1.0), index)",
}

// logged names the runs of a copy of Gavel's code that logs every allocation it computes; it
// schedules as Gavel as it is does, so its JCTs and rounds are compared with those runs' records.
const logged = "logged"

// loggedEdit adds one line to the copy (scheduler/scheduler.py, _update_priorities, after the
// simulator's re-solve): it logs the re-solve's time and, per job of the allocation in job order,
// its fractions other than 0.0, each as Python's repr (which reads back to the same float).
var loggedEdit = [2]string{
	allocLine,
	allocLine + "                self._logger.info('[Allocation computed] %r %s' % (current_time, ' '.join('%r%s' % (j, ''.join(',%s=%r' % (w, a[w]) for w in sorted(a) if a[w] != 0.0)) for j, a in sorted(self._allocation.items(), key=lambda e: e[0].as_tuple()))))\n",
}

// allocLine is where _update_priorities takes the new allocation in simulation.
const allocLine = "                self._allocation = self._compute_allocation()\n                self._need_to_update_allocation = False\n"

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gavelrerun", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var e env
	fs.StringVar(&e.gavel, "src", "build/gavel-src", "checkout of stanford-futuredata/gavel (cloned at the commit when missing)")
	fs.StringVar(&e.cvxpy, "cvxpy", "build/cvxpy-src", "checkout of cvxpy/cvxpy (cloned at v1.4.4 when missing)")
	fs.StringVar(&e.ecos, "ecos", "build/ecos-python-src", "checkout of embotech/ecos-python with its ecos submodule (cloned at v2.0.14 when missing)")
	fs.StringVar(&e.venv, "venv", "build/gavel-venv", "virtual environment with cvxpy and ecos (built when missing)")
	data := fs.String("data", "policies/similarity/testdata/gavel-rerun", "the recorded outputs")
	write := fs.Bool("write", false, "record the outputs instead of comparing them")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if err := e.prepare(stderr); err != nil {
		return err
	}
	rounded, err := e.patchedCopy(rounded6, "policies/max_min_fairness.py", rounded6Edit)
	if err != nil {
		return err
	}
	loggedDir, err := e.patchedCopy(logged, "scheduler.py", loggedEdit)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, "| trace | Gavel's policy | code | jobs | JCTs as recorded | rounds | mean JCT (s) |")
	fmt.Fprintln(stdout, "|---|---|---|---|---|---|---|")
	bad := 0
	for _, r := range runs {
		src, code := e.gavel, "as is"
		switch r.variant {
		case rounded6:
			src, code = rounded, "fractions rounded to 6 decimals"
		case logged:
			src, code = loggedDir, "as is, logging its allocations"
		}
		out, err := e.simulate(src, r.trace, r.policy)
		if err != nil {
			return err
		}
		got, mean, err := parseJCTs(out)
		if err != nil {
			return fmt.Errorf("%s %s: %v", r.trace, r.policy, err)
		}
		base := r.trace + "." + r.policy
		if r.variant == rounded6 {
			base += "." + r.variant
		}
		rounds, err := parseRounds(out)
		if err != nil {
			return fmt.Errorf("%s %s: %v", r.trace, r.policy, err)
		}
		name := filepath.Join(*data, base+".jct.csv")
		roundsName := filepath.Join(*data, base+".rounds.csv")
		var allocs string
		if r.variant == logged {
			if allocs, err = parseAllocations(out); err != nil {
				return fmt.Errorf("%s %s: %v", r.trace, r.policy, err)
			}
		}
		allocName := filepath.Join(*data, base+".alloc.csv.gz")
		if *write && r.variant == logged {
			if err := writeGzip(allocName, allocs); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "| %s | %s | %s | %d | – | – | %s |\n", r.trace, r.policy, code, len(got), mean)
			continue
		}
		if *write {
			if err := os.WriteFile(name, []byte(jctCSV(got)), 0o644); err != nil {
				return err
			}
			if err := os.WriteFile(roundsName, []byte(rounds), 0o644); err != nil {
				return err
			}
			if base == "max_min_fairness.max_min_fairness_perf" {
				t0, err := parseFirstRound(out)
				if err != nil {
					return err
				}
				if err := os.WriteFile(filepath.Join(*data, r.trace+"."+r.policy+".t0.csv"), []byte(t0), 0o644); err != nil {
					return err
				}
			}
			fmt.Fprintf(stdout, "| %s | %s | %s | %d | written | written | %s |\n", r.trace, r.policy, code, len(got), mean)
			continue
		}
		want, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		wantRounds, err := os.ReadFile(roundsName)
		if err != nil {
			return err
		}
		same := sameJCTs(string(want), got)
		sameRounds := "as recorded"
		if rounds != string(wantRounds) {
			sameRounds = "differ"
		}
		if same < len(got) || jctCSV(got) != string(want) || rounds != string(wantRounds) {
			bad++
		}
		if r.variant == logged {
			wantAllocs, err := readGzip(allocName)
			if err != nil {
				return err
			}
			if allocs != wantAllocs {
				sameRounds += ", allocations differ"
				bad++
			} else {
				sameRounds += ", allocations as recorded"
			}
		}
		fmt.Fprintf(stdout, "| %s | %s | %s | %d | %d | %s | %s |\n", r.trace, r.policy, code, len(got), same, sameRounds, mean)
	}
	if bad > 0 {
		return errMismatch(bad)
	}
	return nil
}

// writeGzip writes text gzipped to name.
func writeGzip(name, text string) error {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	if _, err := w.Write([]byte(text)); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return os.WriteFile(name, b.Bytes(), 0o644)
}

// readGzip reads the gzipped text of name.
func readGzip(name string) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	r, err := gzip.NewReader(f)
	if err != nil {
		return "", fmt.Errorf("%s: %v", name, err)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return "", fmt.Errorf("%s: %v", name, err)
	}
	return string(b), nil
}
