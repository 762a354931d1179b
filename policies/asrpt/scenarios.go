package asrpt

import (
	"fmt"

	"schedlab/policies/scenario"
)

const paper = "A-SRPT (Luo, Liu, Lee, Shroff, INFOCOM 2025)"

// workloadSpec is the scenarios' recurring workload.
const workloadSpec = "recurring:jobs=400,rate=4,sigma=0.5"

// BandwidthRatios are the intra/inter ratios of the asrpt-bandwidth-* scenarios (inter 25 Gbit/s).
var BandwidthRatios = []int{1, 4, 16, 64}

// LoadRates are the arrival rates (jobs/h) of the JCT-vs-load check; 4 is the asrpt-jct workload.
// The recurring workload offers about 0.3 × rate of the 8x8 cluster's GPU time at the
// consolidated placement (TestLoad prints it: 0.61 at 2/h … 1.82 at 6/h), so asrpt-jct (1.22) is
// already overloaded while its 400 jobs arrive, and the sweep runs from moderate load to overload.
var LoadRates = []int{2, 3, 4, 5, 6}

// Scenarios lists the family's presets. Lemma 1's ρ of a scenario's workload is Rho(jobs, cluster).
func Scenarios() scenario.List {
	all := []string{"a-srpt", "a-srpt-preempt", "srpt-oracle", "srpt-predicted-oblivious", "fifo", "las"}
	out := scenario.List{
		{Name: "asrpt-jct", Title: "A-SRPT: mean JCT per policy, 400 recurring mixed-parallel jobs at 4 jobs/h on 8x8",
			Paper: paper, Spec: scenario.Spec{Generate: workloadSpec, Cluster: "8x8", Policies: all, CheckpointCost: 60, Seed: 1},
			Notes: "ρ (Lemma 1) = asrpt.Rho(jobs, cluster). The 10-seed study: go test -run TestTenSeeds -v ./policies/asrpt."},
		{Name: "asrpt-error", Title: "A-SRPT: mean JCT vs prediction error σ (prediction = truth × e^ε, ε ~ N(0, σ²))",
			Paper: paper, Spec: scenario.Spec{Generate: workloadSpec, Cluster: "8x8", CheckpointCost: 60, Seed: 1,
				Policies: []string{"srpt-oracle", "a-srpt-err0.2", "a-srpt-err0.5", "a-srpt-err1", "a-srpt"}},
			Notes: "srpt-oracle is σ = 0; a-srpt uses the online random forest."},
		{Name: "asrpt-predictor", Title: "A-SRPT: random forest vs mean-of-history lengths (JCT); accuracy vs history length in the notes",
			Paper: paper, Spec: scenario.Spec{Generate: workloadSpec, Cluster: "8x8", CheckpointCost: 60, Seed: 1,
				Policies: []string{"srpt-oracle", "a-srpt", "a-srpt-meanhist"}},
			Notes: "R² and MAPE of the forest and of the mean-of-history predictor on a time-ordered 75/25 split, per history length: asrpt.Accuracy; go test -run TestPredictorAccuracy -v ./policies/asrpt."},
	}
	for _, r := range BandwidthRatios {
		name := fmt.Sprintf("asrpt-bandwidth-%d", r)
		if r == 16 {
			name = "asrpt-bandwidth"
		}
		out = append(out, scenario.Scenario{Name: name,
			Title: fmt.Sprintf("A-SRPT: intra/inter bandwidth ratio %d (bw=%d/25 Gbit/s) on 8x8", r, 25*r),
			Paper: paper, Spec: scenario.Spec{Generate: workloadSpec, Cluster: fmt.Sprintf("8x8,bw=%d/25", 25*r),
				Policies: []string{"a-srpt", "srpt-predicted-oblivious", "fifo", "las"}, CheckpointCost: 60, Seed: 1},
			Notes: "Sweep: asrpt-bandwidth-1, -4, asrpt-bandwidth (16), -64. A-SRPT's advantage over communication-oblivious placement grows with the ratio."})
	}
	for _, r := range LoadRates {
		if r == 4 {
			continue // asrpt-jct
		}
		out = append(out, scenario.Scenario{Name: fmt.Sprintf("asrpt-load-%d", r),
			Title: fmt.Sprintf("A-SRPT: mean JCT at %d jobs/h (asrpt-jct is 4 jobs/h) on 8x8", r),
			Paper: paper, Spec: scenario.Spec{Generate: fmt.Sprintf("recurring:jobs=400,rate=%d,sigma=0.5", r), Cluster: "8x8",
				Policies: []string{"a-srpt", "srpt-oracle", "srpt-predicted-oblivious", "las", "fifo"}, CheckpointCost: 60, Seed: 1},
			Notes: "JCT vs load (our sweep): asrpt-load-2, -3, asrpt-jct (4), -5, -6; the 10-seed study: go test -run TestLoad -v ./policies/asrpt."})
	}
	out = append(out, scenario.Scenario{Name: "asrpt-smoke", Title: "A-SRPT smoke test: 60 recurring jobs on 4x8",
		Paper: paper, Spec: scenario.Spec{Generate: "recurring:jobs=60,rate=4", Cluster: "4x8", Policies: all, CheckpointCost: 60, Seed: 1},
		Smoke: true})
	return out
}
