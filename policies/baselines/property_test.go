package baselines

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
	"schedlab/policies/placement"
)

var factories = []struct {
	name string
	f    func(json.RawMessage) (sim.Policy, error)
}{
	{NameFIFO, NewFIFO}, {NameFIFOBackfill, NewFIFOBackfill}, {NameSJF, NewSJF}, {NameSRTF, NewSRTF}, {NameSRSF, NewSRSF},
	{NameLAS, NewLAS}, {NameLAS + "-starve", func(p json.RawMessage) (sim.Policy, error) {
		return NewLASFrom(LASParams{Common: Common{Placement: placementOf(p)}, Thresholds: []float64{20, 100}, Starve: 1})
	}},
	{NameLAS + "-tiresias-order", func(p json.RawMessage) (sim.Policy, error) {
		return NewLASFrom(LASParams{Common: Common{Placement: placementOf(p)}, Thresholds: []float64{20, 100}, Starve: 1, QueueOrder: OrderTiresias})
	}},
}

func placementOf(p json.RawMessage) string {
	var c Common
	_ = json.Unmarshal(p, &c)
	return c.Placement
}

// randomJobs draws a small workload: gangs of 1-8 GPUs (some restricted to one type), durations
// of 1-120 s, arrivals within 5 minutes.
func randomJobs(rng *rand.Rand, n int, types []core.GPUType) []core.Job {
	jobs := make([]core.Job, n)
	for i := range jobs {
		g := []int{1, 1, 1, 2, 2, 4, 8}[rng.IntN(7)]
		jobs[i] = core.Job{ID: fmt.Sprint(i), GPUs: g, Submit: core.Time(rng.IntN(300)) * core.Second,
			Duration: core.Time(1+rng.IntN(120)) * core.Second}
		if len(types) > 1 && rng.IntN(3) == 0 {
			jobs[i].GPUTypes = []core.GPUType{types[rng.IntN(len(types))]}
		}
	}
	return jobs
}

func TestRandomWorkloads(t *testing.T) {
	specs := []string{"2x4", "3x2+1x4", "1x4:K80+2x4:V100"}
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := range 30 {
		spec := specs[trial%len(specs)]
		c, err := core.ParseCluster(spec)
		if err != nil {
			t.Fatal(err)
		}
		jobs := randomJobs(rng, 5+rng.IntN(40), c.Types())
		o := runOpts{round: core.Time(5+rng.IntN(60)) * core.Second, checkpoint: core.Time(rng.IntN(3)) * core.Second, seed: uint64(trial)}
		for _, f := range factories {
			for _, pl := range placement.Names() {
				name := fmt.Sprintf("%d/%s/%s/%s", trial, spec, f.name, pl)
				p := mustPolicy(t, f.f, fmt.Sprintf(`{"placement": %q}`, pl))
				r := mustRun(t, p, spec, jobs, o)
				checkInvariants(t, name, r)
			}
		}
	}
}

func checkInvariants(t *testing.T, name string, r *sim.Result) {
	t.Helper()
	for _, j := range r.Jobs {
		if j.Status == sim.Rejected {
			continue
		}
		if j.Status != sim.Done {
			t.Errorf("%s: job %s: got status %v, want done", name, j.Job.ID, j.Status)
			continue
		}
		if j.FirstStart < j.Job.Submit {
			t.Errorf("%s: job %s: got first start %v, want ≥ submit %v", name, j.Job.ID, j.FirstStart, j.Job.Submit)
		}
		if j.Held < j.Job.Duration {
			t.Errorf("%s: job %s: got %v held, want ≥ its duration %v", name, j.Job.ID, j.Held, j.Job.Duration)
		}
	}
	for _, iv := range r.Intervals {
		if sub := r.Jobs[iv.Job].Job.Submit; iv.From < sub || iv.To < iv.From {
			t.Errorf("%s: job %d: got interval [%v, %v], want within [submit %v, …)", name, iv.Job, iv.From, iv.To, sub)
		}
	}
}

func TestParams(t *testing.T) {
	tests := []struct {
		name    string
		f       func(json.RawMessage) (sim.Policy, error)
		params  string
		wantErr bool
	}{
		{"fifo defaults", NewFIFO, "", false},
		{"fifo null", NewFIFO, "null", false},
		{"fifo placement", NewFIFO, `{"placement": "spread"}`, false},
		{"fifo bad placement", NewFIFO, `{"placement": "best"}`, true},
		{"fifo unknown key", NewFIFO, `{"backfill": true}`, true},
		{"sjf trailing", NewSJF, `{} {}`, true},
		{"srtf not an object", NewSRTF, `[1]`, true},
		{"las thresholds", NewLAS, `{"thresholds_gpu_s": [100, 1000, 5000], "starve": 2}`, false},
		{"las descending", NewLAS, `{"thresholds_gpu_s": [100, 50]}`, true},
		{"las zero threshold", NewLAS, `{"thresholds_gpu_s": [0]}`, true},
		{"las single queue", NewLAS, `{"thresholds_gpu_s": []}`, false},
		{"las negative starve", NewLAS, `{"starve": -1}`, true},
		{"las queue orders", NewLAS, `{"queue_order": "running-first"}`, false},
		{"las tiresias order", NewLAS, `{"queue_order": "tiresias", "starve": 2}`, false},
		{"las unknown order", NewLAS, `{"queue_order": "fifo"}`, true},
		{"backfill unknown key", NewFIFOBackfill, `{"starve": 1}`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var raw json.RawMessage
			if tc.params != "" {
				raw = json.RawMessage(tc.params)
			}
			_, err := tc.f(raw)
			if (err != nil) != tc.wantErr {
				t.Errorf("got error %v, want error %v", err, tc.wantErr)
			}
		})
	}
}
