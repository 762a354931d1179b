package similarity

import (
	"math"
	"testing"

	"schedlab/core"
)

// TestSolveMaxMin checks the LP against hand-solved 2-job / 2-type cases (one GPU per type,
// 1-GPU jobs, so the equal share is half of each type: thr_eq = (thr1 + thr2) / 2).
func TestSolveMaxMin(t *testing.T) {
	tests := []struct {
		name  string
		thr   [][]float64
		gpus  []int
		cap   []int
		wantZ float64
		wantX [][]float64
	}{
		// A = (1, 4), B = (2, 1): each has a comparative advantage; giving A type 2 and B type 1
		// makes A 4/2.5 = 1.6 and B 2/1.5 = 4/3 of their equal shares, and any exchange lowers
		// both, so z = 4/3.
		{"comparative advantage", [][]float64{{1, 4}, {2, 1}}, []int{1, 1}, []int{1, 1}, 4.0 / 3,
			[][]float64{{0, 1}, {1, 0}}},
		// A = (1, 4), B = (1, 2): both prefer type 2. With B holding d of type 2 and A the rest
		// (and A filling type 1 while B is on type 2): A = (0.4d + 1.6(1−d)), B = (2/3)(1−d) +
		// (4/3)d; equal at d = 1/2, z = 1 (the equal share is max-min fair here).
		{"shared preference", [][]float64{{1, 4}, {1, 2}}, []int{1, 1}, []int{1, 1}, 1,
			[][]float64{{0.5, 0.5}, {0.5, 0.5}}},
		// A 2-GPU job cannot use the 1-GPU type 1: it takes both GPUs of type 2 (1.5× its equal share
		// 4·2/3); B gets type 1, where it is as fast as anywhere, so it cannot pass 1: z = 1.
		{"gang too large", [][]float64{{0, 4}, {3, 3}}, []int{2, 1}, []int{1, 2}, 1,
			[][]float64{{0, 1}, {1, 0}}},
	}
	for _, tc := range tests {
		x, z, err := SolveMaxMin(tc.thr, tc.gpus, tc.cap)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if math.Abs(z-tc.wantZ) > 1e-9 {
			t.Errorf("%s: got z %v, want %v", tc.name, z, tc.wantZ)
		}
		for j := range x {
			for k := range x[j] {
				if math.Abs(x[j][k]-tc.wantX[j][k]) > 1e-9 {
					t.Errorf("%s: got X %v, want %v", tc.name, x, tc.wantX)
				}
			}
		}
	}
}

// TestMaxMinRuns runs gavel-maxmin on the smoke workload: every job finishes, re-runs agree, and
// the allocation follows the LP (jobs are preempted when rounds reassign them).
func TestMaxMinRuns(t *testing.T) {
	jobs := genJobs(t, "similarity:jobs=24", 2)
	cl, _ := core.ParseCluster(gavelCluster)
	for _, params := range []string{"", `{"throughputs":"similarity"}`} {
		s1, _, _ := run(t, "gavel-maxmin", params, jobs, cl, 2, 60*core.Second)
		s2, _, _ := run(t, "gavel-maxmin", params, jobs, cl, 2, 60*core.Second)
		if s1.Completed != len(jobs) {
			t.Errorf("%s: got %d completed, want %d", params, s1.Completed, len(jobs))
		}
		if *s1.Makespan != *s2.Makespan {
			t.Errorf("%s: re-run differs: %v vs %v", params, *s1.Makespan, *s2.Makespan)
		}
		t.Logf("%s: makespan %.2f h, mean JCT %.2f h, %d preemptions", params, *s1.Makespan/3600, *s1.MeanJCT/3600, s1.Preemptions)
	}
}
