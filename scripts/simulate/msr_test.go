package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"schedlab/core/shareddata"
)

// Gavel's MSR traces (gavel/traces/msr/seed=N/*.trace): Philly's virtual clusters with Gavel job
// types drawn per seed, 15 files and 15,264 jobs per seed, 1 to 64 GPUs per job. Gavel measured
// the Recommendation job types, A3C and CycleGAN on one GPU only and nothing beyond 8 GPUs, so
// every file but two needs core/hetero's multi-GPU estimate.

// msrFiles lists one seed's trace files, sorted.
func msrFiles(t *testing.T, seed int) []string {
	t.Helper()
	dir := filepath.Join(shareddata.Dir(t), "gavel", "traces", "msr", fmt.Sprintf("seed=%d", seed))
	files, err := filepath.Glob(filepath.Join(dir, "*.trace"))
	if err != nil || len(files) == 0 {
		t.Fatalf("%s: no .trace files (%v)", dir, err)
	}
	slices.Sort(files)
	return files
}

// firstEstimated is an independent reading of the file: the line of the first job that needs an
// estimate on 16x8 (V100 only), by Gavel's throughput file: more than one GPU of a job type
// measured on one GPU only, or a GPU count other than 1, 2, 4 and 8. 0 = none.
func firstEstimated(t *testing.T, path string) (line, jobs int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		cols := strings.Split(sc.Text(), "\t")
		gpus, err := strconv.Atoi(cols[6])
		if err != nil {
			t.Fatalf("%s:%d: scale_factor %q", path, n, cols[6])
		}
		oneGPUOnly := cols[0] == "A3C" || cols[0] == "CycleGAN" || strings.HasPrefix(cols[0], "Recommendation")
		if gpus > 1 && (oneGPUOnly || !slices.Contains([]int{2, 4, 8}, gpus)) {
			if line == 0 {
				line = n
			}
			jobs++
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return line, jobs
}

// replay runs the runner in-process on one file and returns its JSON summaries.
func replay(t *testing.T, path, policies string, extra ...string) []map[string]any {
	t.Helper()
	var out, errb bytes.Buffer
	args := append([]string{"-trace", path, "-cluster", "16x8", "-policy", policies, "-json"}, extra...)
	if err := run(args, &out, &errb); err != nil {
		t.Fatalf("simulate %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	var sums []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("output %q: %v", l, err)
		}
		sums = append(sums, m)
	}
	return sums
}

// checkReplay wants every job completed and the estimate reported once, naming the first line
// that needs it with the count of such jobs (none when no job needs one).
func checkReplay(t *testing.T, path string, sums []map[string]any) {
	t.Helper()
	line, n := firstEstimated(t, path)
	for _, s := range sums {
		if s["completed"] != s["jobs"] || s["jobs"].(float64) == 0 {
			t.Errorf("%s %s: %v of %v jobs completed, want all", filepath.Base(path), s["policy"], s["completed"], s["jobs"])
		}
		var found []string
		ws, _ := s["warnings"].([]any)
		for _, w := range ws {
			if strings.Contains(w.(string), "estimated multi-GPU throughput") {
				found = append(found, w.(string))
			}
		}
		switch {
		case line == 0 && len(found) > 0:
			t.Errorf("%s %s: got %q, want no estimate warning", filepath.Base(path), s["policy"], found)
		case line > 0 && (len(found) != 1 || !strings.HasPrefix(found[0], fmt.Sprintf("%d job", n)) ||
			!strings.HasSuffix(found[0], fmt.Sprintf(" an estimated multi-GPU throughput (first: %s:%d)", path, line))):
			t.Errorf("%s %s: got warnings %q, want one for %d jobs, first line %d", filepath.Base(path), s["policy"], ws, n, line)
		}
	}
}

func TestMSRReplaysUnderFIFO(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("the runner reads files natively")
	}
	estimated := 0
	for seed := range 5 { // ≈ 1 s natively, ≈ 5 s under -race

		for _, path := range msrFiles(t, seed) {
			checkReplay(t, path, replay(t, path, "fifo"))
			if l, _ := firstEstimated(t, path); l > 0 {
				estimated++
			}
		}
	}
	if estimated == 0 {
		t.Error("no file needed an estimate: the test checks nothing")
	}
}

// One file of each seed under the preemptive baseline and Gavel's max-min policy: 2869ce (533
// jobs, a third of them needing an estimate, of all 26 job types; ≈ 0.2 s natively per seed).
func TestMSRReplaysUnderLASAndGavel(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("the runner reads files natively")
	}
	for seed := range 5 {
		path := filepath.Join(filepath.Dir(msrFiles(t, seed)[0]), "2869ce.trace")
		checkReplay(t, path, replay(t, path, "las,gavel-maxmin"))
	}
}

// With -measured-only every file that needs an estimate fails with exit status 2 and one line
// naming the first job's file and line; the others still run.
func TestMSRMeasuredOnlyExitsTwo(t *testing.T) {
	bin := buildRunner(t)
	for _, path := range msrFiles(t, 0) {
		line, _ := firstEstimated(t, path)
		cmd := exec.Command(bin, "-trace", path, "-cluster", "16x8", "-policy", "fifo", "-measured-only")
		var errb bytes.Buffer
		cmd.Stderr = &errb
		err := cmd.Run()
		var ee *exec.ExitError
		switch {
		case line == 0 && err != nil:
			t.Errorf("%s: got %v (%s), want success: no job needs an estimate", filepath.Base(path), err, errb.String())
		case line > 0 && (!errors.As(err, &ee) || ee.ExitCode() != 2):
			t.Errorf("%s: got %v, want exit status 2", filepath.Base(path), err)
		case line > 0 && !strings.HasPrefix(errb.String(), fmt.Sprintf("simulate: %s:%d: model: ", path, line)):
			t.Errorf("%s: got stderr %q, want it to name line %d", filepath.Base(path), errb.String(), line)
		}
	}
}
