package synergy

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/metrics"
	"schedlab/core/sensitivity"
	"schedlab/core/shareddata"
	"schedlab/core/sim"
)

// readSynergyTrace reads the authors' replay format: id,model,arrival_s,iterations,gpus.
func readSynergyTrace(t testing.TB, path string) []core.Job {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var jobs []core.Job
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		f := strings.Split(strings.TrimSpace(sc.Text()), ",")
		if len(f) != 5 {
			continue
		}
		at, err1 := strconv.ParseFloat(f[2], 64)
		it, err2 := strconv.ParseInt(f[3], 10, 64)
		g, err3 := strconv.Atoi(f[4])
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatalf("%s:%d: bad row %q", path, line, sc.Text())
		}
		jobs = append(jobs, core.Job{ID: f[0], Line: line, Submit: core.FromSeconds(at), GPUs: g, Iterations: it,
			Model: core.BuiltinModels().Canonical(f[1])})
	}
	return jobs
}

// runStatic runs one configuration the way the authors' static mode does.
func runStatic(t testing.TB, jobs []core.Job, name string) (float64, *Policy) {
	t.Helper()
	var pol sim.Policy
	for _, e := range Entries() {
		if e.Name == name {
			p, err := e.New(nil)
			if err != nil {
				t.Fatal(err)
			}
			pol = p
		}
	}
	if pol == nil {
		t.Fatalf("no entry %s", name)
	}
	cl, err := core.ParseCluster("4x8")
	if err != nil {
		t.Fatal(err)
	}
	s, err := sim.New(sim.Config{Cluster: cl, Jobs: jobs, Policy: pol, Round: 300 * core.Second, FirstRound: core.Second,
		Progress: sim.RoundCredit, Speed: sensitivity.NewSpeed(sim.ProfileSpeed{Models: core.BuiltinModels()})})
	if err != nil {
		t.Fatal(err)
	}
	res := s.Run()
	sum := metrics.Summarise(res, cl)
	if sum.Completed != len(jobs) || sum.MeanJCT == nil {
		t.Fatalf("%s: %d of %d jobs completed", name, sum.Completed, len(jobs))
	}
	return *sum.MeanJCT, pol.(*Policy)
}

// TestStaticTraceMatchesAuthors pins every scheduler the authors' simulator was re-run with on the
// static trace (reruns, Trace StaticTrace: the mean of the 100 jobs' finish minus arrival times,
// printed in hours) to the millisecond, not merely within the figure's 2 % band: Tetris's key sums
// the normalised memory demand, so it alone showed the language models' memory (20 GB per GPU in
// the authors' model files, once 500/24 here) as a 0.09 % gap (0.47 % with TUNE).
func TestStaticTraceMatchesAuthors(t *testing.T) {
	if runtime.GOOS == "js" && testing.Short() {
		t.Skip("short mode under wasm")
	}
	jobs := readSynergyTrace(t, filepath.Join(shareddata.Dir(t), "synergy", "static_100job_6_3_1100.0"))
	runs := staticReruns()
	if len(runs) != 12 {
		t.Fatalf("%d static re-runs, want 12", len(runs))
	}
	for _, r := range runs {
		want := r.Mean * 3600
		got, pol := runStatic(t, jobs, r.Policy)
		t.Logf("%-18s got %11.4f s, authors %11.4f s, tune skips %d", r.Policy, got, want, pol.Skipped)
		// Our clock is in milliseconds and arrivals are 0.001 s apart: 1 ms of slack.
		if got < want-0.001 || got > want+0.001 {
			t.Errorf("%s: got mean JCT %.4f s, want the authors' %.4f s", r.Policy, got, want)
		}
	}
}

// TestPhysicalNamesWereRerun checks that every scheduler the physical-cluster figure and the
// static scenario show has its re-run on the static trace.
func TestPhysicalNamesWereRerun(t *testing.T) {
	for _, name := range physicalNames {
		if _, _, ok := staticExpected(name); !ok {
			t.Errorf("%s: no re-run of the authors' simulator on the static trace", name)
		}
	}
}
