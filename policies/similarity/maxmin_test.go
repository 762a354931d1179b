package similarity

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/hetero"
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
		// Comparative advantage with every job doubled on twice the GPUs: two classes of two jobs,
		// the same optimum, and both jobs of a class get the class's fractions.
		{"classes", [][]float64{{1, 4}, {2, 1}, {1, 4}, {2, 1}}, []int{1, 1, 1, 1}, []int{2, 2}, 4.0 / 3,
			[][]float64{{0, 1}, {1, 0}, {0, 1}, {1, 0}}},
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

// TestSolveMaxMinClassCap gives the LP maxClasses+2 distinct classes: the first maxClasses (in
// input order) get an allocation, the two beyond the cap get none.
func TestSolveMaxMinClassCap(t *testing.T) {
	n := maxClasses + 2
	thr := make([][]float64, n)
	gpus := make([]int, n)
	for j := range n {
		thr[j], gpus[j] = []float64{1, 1 + float64(j)/float64(n)}, 1
	}
	x, _, err := SolveMaxMin(thr, gpus, []int{8, 8})
	if err != nil {
		t.Fatal(err)
	}
	for j := range n {
		got := x[j][0] + x[j][1]
		if want := j < maxClasses; (got > 1e-9) != want {
			t.Errorf("job %d: got Σ X = %v, want allocated = %v", j, got, want)
		}
	}
}

// TestMaxMinLPFailure forces the LP to fail (a pivot budget of 1): the run must not panic, every
// job still finishes on the equal-share fallback, and the run's warnings say why.
func TestMaxMinLPFailure(t *testing.T) {
	jobs := genJobs(t, "similarity:jobs=12,maxh=1", 1)
	cl, _ := core.ParseCluster("1x8:K80+1x8:P100+1x8:V100")
	pol, err := newMaxMin(nil)
	if err != nil {
		t.Fatal(err)
	}
	pol.(*MaxMin).opts.limit = 1
	s, r, _ := runPolicy(t, pol, jobs, cl, 1, 60*core.Second)
	if s.Completed != len(jobs) {
		t.Errorf("got %d completed, want %d", s.Completed, len(jobs))
	}
	found := 0
	for _, w := range r.Warnings {
		if strings.Contains(w.Text, "allocation LP failed (lp: iteration limit)") {
			found = w.Count
		}
	}
	if found == 0 {
		t.Errorf("got warnings %v, want one for the failed LP", r.Warnings)
	}
}

// TestMaxMinParams checks that k and exclude are refused with measured throughputs whenever the
// key is given, even at its default value.
func TestMaxMinParams(t *testing.T) {
	tests := []struct {
		params, wantErr string
	}{
		{``, ""},
		{`null`, ""},
		{`{"throughputs":"measured"}`, ""},
		{`{"k":3}`, "k applies only with throughputs=similarity"},
		{`{"k":3,"throughputs":"measured"}`, "k applies only"},
		{`{"exclude":"model"}`, "exclude applies only"},
		{`{"k":3,"throughputs":"similarity"}`, ""},
	}
	for _, tc := range tests {
		_, err := newMaxMin(json.RawMessage(tc.params))
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("%s: got error %v, want none", tc.params, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%s: got error %v, want %q", tc.params, err, tc.wantErr)
		}
	}
}

// TestMaxMinReconsolidates runs batch seed 4, whose last 8-GPU job once started spread over both
// V100 servers and kept that gang to the end (24.5 h makespan): moving a spread gang onto one
// server when it fits brings the makespan back in line with the other seeds (12.0 h).
func TestMaxMinReconsolidates(t *testing.T) {
	jobs := genJobs(t, "similarity:jobs=48", 4)
	cl, _ := core.ParseCluster(gavelCluster)
	s, _, _ := run(t, "gavel-maxmin", "", jobs, cl, 4, 60*core.Second)
	if got := *s.Makespan / 3600; got > 15 {
		t.Errorf("got makespan %.2f h, want ≤ 15 h", got)
	}
}

// TestMaxMinAgnostic checks gavel-maxmin-agnostic: its LP (the throughputs replaced by ones) gives
// every 1-GPU job at t = 0 of Gavel's max_min_fairness trace the same total time, which the
// speed-aware LP does not; and on the whole trace every job finishes, in another schedule than
// gavel-maxmin's.
func TestMaxMinAgnostic(t *testing.T) {
	jobs := gavelTrace(t, "max_min_fairness")
	tab := hetero.Gavel()
	var thr, flat [][]float64
	var gpus []int
	for _, j := range jobs {
		if j.Submit != 0 {
			continue
		}
		row := make([]float64, 3)
		for k, typ := range []core.GPUType{"K80", "P100", "V100"} {
			row[k], _ = tab.Throughput(j.Model, typ, j.GPUs, false)
		}
		thr, flat, gpus = append(thr, row), append(flat, ones(row)), append(gpus, j.GPUs)
	}
	gap := func(thr [][]float64) float64 { // largest gap in Σ_t X between two 1-GPU jobs
		x, _, err := SolveMaxMin(thr, gpus, []int{8, 8, 8})
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for j, g := range gpus {
			if g == 1 {
				s := x[j][0] + x[j][1] + x[j][2]
				lo, hi = min(lo, s), max(hi, s)
			}
		}
		return hi - lo
	}
	if d := gap(flat); d > 1e-9 {
		t.Errorf("agnostic: 1-GPU jobs' total time differs by %v, want equal", d)
	}
	if d := gap(thr); d < 0.05 {
		t.Errorf("aware: 1-GPU jobs' total time differs by %v, want unequal", d)
	}
	cl, _ := core.ParseCluster("1x8:K80+1x8:P100+1x8:V100")
	a := runRounds(t, newPolicy(t, "gavel-maxmin-agnostic", ""), jobs, cl, 360*core.Second)
	b := runRounds(t, newPolicy(t, "gavel-maxmin", ""), jobs, cl, 360*core.Second)
	same := true
	for i := range a.Jobs {
		if a.Jobs[i].End < 0 {
			t.Errorf("agnostic: job %d did not finish", i)
		}
		same = same && a.Jobs[i].End == b.Jobs[i].End
	}
	if same {
		t.Error("agnostic: every job ends as under gavel-maxmin")
	}
}

// TestPyRandom checks the Mersenne Twister against CPython 3.11: random.Random(5)'s first three
// getrandbits(32), and six successive shuffles of a fresh ["v100", "p100", "k80"] (as indexes).
func TestPyRandom(t *testing.T) {
	r := newPyRandom(5)
	for _, want := range []uint32{2675342405, 1097127993, 3185950873} {
		if got := r.uint32(); got != want {
			t.Errorf("got %d, want %d", got, want)
		}
	}
	r = newPyRandom(5)
	for k, want := range [][]int{{0, 1, 2}, {0, 1, 2}, {1, 0, 2}, {2, 0, 1}, {1, 0, 2}, {1, 2, 0}} {
		x := []int{0, 1, 2}
		r.shuffle(x)
		if !slices.Equal(x, want) {
			t.Errorf("shuffle %d: got %v, want %v", k, x, want)
		}
	}
}

// BenchmarkSolveMaxMin solves gavel-maxmin's LP for the first n jobs of a similarity workload all
// active at once on Gavel's 2x8 cluster of each type: the cost of one solve as the queue grows
// (the jobs form at most maxClasses classes, so it levels off).
func BenchmarkSolveMaxMin(b *testing.B) {
	types := []core.GPUType{"K80", "P100", "V100"}
	tab := hetero.Gavel()
	for _, n := range []int{100, 300, 1000} {
		jobs := genJobs(b, fmt.Sprintf("similarity:jobs=%d", n), 1)
		thr := make([][]float64, len(jobs))
		gpus := make([]int, len(jobs))
		for i, j := range jobs {
			thr[i] = make([]float64, len(types))
			for k, typ := range types {
				thr[i][k], _ = tab.Throughput(j.Model, typ, j.GPUs, false)
			}
			gpus[i] = j.GPUs
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := SolveMaxMin(thr, gpus, []int{16, 16, 16}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
