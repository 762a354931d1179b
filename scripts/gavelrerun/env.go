package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// env is where the simulator runs: the three source directories and the virtual environment.
type env struct {
	gavel, cvxpy, ecos, venv string
}

// The recorded commits: Gavel's, and the tags cvxpy and ecos were built from (ecos-python's
// submodule pins the ECOS C sources).
const (
	gavelRepo   = "https://github.com/stanford-futuredata/gavel"
	gavelCommit = "c4fa40097339e9608ab71fd64c8bdea96a5e4a4c"
	cvxpyRepo   = "https://github.com/cvxpy/cvxpy"
	cvxpyTag    = "v1.4.4"
	ecosRepo    = "https://github.com/embotech/ecos-python"
	ecosTag     = "v2.0.14"
)

// debianModules are the modules Debian's python3 must import, and the packages that hold them.
const (
	debianModules  = "import numpy, scipy, cvxopt, grpc, google.protobuf, psutil, grpc_tools"
	debianPackages = "python3-venv python3-dev python3-numpy python3-scipy python3-cvxopt python3-grpcio python3-protobuf python3-psutil python3-grpc-tools"
)

// python is Debian's interpreter, which the virtual environment is made from.
const python = "/usr/bin/python3"

// stand-in for matrix_completion (a PyPI package that only Gavel's throughput estimator calls).
const matrixCompletion = `def pmf_solve(*args, **kwargs):
    raise RuntimeError("matrix_completion is not installed; throughput estimation is off in these runs")
`

// prepare checks and completes the environment, saying what is missing when it cannot.
func (e *env) prepare(stderr io.Writer) error {
	if out, err := exec.Command(python, "-c", debianModules).CombinedOutput(); err != nil {
		return fmt.Errorf("%s cannot import Gavel's and cvxpy's dependencies (apt-get install %s): %s", python, debianPackages, lastLine(out, err))
	}
	if err := ensureClone(e.gavel, gavelRepo, gavelCommit, "scheduler/scripts/drivers/simulate_scheduler_with_trace.py", stderr); err != nil {
		return err
	}
	vpy, err := filepath.Abs(filepath.Join(e.venv, "bin", "python")) // absolute: the protobuf step runs in scheduler/
	if err != nil {
		return err
	}
	check := "import cvxpy, ecos; assert cvxpy.__version__ == '1.4.4' and ecos.__version__ == '2.0.14', (cvxpy.__version__, ecos.__version__)"
	if exec.Command(vpy, "-c", check).Run() != nil {
		if err := ensureClone(e.cvxpy, cvxpyRepo, cvxpyTag, "setup.py", stderr); err != nil {
			return err
		}
		if err := ensureClone(e.ecos, ecosRepo, ecosTag, "ecos/src/ecos.c", stderr); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "gavelrerun: building ecos and cvxpy into %s\n", e.venv)
		for _, c := range [][]string{
			{python, "-m", "venv", "--system-site-packages", e.venv},
			{vpy, "-m", "pip", "install", "--no-index", "--no-build-isolation", "--no-deps", e.ecos},
			{vpy, "-m", "pip", "install", "--no-index", "--no-build-isolation", "--no-deps", e.cvxpy},
			{vpy, "-c", check},
		} {
			if out, err := exec.Command(c[0], c[1:]...).CombinedOutput(); err != nil {
				return fmt.Errorf("%s: %s", strings.Join(c, " "), lastLine(out, err))
			}
		}
	}
	sched := filepath.Join(e.gavel, "scheduler")
	for _, proto := range []string{"iterator_to_scheduler", "scheduler_to_worker", "worker_to_scheduler", "common", "enums"} {
		if _, err := os.Stat(filepath.Join(sched, "runtime", "rpc_stubs", proto+"_pb2.py")); err == nil {
			continue
		}
		cmd := exec.Command(vpy, "-m", "grpc_tools.protoc", "-Iruntime/protobuf", "--python_out=runtime/rpc_stubs",
			"--grpc_python_out=runtime/rpc_stubs", "runtime/protobuf/"+proto+".proto")
		cmd.Dir = sched
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("generating %s's protobuf modules: %s", proto, lastLine(out, err))
		}
	}
	shim := e.shim()
	if err := os.MkdirAll(shim, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(shim, "matrix_completion.py"), []byte(matrixCompletion), 0o644)
}

// shim is the directory of the stand-in modules.
func (e *env) shim() string { return e.venv + "-shim" }

// patchedCopy makes (once) a copy of Gavel's scheduler/ under the name variant, with edit applied
// to its file (under scheduler/), and returns the directory that holds it as scheduler/.
func (e *env) patchedCopy(variant, file string, edit [2]string) (string, error) {
	dir := e.gavel + "-" + variant
	py := filepath.Join(dir, "scheduler", file)
	if _, err := os.Stat(py); err != nil {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", err
		}
		if out, err := exec.Command("cp", "-a", filepath.Join(e.gavel, "scheduler"), dir).CombinedOutput(); err != nil {
			return "", fmt.Errorf("copying Gavel's scheduler/: %s", lastLine(out, err))
		}
	}
	src, err := os.ReadFile(py)
	if err != nil {
		return "", err
	}
	text := string(src)
	if !strings.Contains(text, edit[1]) {
		if strings.Count(text, edit[0]) != 1 {
			return "", fmt.Errorf("%s: the line to change is not there once: %q", py, edit[0])
		}
		text = strings.Replace(text, edit[0], edit[1], 1)
		if err := os.WriteFile(py, []byte(text), 0o644); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// simulate runs Gavel's driver in src (a checkout or the rounded copy) on one physical-cluster
// trace and returns its output.
func (e *env) simulate(src, trace, policy string) (string, error) {
	vpy, err := filepath.Abs(filepath.Join(e.venv, "bin", "python"))
	if err != nil {
		return "", err
	}
	shim, err := filepath.Abs(e.shim())
	if err != nil {
		return "", err
	}
	cmd := exec.Command(vpy, "scripts/drivers/simulate_scheduler_with_trace.py",
		"-t", "traces/physical_cluster/"+trace+".trace", "-p", policy,
		"-c", "8:8:8", "--num_gpus_per_server", "8:8:8",
		"--seed", "0", "--solver", "ECOS", "--time_per_iteration", "360")
	cmd.Dir = filepath.Join(src, "scheduler")
	cmd.Env = append(os.Environ(), "PYTHONPATH="+shim)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("%s %s: %s", trace, policy, lastLine(out, err))
	}
	return string(out), nil
}

// ensureClone clones repo at rev into dir when dir is missing, and checks that dir holds marker.
func ensureClone(dir, repo, rev, marker string, stderr io.Writer) error {
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(stderr, "gavelrerun: cloning %s at %s into %s\n", repo, rev, dir)
		for _, args := range [][]string{
			{"clone", "--quiet", repo, dir},
			{"-C", dir, "checkout", "--quiet", rev},
			{"-C", dir, "submodule", "update", "--quiet", "--init"},
		} {
			if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
				return fmt.Errorf("%s is missing and git %s failed: %s", dir, strings.Join(args, " "), lastLine(out, err))
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, marker)); err != nil {
		return fmt.Errorf("%s has no %s: not a checkout of %s at %s", dir, marker, repo, rev)
	}
	return nil
}

// lastLine is the last line of a command's output, or its error when it printed nothing.
func lastLine(out []byte, err error) string {
	if s := strings.TrimSpace(string(out)); s != "" {
		return tail(s, 1)
	}
	return err.Error()
}
