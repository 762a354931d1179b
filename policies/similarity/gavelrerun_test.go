package similarity

import (
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"schedlab/core"
	"schedlab/core/hetero"
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
