package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"schedlab/policies/synergy"
)

// env is what every run shares: the authors' simulator/, the stand-in modules, the stand-in log
// and the pickled pool.
type env struct {
	python, sim, work, shims, log, pool string
}

// poolName is the pickle the authors' parser writes in single-GPU Poisson mode with summed attempts
// (jobs/workload.py, get_philly_jobs).
const poolName = "philly_jobs_sum_attempts_exp_single.pickle"

// checkPython fails with the packages to install when python3 or the simulator's imports are missing.
func checkPython(python string) error {
	out, err := exec.Command(python, "-c", "import numpy, pandas, matplotlib").CombinedOutput()
	if err != nil {
		msg := err.Error()
		if o := strings.TrimSpace(string(out)); o != "" {
			msg = o
		}
		return fmt.Errorf("%s with numpy, pandas and matplotlib is needed (Debian: apt-get install python3-numpy python3-pandas python3-matplotlib): %s", python, msg)
	}
	return nil
}

// prepare writes the stand-in modules under work and, when Poisson runs are to be made, the
// stand-in log and the pool (the pool once: it depends only on the log and the seed, so it is kept
// between invocations). Static-trace runs need neither.
func prepare(python, sim, work string, poisson bool, stderr io.Writer) (env, error) {
	abs, err := filepath.Abs(work)
	if err != nil {
		return env{}, err
	}
	e := env{python: python, sim: sim, work: abs, shims: filepath.Join(abs, "shims"), log: filepath.Join(abs, "cluster_job_log_standin"),
		pool: filepath.Join(abs, poolName)}
	if err := writeShims(e.shims); err != nil {
		return env{}, err
	}
	if !poisson {
		return e, nil
	}
	if err := writeStandinLog(e.log, standinJobs); err != nil {
		return env{}, err
	}
	if _, err := os.Stat(e.pool); err == nil {
		return e, nil
	}
	fmt.Fprintln(stderr, "synergyrerun: making the pool (the authors' first run, stopped once the pool is written)")
	return e, makePool(e)
}

// stubs are the stand-in modules: empty, because only Synergy-OPT (cvxpy) and the real-cluster
// deployment (numa, grpc, the RPC stubs, protobuf, psutil) use them, never the simulation; the
// servicer classes exist because deployment modules subclass them at import. sitecustomize
// restores collections.Mapping, which Python 3.10 removed and the simulator still imports.
var stubs = map[string]string{
	"numa.py":                         "",
	"cvxpy.py":                        "",
	"grpc.py":                         "",
	"psutil.py":                       "",
	"common_pb2.py":                   "",
	"job_to_scheduler_pb2.py":         "",
	"scheduler_to_worker_pb2.py":      "",
	"worker_to_scheduler_pb2.py":      "",
	"job_to_scheduler_pb2_grpc.py":    "class JobToSchedulerServicer:\n    pass\n",
	"scheduler_to_worker_pb2_grpc.py": "class SchedulerToWorkerServicer:\n    pass\n",
	"worker_to_scheduler_pb2_grpc.py": "class WorkerToSchedulerServicer:\n    pass\n",
	"google/__init__.py":              "",
	"google/protobuf/__init__.py":     "",
	"google/protobuf/struct_pb2.py":   "class Struct:\n    pass\n",
	"sitecustomize.py":                "import collections, collections.abc\ncollections.Mapping = collections.abc.Mapping\n",
}

func writeShims(dir string) error {
	for name, body := range stubs {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte("# stand-in for synergyrerun: not used by the simulation\n"+body), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// standinJobs is the stand-in log's length: more jobs than any run draws.
const standinJobs = 100000

// standinJob is one job of the Philly log's format as the authors' parser reads it.
type standinJob struct {
	JobID     string    `json:"jobid"`
	User      string    `json:"user"`
	VC        string    `json:"vc"`
	Status    string    `json:"status"`
	Submitted string    `json:"submitted_time"`
	Attempts  []attempt `json:"attempts"`
}

type attempt struct {
	Start  string   `json:"start_time"`
	End    string   `json:"end_time"`
	Detail []detail `json:"detail"`
}

type detail struct {
	IP   string   `json:"ip"`
	GPUs []string `json:"gpus"`
}

// writeStandinLog writes n jobs a minute apart, each one passing attempt of one hour on one GPU:
// inside the parser's duration filter, and in this mode only a job's place in the pool is kept.
func writeStandinLog(path string, n int) error {
	t0 := time.Date(2017, 10, 1, 0, 0, 0, 0, time.UTC)
	const layout = "2006-01-02 15:04:05"
	jobs := make([]standinJob, n)
	for i := range jobs {
		s := t0.Add(time.Duration(i) * time.Minute)
		jobs[i] = standinJob{JobID: fmt.Sprintf("job%d", i), User: "u", VC: "vc", Status: "Pass", Submitted: s.Format(layout),
			Attempts: []attempt{{Start: s.Format(layout), End: s.Add(time.Hour).Format(layout),
				Detail: []detail{{IP: "m0", GPUs: []string{"gpu0"}}}}}}
	}
	b, err := json.Marshal(jobs)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// poolWritten is the line the authors' workload logs right after it has pickled the pool.
const poolWritten = "Total Jobs in Philly Trace"

// makePool starts the authors' runner (its default configuration) in a scratch copy, waits for
// the pool's line in its log and stops it, then keeps the pickle.
func makePool(e env) error {
	dir := filepath.Join(e.work, "pool-run")
	if err := copySimulator(e.sim, dir); err != nil {
		return err
	}
	cmd := runnerCommand(e, dir, runnerArgs(e, synergy.Rerun{})...)
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	cmd.Stdout = io.Discard
	if err := cmd.Start(); err != nil {
		return err
	}
	found := false
	sc := bufio.NewScanner(errPipe)
	for sc.Scan() {
		if strings.Contains(sc.Text(), poolWritten) {
			found = true
			break
		}
	}
	cmd.Process.Kill()
	cmd.Wait() // killed: its exit status says nothing
	if !found {
		return fmt.Errorf("the authors' runner in %s ended before writing its pool", dir)
	}
	if err := os.Rename(filepath.Join(dir, poolName), e.pool); err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

// runnerCommand is the authors' runner started in dir with args and the stand-in modules.
func runnerCommand(e env, dir string, args ...string) *exec.Cmd {
	cmd := exec.Command(e.python, append([]string{"runner.py"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PYTHONPATH="+e.shims, "MPLBACKEND=Agg")
	return cmd
}

// copySimulator copies the authors' simulator/ to dir (replacing what is there).
func copySimulator(sim, dir string) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return os.CopyFS(dir, os.DirFS(sim))
}
