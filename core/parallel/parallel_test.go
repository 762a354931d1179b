package parallel

import (
	"math"
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
)

// TestGavelCalibration: pure data-parallel 4-GPU jobs spread over servers are slowed by exactly
// Gavel's measured ratio at the default bandwidths; 2 and 8 GPUs stay in the measured range.
func TestGavelCalibration(t *testing.T) {
	tab := Builtin()
	for _, tc := range []struct {
		name         string
		lo, hi, want float64 // measured 2/8-GPU range and the 4-GPU ratio
	}{
		{"resnet50-dp", 1, 1.3, 1.07},
		{"resnet18-dp", 2, 6, 3.01},
		{"transformer-dp", 1.5, 3.7, 1.86},
	} {
		sh, _ := tab.Lookup(tc.name)
		for _, g := range []int{2, 4, 8} {
			got := sh.Rho(core.Parallelism{DP: g, PP: 1, TP: 1}, 0, 8, core.DefaultIntraGbps, core.DefaultInterGbps)
			if g == 4 && math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("%s 4 GPUs: got ratio %v, want %v", tc.name, got, tc.want)
			}
			if got < tc.lo || got > tc.hi {
				t.Errorf("%s %d GPUs: got ratio %v, want within Gavel's [%v, %v]", tc.name, g, got, tc.lo, tc.hi)
			}
			t.Logf("%s %d GPUs: spread/consolidated %.3f", tc.name, g, got)
		}
	}
}

func TestWorkAndAlpha(t *testing.T) {
	sh, _ := Builtin().Lookup("gpt2-xl")
	p := core.Parallelism{DP: 2, PP: 2, TP: 4}
	w := sh.Work(p, 0)
	packed := w.Alpha(Packed(16, 8, 128, 25))
	// TP groups split across servers: put tp ranks round-robin on two servers.
	l := Layout{Server: make([]int, 16)}
	for k := range l.Server {
		l.Server[k] = k % 2
	}
	l.IntraGbps, l.InterGbps = Uniform(128, 25)
	split := w.Alpha(l)
	if !(packed < split) {
		t.Errorf("got packed %v, split %v: want packed faster", packed, split)
	}
	if mx := w.AlphaMax(25); !(split <= mx+1e-12) {
		t.Errorf("got split %v above αmax %v", split, mx)
	}
	if r := sh.Rho(p, 0, 8, 128, 25); !(r > 1) {
		t.Errorf("got ρ %v, want > 1", r)
	}
	t.Logf("gpt2-xl 2x2x4: comp %.3f s, packed %.3f s, tp split %.3f s, αmax %.3f s", w.Comp, packed, split, w.AlphaMax(25))
	var bytes float64
	for _, e := range w.Graph() {
		if e.U >= e.V {
			t.Fatalf("edge %v: want U < V", e)
		}
		bytes += e.Bytes
	}
	if bytes <= 0 {
		t.Errorf("got %v graph bytes, want > 0", bytes)
	}
}

func TestSpeedKeepsPureDataParallel(t *testing.T) {
	base := sim.ProfileSpeed{Models: core.BuiltinModels()}
	s := NewSpeed(base)
	c, err := core.ParseCluster("2x8")
	if err != nil {
		t.Fatal(err)
	}
	spread := sim.Placement{Type: core.V100, GPUs: 2, Servers: 2, GPUIDs: []int{0, 8}, Cluster: c}
	for _, j := range []core.Job{
		{ID: "a", GPUs: 2, Iterations: 10, Model: "resnet50"},
		{ID: "b", GPUs: 2, Iterations: 10, Model: "resnet18-dp", IterTime: 0.5},
	} {
		want, _ := base.IterTime(&j, spread)
		if got, _ := s.IterTime(&j, spread); got != want {
			t.Errorf("job %s without Par: got %v, want %v", j.ID, got, want)
		}
	}
	j := core.Job{ID: "c", GPUs: 2, Iterations: 10, Model: "resnet18-dp", IterTime: 0.5, Par: core.Parallelism{DP: 2, PP: 1, TP: 1}}
	cons := sim.Placement{Type: core.V100, GPUs: 2, Servers: 1, GPUIDs: []int{0, 1}, Cluster: c}
	a, _ := s.IterTime(&j, cons)
	b, _ := s.IterTime(&j, spread)
	if !(a > 0.5 && b > a) {
		t.Errorf("got consolidated %v, spread %v: want 0.5 < consolidated < spread", a, b)
	}
}

// TestRestartCost: jobs of a documented shape pay 30 s plus saving and loading 14 bytes per
// parameter at 2.5 GB/s; trace jobs (no parallelism) and unknown models keep the flat cost.
func TestRestartCost(t *testing.T) {
	s := NewSpeed(sim.ProfileSpeed{Models: core.BuiltinModels()})
	par := core.Parallelism{DP: 2, PP: 1, TP: 1}
	for _, tc := range []struct {
		name string
		job  core.Job
		want core.Time
	}{
		{"resnet50", core.Job{Model: "resnet50-dp", Par: par}, 30287},
		{"bert-large", core.Job{Model: "bert-large", Par: par}, 33808},
		{"gpt2-xl", core.Job{Model: "gpt2-xl", Par: par}, 47450},
		{"megatron", core.Job{Model: "megatron-8.3b", Par: par}, 122960},
		{"trace job", core.Job{Model: "gpt2-xl"}, 60000},
		{"unknown model", core.Job{Model: "vgg19", Par: par}, 60000},
	} {
		if got := s.RestartCost(&tc.job, 60*core.Second); got != tc.want {
			t.Errorf("%s: got %d ms, want %d ms", tc.name, got, tc.want)
		}
	}
}
