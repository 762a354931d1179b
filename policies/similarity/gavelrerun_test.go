package similarity

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"schedlab/core"
	"schedlab/core/hetero"
	"schedlab/core/sim"
	"schedlab/core/trace"
	"schedlab/core/world"
)

// rerunDir holds Gavel's physical-cluster traces and the per-job outputs of Gavel's simulator
// re-run on them (stanford-futuredata/gavel at c4fa400; scripts/gavelrerun makes and checks them).
const rerunDir = "testdata/gavel-rerun"

// gavelTrace reads one of Gavel's physical-cluster traces kept in rerunDir.
func gavelTrace(t testing.TB, name string) []core.Job {
	t.Helper()
	path := filepath.Join(rerunDir, name+".trace")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	jobs, _, err := trace.Read(path, f, "gavel", world.Models())
	if err != nil {
		t.Fatal(err)
	}
	return jobs
}

// readCSV reads a recorded CSV of rerunDir without its header.
func readCSV(t testing.TB, name string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join(rerunDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows[1:]
}

func atof(t testing.TB, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestMaxMinAllocationAtZero solves gavel-maxmin's LP for the jobs of Gavel's max_min_fairness
// trace that arrive at t = 0 on one 8-GPU server each of K80, P100 and V100, and compares the
// fractions with the allocation Gavel's simulator logs, to two decimals, for every job it starts
// in its first round (max_min_fairness_perf, ECOS). Gavel weights each job's normalised throughput
// by its GPU count (scheduler/policies/max_min_fairness.py, MaxMinFairnessPolicyWithPerf): without
// that factor every one of the 19 gets other fractions.
func TestMaxMinAllocationAtZero(t *testing.T) {
	jobs := gavelTrace(t, "max_min_fairness")
	types := []core.GPUType{"K80", "P100", "V100"}
	tab := hetero.Gavel()
	var thr [][]float64
	var gpus []int
	var index []int // LP row → Gavel's job id (the trace's line - 1)
	for i, j := range jobs {
		if j.Submit != 0 {
			continue
		}
		row := make([]float64, len(types))
		for k, typ := range types {
			row[k], _ = tab.Throughput(j.Model, typ, j.GPUs, false)
		}
		thr, gpus, index = append(thr, row), append(gpus, j.GPUs), append(index, i)
	}
	x, _, err := SolveMaxMin(thr, gpus, []int{8, 8, 8})
	if err != nil {
		t.Fatal(err)
	}
	row := map[int]int{}
	for r, id := range index {
		row[id] = r
	}
	logged := readCSV(t, "max_min_fairness.max_min_fairness_perf.t0.csv")
	if len(logged) != 19 {
		t.Fatalf("got %d logged jobs, want 19", len(logged))
	}
	for _, rec := range logged {
		id, _ := strconv.Atoi(rec[0])
		r, ok := row[id]
		if !ok {
			t.Fatalf("job %d: not among the jobs at t = 0", id)
		}
		for k := range types {
			if want := atof(t, rec[2+k]); math.Abs(x[r][k]-want) > 0.005+1e-9 {
				t.Errorf("job %d on %s: got %.4f, Gavel logged %.2f", id, types[k], x[r][k], want)
			}
		}
	}
}

// gavelRun is one recorded run of Gavel's simulator: its trace, its policy and the registry name
// of ours.
type gavelRun struct {
	trace, theirs, ours string
}

var gavelRuns = []gavelRun{
	{"max_min_fairness", "max_min_fairness_perf", "gavel-maxmin"},
	{"max_min_fairness", "max_min_fairness", "gavel-maxmin-agnostic"},
	{"minimize_makespan", "max_min_fairness_perf", "gavel-maxmin"},
	{"minimize_makespan", "max_min_fairness", "gavel-maxmin-agnostic"},
}

// agreement runs ours with params on r's trace on Gavel's cluster (one 8-GPU server each of K80,
// P100 and V100, rounds of 360 s as --time_per_iteration) and compares each job's JCT with the
// recorded one: the jobs within 1 % and both mean JCTs in seconds.
func agreement(t testing.TB, r gavelRun, params string) (within int, ours, theirs float64) {
	t.Helper()
	jobs := gavelTrace(t, r.trace)
	rec := readCSV(t, r.trace+"."+r.theirs+".jct.csv")
	if len(rec) != len(jobs) {
		t.Fatalf("%s: %d recorded JCTs for %d jobs", r.trace, len(rec), len(jobs))
	}
	cl, _ := core.ParseCluster("1x8:K80+1x8:P100+1x8:V100")
	pol := newPolicy(t, r.ours, params)
	res := runRounds(t, pol, jobs, cl, 360*core.Second)
	for _, row := range rec {
		id, _ := strconv.Atoi(row[0])
		want := atof(t, row[1])
		jr := res.Jobs[id]
		got := (jr.End - jr.Job.Submit).Seconds()
		if math.Abs(got-want) <= 0.01*want {
			within++
		}
		ours += got / float64(len(rec))
		theirs += want / float64(len(rec))
	}
	return within, ours, theirs
}

func TestGavelRerunsLog(t *testing.T) {
	for _, r := range gavelRuns {
		n, ours, theirs := agreement(t, r, "")
		t.Logf("%s %s: %d/%d within 1 %%, mean JCT ours %.1f s, Gavel's %.1f s (%+.1f %%)", r.trace, r.theirs, n, len(gavelTrace(t, r.trace)), ours, theirs, (ours/theirs-1)*100)
	}
}

// newPolicy builds one policy of Entries.
func newPolicy(t testing.TB, name, params string) sim.Policy {
	t.Helper()
	for _, e := range Entries() {
		if e.Name == name {
			p, err := e.New(json.RawMessage(params))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return p
		}
	}
	t.Fatalf("policy %s not in Entries", name)
	return nil
}

// runRounds runs pol with Gavel's measured speeds, no checkpoint cost (Gavel's simulator charges
// none) and rounds of the given length from t = 0.
func runRounds(t testing.TB, pol sim.Policy, jobs []core.Job, cl *core.Cluster, round core.Time) *sim.Result {
	t.Helper()
	s, err := sim.New(sim.Config{Cluster: cl, Jobs: jobs, Speed: hetero.Speed{Table: hetero.Gavel()}, Policy: pol, Seed: 1, Round: round})
	if err != nil {
		t.Fatal(err)
	}
	return s.Run()
}
