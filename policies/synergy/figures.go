package synergy

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"schedlab/policies/figure"
	"schedlab/policies/scenario"
)

// The sources of the figures' references: the paper (Mohan, Phanishayee, Kulkarni, Chidambaram,
// "Looking Beyond GPUs for DNN Scheduling on Multi-Tenant Clusters", OSDI 2022) and the authors'
// artifact (msr-fiddle/synergy@1bb2bed6).
const (
	synergyPaper = "Mohan, Phanishayee, Kulkarni, Chidambaram, OSDI 2022"
	srcHeadline  = synergyPaper + ", the abstract's headline as a summary of the paper gives it"
	srcFig1Trend = synergyPaper + ", Fig 1: TUNE's curve parts from GPU-proportional's as load rises"
	srcAE        = "msr-fiddle/synergy@1bb2bed6 ae-readme.md: FIFO+Tune at 9 jobs/h, seed 42, the numbers to compare with " + synergyPaper + ", Fig 8; a re-run of the authors' simulator at that commit (runner.py's defaults: FIFO+tune, 9 jobs/h, seed 42) prints the same Mean and 99th to the last digit"
	// quoteHeadline is a summary's words for the abstract's "up to 3.4x" (the project's copy of the
	// paper's text is that summary).
	quoteHeadline = "workload-aware CPU and memory allocations improves job completion time up to 3.4X"
	// bandRerun is the band of a number the authors' simulator printed.
	bandRerun   = "±0.5 %: the port runs the authors' simulation on their stream and seed, so it should print their number; the re-runs match to the millisecond"
	srcFig9     = "ours, on " + synergyPaper + ", Fig 9 (average JCT by workload mix): TUNE gains by giving language jobs' spare cores to image and speech jobs, so without language jobs its gain shrinks; the paper's words on the trend are not checked here"
	srcRatio    = synergyPaper + ", the CPU:GPU-ratio figure (msr-fiddle/synergy@1bb2bed6 configs/cluster_4/5/6.ini): the gain of TUNE over GPU-proportional shrinks as the cores per GPU grow"
	srcFig12    = synergyPaper + ", Fig 12: TUNE also lowers JCT for DRF and Tetris"
	srcPhysical = synergyPaper + ", §6 (physical cluster): TUNE faster than GPU-proportional (the direction only; the paper's magnitudes are not transcribed here)"
)

// srcFig8Trend and srcFig8Greedy are Fig 8's shapes, with the re-runs' seed-42 numbers behind them.
var (
	srcFig8Trend  = synergyPaper + ", Fig 8: the gap between GPU-proportional and TUNE widens with load" + rerunEffect("fifo+tune", "fifo+proportional", "6", "9")
	srcFig8Greedy = synergyPaper + ", Fig 8: GREEDY above TUNE once the cluster queues" + rerunEffect("fifo+tune", "fifo+greedy", "9")
)

// measured is the paper's measurement: JCTs of job ids 4000-4999, the run ending when they finish.
const measured = "jobs 4000-4999"

// singleSeeds are the single-GPU figures' default seeds: the authors' seed 42, on which the
// re-runs' references are judged, and more of their stream for the intervals of the others. All
// single-GPU figures share them, so that a cell one figure shares with another (fig8 at 9 jobs/h,
// fig8-cdf, fig9's and the ratio figure's default points, fig12's workload) is one run.
var singleSeeds = seedList(authorsSeed, 1, 14)

// seedList is first, then lo … hi.
func seedList(first, lo, hi uint64) []uint64 {
	out := []uint64{first}
	for s := lo; s <= hi; s++ {
		out = append(out, s)
	}
	return out
}

// Figures lists the family's figures, in the paper's order.
func Figures() []*figure.Figure {
	return []*figure.Figure{fig1(), fig8(), fig8CDF(), fig9(), figRatio(), fig12(), figPhysical()}
}

// arrivals is how many jobs the single-GPU figures generate. The authors' generator never stops
// (dynamic mode makes the next job when the previous one arrives) and their run ends when jobs
// 4000-4999 finish; under DRF or Tetris at 9 jobs/h that is after job 8,000 arrives, and stopping
// arrivals there empties the cluster early and flatters the policy (Tetris, seed 42: 17.5 h instead
// of 19.0 h). 30,000 arrivals did not outlast Tetris+TUNE's window on seed 1009, 40,000
// (authorsLongJobs) do on every seed tried; the runner warns for each cell whose arrivals ran out
// before its window ended (Outcome.ShortWorkload). The first jobs are the same whatever the count.
const arrivals = authorsLongJobs

// fig1Horizon is how long synergy-fig1's arrivals go on, in hours: each load generates the jobs
// that arrive in that time (at least 8,000), so that arrivals still come when the window ends, as
// under the authors' endless generator. With 8,000 arrivals the queue emptied early past
// saturation and the result depended on the job count (TUNE ÷ proportional 0.75 with 8,000 jobs,
// 0.68 with 30,000 and 0.54 with 100,000 at 8 jobs/h, seed 1). Our multi-GPU stream fills the 128
// GPUs at about 4 jobs/h at the proportional speed. Past that LAS holds back the window's jobs
// that have run longest until a 1000-h bump or an empty queue, and the window's end runs away
// with the arrivals (LAS+proportional, seed 1: not ended by the 16,000th arrival at 6 jobs/h, nor
// by the 100,000th at 8 jobs/h; seed 7 at 4.5 jobs/h: after the 27,000th): a fixed window of jobs
// has no JCT there, so the sweep stops at 4 jobs/h. At 4 the windows of seeds 1001-1012 end by
// 6,300 h; 10,000 h of arrivals leave room, and the runner warns if a window outlasts them.
const fig1Horizon = 10000

// fig1Jobs is synergy-fig1's workload size at rate jobs/h (fig1Horizon).
func fig1Jobs(rate float64) int {
	return max(8000, int(math.Ceil(rate*fig1Horizon)))
}

// simulated is the paper's simulated setup: generated jobs on 16x8 V100 (24 cores and 500 GB per
// server), rounds of 300 s, measured over jobs 4000-4999, stopping when they finish. The figures'
// cells run one policy each, the scenarios (Scenarios) several.
func simulated(gen, cluster string, seed uint64, policies ...string) scenario.Spec {
	return scenario.Spec{Generate: gen, Cluster: cluster, Round: 300, Policies: policies,
		WindowFrom: 4000, WindowTo: 5000, StopAtWindow: true, Seed: seed}
}

// singleGPU is the figures' single-GPU workload: the authors' stream (authorsWorkload), whose
// seed 42 the paper drew its workloads from, with arrivals jobs.
func singleGPU(rate, split string, ratio int) string {
	return authorsWorkload(arrivals, rate, split, ratio)
}

func series(names ...string) []figure.Series {
	out := make([]figure.Series, len(names))
	for i, n := range names {
		out[i] = figure.Series{Name: n, Label: label(n)}
	}
	return out
}

// label writes a registry name as the paper's legend does: "las+tune" → "LAS-Tune".
func label(name string) string {
	out := []byte(name)
	up := true
	for i, c := range out {
		switch {
		case c == '+':
			out[i], up = '-', false
			if i+1 < len(out) {
				out[i+1] -= 'a' - 'A'
			}
		case up && c >= 'a' && c <= 'z':
			out[i] -= 'a' - 'A'
		}
	}
	return string(out)
}

var meanJCT = figure.Metric{Name: "mean_jct_s", Unit: "s", Label: "average JCT", Window: measured}

// below is a direction reference: series under baseline on metric at sweep value x.
func below(s, baseline, x, metric, source string) figure.Ref {
	return figure.Ref{Kind: figure.Direction, Series: s, Baseline: baseline, X: x, Metric: metric, Lower: true,
		Evidence: figure.PaperNumber, Source: source}
}

// fig1 is the introduction's figure: multi-GPU jobs (our stream: the authors' multi-GPU workload
// takes GPU counts from the Philly log, which cannot be regenerated), 0.5-4 jobs/h on the paper's
// grid (fig1Horizon says why not up to 8), judged on jobs 4000-4999 while arrivals go on. The
// figure judges the curves' shape, TUNE's gain growing with load for LAS and SRTF, from 2 jobs/h
// (no queue: the gain is the jobs' speed-up alone) to 3.5, the heaviest load of the grid below
// saturation, where a queue forms, and to 4, at saturation, where the gain is large but varies
// (a standard deviation of 19 points for LAS over seeds 1001-1012, against 3 at 3.5: the windows'
// ends hang on the 1000-h bumps). The abstract's "up to 3.4x" is a best case over the paper's
// figures at loads of its own workload, shown beside ours at our heaviest load and not judged.
func fig1() *figure.Figure {
	var rates []string
	for r := 1; r <= 8; r++ {
		rates = append(rates, strconv.FormatFloat(float64(r)/2, 'f', -1, 64))
	}
	names := []string{"las+proportional", "las+tune", "srtf+proportional", "srtf+tune"}
	f := &figure.Figure{
		ID: "synergy-fig1", Family: "synergy", Paper: paper, Number: "Fig 1",
		Caption: "Average JCT vs load, LAS and SRTF with GPU-proportional and TUNE allocation, multi-GPU jobs on 16x8",
		Sweep:   figure.Sweep{Name: "rate", Label: "load (jobs/h)", Values: rates},
		Series:  series(names...),
		Seeds:   fig1Seeds,
		Metrics: []figure.Metric{meanJCT},
		Chart:   figure.Lines,
		Cell: func(x, s int, seed uint64) scenario.Spec {
			rate, _ := strconv.ParseFloat(rates[x], 64)
			gen := fmt.Sprintf("synergy:jobs=%d,rate=%s,split=20/70/10,multigpu=true", fig1Jobs(rate), rates[x])
			return simulated(gen, "16x8", seed, names[s])
		},
	}
	for _, to := range []string{"3.5", "4"} {
		for _, p := range []string{"las", "srtf"} {
			f.Refs = append(f.Refs, figure.Ref{Kind: figure.Trend, Series: p + "+tune", Baseline: p + "+proportional", X: "2", To: to,
				Metric: meanJCT.Name, Lower: true, Evidence: figure.PaperNumber, Source: srcFig1Trend})
		}
	}
	f.Refs = append(f.Refs, figure.Ref{Kind: figure.Relative, Series: "las+tune", Baseline: "las+proportional", X: "4",
		Metric: meanJCT.Name, Value: 1/3.4 - 1, Shown: true, Evidence: figure.PaperNumber, Source: srcHeadline, Quote: quoteHeadline,
		Why: map[string]string{figure.Shown: "\"up to\" is the best case over all the paper's figures, at loads of its own workload, not a number at any load we run"}})
	return f
}

// fig1Seeds are synergy-fig1's default seeds (our PCG stream): sixteen, about what the page affords.
var fig1Seeds = seedList(1, 2, 16)

var fifoSeries = []string{"fifo+proportional", "fifo+greedy", "fifo+tune"}

// fig8 is mean JCT over load for single-GPU jobs on the authors' stream. The paper's Fig 8 is the
// authors' simulator at their seed 42, so its curve values are the re-runs' (rerunRefs), judged on
// that seed; over the other seeds of their generator the figure judges what the curves show: the
// gap between GPU-proportional and TUNE widens with load, and TUNE stays below GREEDY where the
// cluster is loaded. (That TUNE is below proportional at a load is no claim worth judging: under
// FIFO with single-GPU jobs TUNE never gives a job less than its proportional share.)
func fig8() *figure.Figure {
	rates := []string{"6", "7", "8", "8.5", "9"}
	refs := []figure.Ref{{Kind: figure.Absolute, Series: "fifo+tune", X: "9", Metric: meanJCT.Name, Value: 21.88, Unit: "h",
		Tolerance: 0.005, Band: bandRerun, Seeds: []uint64{authorsSeed}, Evidence: figure.AuthorsCode, Source: srcAE, Quote: "Mean =  21.876600555555555"}}
	for _, x := range []string{"6", "8", "9"} {
		for _, r := range rerunRefs(x, x, "20/70/10", false, fifoSeries...) {
			if r.Series == "fifo+tune" && x == "9" {
				continue // the artifact's own number above
			}
			refs = append(refs, r)
		}
	}
	refs = append(refs,
		figure.Ref{Kind: figure.Trend, Series: "fifo+tune", Baseline: "fifo+proportional", X: "6", To: "9",
			Metric: meanJCT.Name, Lower: true, Evidence: figure.PaperNumber, Source: srcFig8Trend},
		below("fifo+tune", "fifo+greedy", "9", meanJCT.Name, srcFig8Greedy))
	return &figure.Figure{
		ID: "synergy-fig8", Family: "synergy", Paper: paper, Number: "Fig 8 (left)",
		Caption: "Average JCT vs load, FIFO with proportional, GREEDY and TUNE allocation, single-GPU jobs, split (20,70,10) on 16x8",
		Sweep:   figure.Sweep{Name: "rate", Label: "load (jobs/h)", Values: rates},
		Series:  series(fifoSeries...),
		Seeds:   singleSeeds,
		Metrics: []figure.Metric{meanJCT},
		Chart:   figure.Lines,
		Refs:    refs,
		Cell: func(x, s int, seed uint64) scenario.Spec {
			return simulated(singleGPU(rates[x], "20/70/10", 3), "16x8", seed, fifoSeries[s])
		},
	}
}

// fig8CDF is the JCT distribution at 9 jobs/h: the artifact's checkpoint and the re-runs' mean and
// 99th percentile of each allocation, all at seed 42 (the other seeds draw the spread).
func fig8CDF() *figure.Figure {
	metrics := []figure.Metric{meanJCT, {Name: "p99_jct_s", Unit: "s", Label: "p99 JCT", Window: measured}}
	for q := 5; q <= 100; q += 5 {
		metrics = append(metrics, figure.Metric{Name: fmt.Sprintf("jct_q%s_s", strconv.FormatFloat(float64(q)/100, 'f', -1, 64)),
			Unit: "s", Label: "JCT", Window: measured, Quantile: float64(q) / 100})
	}
	refs := []figure.Ref{
		{Kind: figure.Absolute, Series: "fifo+tune", Metric: meanJCT.Name, Value: 21.88, Unit: "h", Tolerance: 0.005, Band: bandRerun,
			Seeds: []uint64{authorsSeed}, Evidence: figure.AuthorsCode, Source: srcAE, Quote: "Mean =  21.876600555555555"},
		{Kind: figure.Absolute, Series: "fifo+tune", Metric: "p99_jct_s", Value: 156.93, Unit: "h", Tolerance: 0.005, Band: bandRerun,
			Seeds: []uint64{authorsSeed}, Evidence: figure.AuthorsCode, Source: srcAE, Quote: "99th =  156.93307777777775"},
	}
	refs = append(refs, rerunRefs("", "9", "20/70/10", true, "fifo+proportional", "fifo+greedy")...)
	return &figure.Figure{
		ID: "synergy-fig8-cdf", Family: "synergy", Paper: paper, Number: "Fig 8 (right)",
		Caption: "CDF of JCT at 9 jobs/h, FIFO with proportional, GREEDY and TUNE allocation, single-GPU jobs on 16x8",
		Series:  series(fifoSeries...),
		Seeds:   singleSeeds,
		Metrics: metrics,
		Chart:   figure.CDF,
		Refs:    refs,
		Cell: func(x, s int, seed uint64) scenario.Spec {
			return simulated(singleGPU("9", "20/70/10", 3), "16x8", seed, fifoSeries[s])
		},
	}
}

// fig9 is the benefit of TUNE over the class split (image, language, speech). TUNE's gain comes
// from language jobs, whose speed does not depend on CPU: it takes their spare cores for the
// image and speech jobs that are starved at the proportional share. Without language jobs
// (50/0/50) every job wants more than its share and there is nothing to redistribute, so the
// gain shrinks; the figure judges that change from the default mix, as our check (the paper's
// words on it are not checked here), and the re-runs of the authors' simulator at each mix on
// seed 42.
func fig9() *figure.Figure {
	splits := []string{"20/70/10", "33/33/33", "50/0/50"}
	var refs []figure.Ref
	for _, split := range splits { // the re-runs at seed 42
		refs = append(refs, rerunRefs(split, "9", split, false, "fifo+proportional", "fifo+tune")...)
	}
	refs = append(refs, figure.Ref{Kind: figure.Trend, Series: "fifo+tune", Baseline: "fifo+proportional", X: "20/70/10",
		To: "50/0/50", Metric: meanJCT.Name, Lower: false, Evidence: figure.OurCheck, Source: srcFig9})
	return tuneSweep("synergy-fig9", "Fig 9", "Average JCT by workload mix (image/language/speech %)",
		figure.Sweep{Name: "split", Label: "class split (image/language/speech %)", Values: splits}, refs,
		func(x int) (string, string) { return singleGPU("9", splits[x], 3), "16x8" })
}

// figRatio is the benefit of TUNE over the CPU cores per GPU (configs/cluster_4/5/6.ini with the
// models-4/5/6 profiles; ratio 3 is the default cluster). With more cores per GPU the proportional
// share comes closer to what the sensitive models want, and the gain of TUNE shrinks: the figure
// judges that change between neighbouring ratios and over the whole range.
func figRatio() *figure.Figure {
	ratios := []int{3, 4, 5, 6}
	values := []string{"3", "4", "5", "6"}
	var refs []figure.Ref
	for _, p := range [][2]string{{"3", "6"}, {"3", "4"}, {"4", "5"}, {"5", "6"}} {
		refs = append(refs, figure.Ref{Kind: figure.Trend, Series: "fifo+tune", Baseline: "fifo+proportional", X: p[0], To: p[1],
			Metric: meanJCT.Name, Lower: false, Evidence: figure.PaperNumber, Source: srcRatio})
	}
	return tuneSweep("synergy-ratio", "CPU:GPU ratio", "Average JCT by CPU cores per GPU",
		figure.Sweep{Name: "ratio", Label: "CPU cores per GPU", Values: values}, refs,
		func(x int) (string, string) {
			if ratios[x] == 3 {
				return singleGPU("9", "20/70/10", 3), "16x8" // the default cluster, spelt as fig8's: one run serves both
			}
			return singleGPU("9", "20/70/10", ratios[x]), fmt.Sprintf("16x8,cpu=%d", 8*ratios[x])
		})
}

// tuneSweep is a bar figure of FIFO proportional vs TUNE over a sweep of the single-GPU workload at
// 9 jobs/h (workload gives each sweep value's generator and cluster), judged by refs.
func tuneSweep(id, number, what string, sweep figure.Sweep, refs []figure.Ref, workload func(x int) (gen, cluster string)) *figure.Figure {
	names := []string{"fifo+proportional", "fifo+tune"}
	return &figure.Figure{
		ID: id, Family: "synergy", Paper: paper, Number: number,
		Caption: what + ", FIFO proportional vs TUNE, single-GPU jobs at 9 jobs/h on 16x8",
		Sweep:   sweep,
		Series:  series(names...),
		Seeds:   singleSeeds,
		Metrics: []figure.Metric{meanJCT},
		Chart:   figure.Bars,
		Refs:    refs,
		Cell: func(x, s int, seed uint64) scenario.Spec {
			gen, cluster := workload(x)
			return simulated(gen, cluster, seed, names[s])
		},
	}
}

// fig12 is TUNE added to the other multi-resource schedulers. Both pack as the authors' DRF and
// TETRIS do: their order, then the Synergy first-fit walk at the ideal demand, skipping a job that
// does not fit (GREEDY; tetris.py and drf.py call Cluster.allocate with placement off), or TUNE.
//
// The paper says TUNE lowers JCT for both. On the authors' stream DRF+TUNE is below DRF, while
// Tetris+TUNE is not shown below Tetris (five seeds, 42 and 1-4, had put it above; more seeds
// leave the interval across zero), and the port is not why: DRF and Tetris with and without TUNE
// give the authors' simulator's numbers to the millisecond on this workload at seed 42 (the
// figure's re-run references) and on the static trace, and there their own simulator also has
// Tetris+TUNE above Tetris. The mechanism, from per-job runs:
//   - Tetris: TUNE gives every GPU to the next job in order (at the proportional share if the
//     ideal does not fit), where GREEDY skips such jobs and lets jobs further down take the GPU.
//     The jobs at the bottom of Tetris's order (long × large demand) then get only sporadic
//     leases, and each lease restarts the 1000-h starvation clock, which counts from a job's last
//     lease: seed 42's job 4733 (DeepSpeech, 204 h of work) waits for its bump and then runs in
//     155 h under GREEDY (JCT 1,155 h), but gets 551 scattered leases until 1,758 h under TUNE, is
//     bumped at 2,758 h and ends with JCT 2,342 h.
//     Leases at the proportional share also cost CPU-sensitive jobs their speed-up, and the next
//     key sees speed-up 1 (2.4-2.9 times larger for ResNet-18, ShuffleNet, AlexNet). A few such
//     jobs per seed (3-9 window jobs above 500 h) make the mean; medians are unchanged.
//   - DRF: the key is the dominant share of the ideal demand, the same in both modes, so the jobs
//     with the largest shares (AlexNet, ShuffleNet, ResNet-18, M5: 170 of the 1,000 window jobs)
//     wait for the 1000-h bump either way, and TUNE's gain is the speed-up of the others: small.
func fig12() *figure.Figure {
	names := []string{"drf", "drf+tune", "tetris", "tetris+tune"}
	return &figure.Figure{
		ID: "synergy-fig12", Family: "synergy", Paper: paper, Number: "Fig 12",
		Caption: "Average JCT of DRF and Tetris with GREEDY packing and with TUNE, single-GPU jobs at 9 jobs/h on 16x8",
		Series:  series(names...),
		Seeds:   singleSeeds,
		Metrics: []figure.Metric{meanJCT},
		Chart:   figure.Bars,
		Refs: figure.Explain(append(rerunRefs("", "9", "20/70/10", false, names...),
			below("drf+tune", "drf", "", meanJCT.Name, srcFig12),
			below("tetris+tune", "tetris", "", meanJCT.Name, srcFig12)), "tetris+tune", "tetris", "", figure.Inconclusive,
			"TUNE gives each GPU to the next job in Tetris's order where GREEDY lets later jobs take it, so the jobs at the bottom get "+
				"scattered leases that restart the 1000-h starvation clock; the authors' own simulator also has Tetris+TUNE above Tetris at seed 42"),
		Cell: func(x, s int, seed uint64) scenario.Spec {
			return simulated(singleGPU("9", "20/70/10", 3), "16x8", seed, names[s])
		},
	}
}

// figPhysical replays the physical cluster's two 100-job traces in the simulator, as the paper's
// --replay_trace does: the static one (all jobs at t ≈ 0, first round at 1 s as in the authors'
// static mode) and the dynamic one (arrivals over 12,039 s). The traces fix the workload and the
// policies draw no random numbers, so one seed is the whole figure.
func figPhysical() *figure.Figure {
	traces := []string{"static", "dynamic"}
	files := []string{"data:synergy/static_100job_6_3_1100.0", "data:synergy/dynamic_srtf.log"}
	names := physicalNames
	f := &figure.Figure{
		ID: "synergy-physical", Family: "synergy", Paper: paper, Number: "physical cluster (§6)",
		Caption: "The physical cluster's static and dynamic 100-job traces replayed on 4x8 (24 cores, 500 GB per server): mean JCT and makespan of ten schedulers",
		Sweep:   figure.Sweep{Name: "trace", Label: "trace", Values: traces},
		Series:  series(names...),
		Seeds:   []uint64{1},
		Metrics: []figure.Metric{meanJCT, {Name: "makespan_s", Unit: "s", Label: "makespan"}},
		Chart:   figure.Table,
		// The traces fix the workload and the policies draw no random numbers.
		Deterministic: true,
		Cell: func(x, s int, seed uint64) scenario.Spec {
			first := 1.0
			return scenario.Spec{Trace: files[x], Format: "synergy", Cluster: "4x8", Round: 300, FirstRound: &first,
				Progress: "round-credit", Policies: []string{names[s]}, Seed: seed}
		},
	}
	// Each static mean JCT as the authors' simulator printed it, in hours to the source's four
	// decimals: a point judged alone is consistent when ours rounds to those digits.
	for _, name := range names {
		i := slices.IndexFunc(staticReruns(), func(r Rerun) bool { return r.Policy == name })
		if i < 0 {
			continue // not re-run: nothing to compare with
		}
		r := staticReruns()[i]
		f.Refs = append(f.Refs, figure.Ref{Kind: figure.Absolute, Series: r.Policy, X: "static", Metric: meanJCT.Name,
			Value: round4(r.Mean), Unit: "h", Tolerance: 0.02, Evidence: figure.AuthorsCode, Source: r.command() + fmt.Sprintf(": Mean = %.4f h", r.Mean),
			Band: "±2 %: the replay runs the authors' simulation of the physical cluster's trace; the port matches it to the millisecond (a test pins that), the figure asks less"})
	}
	f.Refs = append(f.Refs,
		below("fifo+tune", "fifo+proportional", "static", "makespan_s", srcPhysical),
		below("fifo+tune", "fifo+proportional", "dynamic", meanJCT.Name, srcPhysical),
		below("srtf+tune", "srtf+proportional", "dynamic", meanJCT.Name, srcPhysical))
	return f
}
