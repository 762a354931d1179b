package hetero

import (
	"math"
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
)

// The efficiencies, computed independently from simulation_throughputs.json (Python: median over
// the job types measured at the shape of throughput ÷ (GPUs × the job type's 1-GPU throughput)).
func TestEfficienciesMatchTheFile(t *testing.T) {
	want := []efficiency{
		{Type: core.K80, GPUs: 2, Median: 0.8799981053450847, JobTypes: 18},
		{Type: core.P100, GPUs: 2, Spread: true, Median: 0.5405323952110612, JobTypes: 19},
		{Type: core.V100, GPUs: 4, Median: 0.5703229295178023, JobTypes: 19},
		{Type: core.V100, GPUs: 8, Median: 0.8095073597046712, JobTypes: 19},
		{Type: core.V100, GPUs: 8, Spread: true, Median: 0.2637975277184596, JobTypes: 19},
	}
	got := Gavel().eff
	if len(got) != 3*3*2 {
		t.Fatalf("got %d shapes, want 18 (3 types × 2, 4, 8 GPUs × consolidated, spread)", len(got))
	}
	for _, w := range want {
		found := false
		for _, g := range got {
			if g.Type == w.Type && g.GPUs == w.GPUs && g.Spread == w.Spread {
				found = true
				// The table holds the file's values: only the order of Python's and Go's
				// operations may differ.
				if g.JobTypes != w.JobTypes || math.Abs(g.Median-w.Median) > 1e-12 {
					t.Errorf("%s×%d spread=%v: got %v over %d job types, want %v over %d", w.Type, w.GPUs, w.Spread,
						g.Median, g.JobTypes, w.Median, w.JobTypes)
				}
			}
		}
		if !found {
			t.Errorf("%s×%d spread=%v missing", w.Type, w.GPUs, w.Spread)
		}
	}
}

func TestRateRule(t *testing.T) {
	tb := Gavel()
	eff := func(typ core.GPUType, gpus int, spread bool) float64 {
		for _, e := range tb.eff {
			if e.Type == typ && e.GPUs == gpus && e.Spread == spread {
				return e.Median
			}
		}
		t.Fatalf("no efficiency for %s×%d", typ, gpus)
		return 0
	}
	tests := []struct {
		name, model string
		typ         core.GPUType
		gpus        int
		spread      bool
		want        float64 // 0 = neither measured nor estimated
		estimated   bool
	}{
		{"measured", "ResNet-18 (batch size 64)", core.V100, 4, false, 95.58814453205626, false},
		{"measured spread", "ResNet-18 (batch size 64)", core.V100, 8, true, 63.15389344591445, false},
		{"1 GPU only: efficiency", "Recommendation (batch size 512)", core.V100, 4, false, 23.317634950657975 * 4 * eff(core.V100, 4, false), true},
		{"1 GPU only, spread", "Recommendation (batch size 512)", core.V100, 2, true, 23.317634950657975 * 2 * eff(core.V100, 2, true), true},
		{"beyond 8: the 8-GPU efficiency", "A3C", core.V100, 16, true, 7.175767179667988 * 16 * eff(core.V100, 8, true), true},
		{"between counts: the lower one's", "CycleGAN", core.P100, 7, false, 2.4026681703106223 * 7 * eff(core.P100, 4, false), true},
		{"own count below, per-GPU held", "ResNet-18 (batch size 64)", core.V100, 16, true, 63.15389344591445 * 2, true},
		{"own count below, odd count", "Transformer (batch size 32)", core.K80, 7, false, 7.984971344075782 * 7 / 4, true},
		{"consolidated only: spread from efficiency", "ResNet-50 (batch size 64)", core.K80, 4, true, 0.6190282202246573 * 4 * eff(core.K80, 4, true), true},
		{"unmeasured type", "ResNet-18 (batch size 64)", core.A100, 2, false, 0, false},
		{"one unmeasured GPU", "A3C", core.A100, 1, false, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, ok := tb.Profile(tc.model)
			if !ok {
				t.Fatalf("%s not in the table", tc.model)
			}
			x, est, ok := tb.Rate(p, tc.typ, tc.gpus, tc.spread)
			if ok != (tc.want > 0) || est != tc.estimated || math.Abs(x-tc.want) > 1e-9*tc.want {
				t.Errorf("got %v estimated=%v ok=%v, want %v estimated=%v", x, est, ok, tc.want, tc.estimated)
			}
		})
	}
}

// Every estimate the MSR traces can ask for exists and stays below perfect scaling of the 1-GPU
// throughput (the medians are all ≤ 1).
func TestEstimatesCoverGavelCounts(t *testing.T) {
	tb := Gavel()
	for _, p := range tb.Profiles() {
		for _, typ := range []core.GPUType{core.K80, core.P100, core.V100} {
			one, _ := p.At(typ, 1, false)
			for gpus := 2; gpus <= 64; gpus++ {
				for _, spread := range []bool{false, true} {
					x, _, ok := tb.Rate(&p, typ, gpus, spread)
					if !ok || !(x > 0) || x > one*float64(gpus)*1.6 {
						t.Errorf("%s on %d×%s spread=%v: got %v ok=%v (1 GPU %v)", p.JobType, gpus, typ, spread, x, ok, one)
					}
				}
			}
		}
	}
}

// The engine runs an estimated placement at the estimate, with no warning of its own (Check
// reports the job once).
func TestSpeedRunsEstimate(t *testing.T) {
	const iters = 100000
	cl, _ := core.ParseCluster("1x8:V100")
	tb := Gavel()
	job := core.Job{ID: "a", Line: 3, GPUs: 4, Iterations: iters, Model: "recommendation-bs512"}
	sp := Speed{Table: tb}
	note, err := sp.Check("m.trace", []core.Job{job}, cl, false)
	if err != nil || note != "1 job of 1 job type uses an estimated multi-GPU throughput (first: m.trace:3)" {
		t.Fatalf("Check: got %q, %v", note, err)
	}
	s, err := sim.New(sim.Config{Cluster: cl, Jobs: []core.Job{job}, Speed: sp, Policy: &onePolicy{gpus: []int{0, 1, 2, 3}}})
	if err != nil {
		t.Fatal(err)
	}
	r := s.Run()
	p, _ := tb.Profile(job.Model)
	x, _, _ := tb.Rate(p, core.V100, 4, false)
	want := core.Time(math.Ceil(iters / x * 1000))
	if got := r.Jobs[0].End; got < want-1 || got > want+1 {
		t.Errorf("end: got %d ms, want %d ms (%.4g it/s)", got, want, x)
	}
	if len(r.Warnings) != 0 {
		t.Errorf("warnings: got %v, want none", r.Warnings)
	}
}

func TestCheckCountsJobsAndTypes(t *testing.T) {
	cl, _ := core.ParseCluster("4x8:V100")
	jobs := []core.Job{
		{ID: "a", Line: 1, GPUs: 1, Iterations: 1, Model: "a3c"},
		{ID: "b", Line: 2, GPUs: 8, Iterations: 1, Model: "resnet18-bs64"},
		{ID: "c", Line: 3, GPUs: 4, Iterations: 1, Model: "a3c"},
		{ID: "d", Line: 4, GPUs: 2, Iterations: 1, Model: "a3c"},
		{ID: "e", Line: 5, GPUs: 32, Iterations: 1, Model: "resnet18-bs64"},
		{ID: "f", Line: 6, GPUs: 2, Iterations: 1, Model: "cyclegan", Duration: 60 * core.Second},
	}
	note, err := Speed{Table: Gavel()}.Check("x", jobs, cl, false)
	if want := "3 jobs of 2 job types use an estimated multi-GPU throughput (first: x:3)"; err != nil || note != want {
		t.Errorf("got %q, %v; want %q", note, err, want)
	}
	note, err = Speed{Table: Gavel()}.Check("x", jobs, cl, true)
	if note != "" || !located(err, "x:", "3: model: a3c has no measured throughput on 4×V100 on one server") {
		t.Errorf("measured only: got %q, %v; want errors naming x:3", note, err)
	}
}
