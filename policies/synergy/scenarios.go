package synergy

import (
	"fmt"

	"schedlab/policies/scenario"
)

const paper = "Synergy (Mohan et al., OSDI'22)"

// staticSource is where the synergy-static expectations come from.
const staticSource = "issue 5: the authors' simulator (msr-fiddle/synergy@1bb2bed6) re-run with configs/static_trace.ini, round 300 s, placement=False, static mode"

// Scenarios lists the family's presets (runner -scenario, the app's Figures panel).
func Scenarios() scenario.List {
	first := 1.0
	static := scenario.Scenario{
		Name:  "synergy-static",
		Title: "Synergy's static 100-job trace on 4x8 (24 cores, 500 GB per server): mean JCT of ten schedulers",
		Paper: paper,
		Spec: scenario.Spec{Trace: "data:synergy/static_100job_6_3_1100.0", Format: "synergy", Cluster: "4x8",
			Round: 300, FirstRound: &first, Progress: "round-credit"},
		Notes: "All 100 jobs arrive in the first 0.1 s; the authors' static mode runs its first round at t = 1 s.",
	}
	for _, e := range staticTable {
		static.Spec.Policies = append(static.Spec.Policies, e.name)
		static.Expected = append(static.Expected, scenario.Expected{Policy: e.name, Metric: "mean_jct_s", Value: e.want,
			Tolerance: 0.02, Source: staticSource})
	}
	fig8 := scenario.Scenario{
		Name:  "synergy-fig8",
		Title: "Synergy Fig 8: single-GPU jobs, 9 jobs/h, split (20,70,10) on 16x8; JCT over jobs 4000-4999",
		Paper: paper,
		Spec: scenario.Spec{Generate: "synergy:jobs=8000,rate=9,split=20/70/10", Cluster: "16x8", Round: 300,
			Policies:   []string{"fifo+proportional", "fifo+greedy", "fifo+tune"},
			WindowFrom: 4000, WindowTo: 5000, StopAtWindow: true, Seed: 1},
		Expected: []scenario.Expected{
			{Policy: "fifo+tune", Metric: "mean_jct_s", Value: 21.88 * 3600, Source: "ae-readme.md (authors' random stream, seed 42): mean 21.88 h"},
			{Policy: "fifo+tune", Metric: "p99_jct_s", Value: 156.93 * 3600, Source: "ae-readme.md (authors' random stream, seed 42): p99 156.93 h"},
		},
		Notes: "Another random stream than the authors': compare over several seeds, not one. At 9 jobs/h the " +
			"offered load of jobs 0-4999 under TUNE is 0.97-1.11 of the cluster depending on the stream (1.11-1.26 " +
			"at the proportional share), so the backlog met by jobs 4000-4999 varies a lot: fifo+tune seeds 1-10 give " +
			"19-67 h (mean 41 h). The authors' seed-42 durations (Python's Mersenne Twister, reproduced) have load 0.97 " +
			"and give 16-26 h (mean 21.5 h, p99 150-161 h) here, against 21.88 h / 156.93 h; their arrival stream " +
			"depends on the Philly log's length and cannot be rebuilt exactly. Ordering tune < greedy < proportional " +
			"holds on every seed.",
	}
	out := scenario.List{static, fig8}
	out = append(out, scenario.Scenario{
		Name:  "synergy-load",
		Title: "Synergy Fig 1: LAS and SRTF, proportional vs TUNE, multi-GPU jobs at 8 jobs/h on 16x8 (sweep rate= for the curve)",
		Paper: paper,
		Spec: scenario.Spec{Generate: "synergy:jobs=8000,rate=8,split=20/70/10,multigpu=true", Cluster: "16x8", Round: 300,
			Policies:   []string{"las+proportional", "las+tune", "srtf+proportional", "srtf+tune"},
			WindowFrom: 4000, WindowTo: 5000, StopAtWindow: true, Seed: 1},
		Notes: "The paper sweeps 0.5-8 jobs/h in steps of 0.5: run this scenario with -generate synergy:…,rate=R for each R. TUNE is below proportional at every load [SRC: up to 3.4x].",
	})
	for _, m := range []struct{ name, split, note string }{
		{"synergy-mix", "20/70/10", "the default mix"},
		{"synergy-mix-33", "33/33/33", "equal shares"},
		{"synergy-mix-50", "50/0/50", "no language jobs"},
	} {
		out = append(out, scenario.Scenario{
			Name:  m.name,
			Title: fmt.Sprintf("Synergy Fig 9: class split (%s) image/language/speech, single-GPU, 9 jobs/h on 16x8", m.split),
			Paper: paper,
			Spec: scenario.Spec{Generate: "synergy:jobs=8000,rate=9,split=" + m.split, Cluster: "16x8", Round: 300,
				Policies:   []string{"fifo+proportional", "fifo+tune"},
				WindowFrom: 4000, WindowTo: 5000, StopAtWindow: true, Seed: 1},
			Notes: "Benefit grows with the share of CPU-sensitive image/speech jobs (" + m.note + ").",
		})
	}
	for _, r := range []int{4, 5, 6} {
		name := fmt.Sprintf("synergy-ratio-%d", r)
		if r == 4 {
			name = "synergy-ratio"
		}
		out = append(out, scenario.Scenario{
			Name:  name,
			Title: fmt.Sprintf("Synergy CPU:GPU ratio %d (16x8,cpu=%d with the models-%d profiles), single-GPU, 9 jobs/h", r, 8*r, r),
			Paper: paper,
			Spec: scenario.Spec{Generate: fmt.Sprintf("synergy:jobs=8000,rate=9,split=20/70/10,ratio=%d", r),
				Cluster: fmt.Sprintf("16x8,cpu=%d", 8*r), Round: 300,
				Policies:   []string{"fifo+proportional", "fifo+tune"},
				WindowFrom: 4000, WindowTo: 5000, StopAtWindow: true, Seed: 1},
			Notes: "The gain of TUNE shrinks as the ratio grows (ratio 3 is synergy-mix); the speed model picks the profile set from the cluster's cores per GPU.",
		})
	}
	out = append(out, scenario.Scenario{
		Name:  "synergy-smoke",
		Title: "Synergy family smoke test: 100 single-GPU jobs at 9 jobs/h on 4x8",
		Paper: paper,
		Spec: scenario.Spec{Generate: "synergy:jobs=100,rate=9", Cluster: "4x8", Round: 300,
			Policies: []string{"fifo+proportional", "fifo+greedy", "fifo+tune", "srtf+tune", "las+tune", "ftf+tune", "drf", "tetris"}, Seed: 1},
		Smoke: true,
	})
	return out
}
