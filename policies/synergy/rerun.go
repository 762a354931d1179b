package synergy

import (
	"fmt"
	"slices"
	"strconv"

	"schedlab/policies/figure"
)

// Rerun is one configuration of the authors' simulator re-run at their seed 42 (msr-fiddle/synergy
// at 1bb2bed6, simulator/runner.py under CPython 3.11), as ae-readme.md says to run it: runner.py's
// schedulers, jobs_per_hours and class_split lists set to the one configuration, then
//
//	python3 runner.py --cluster_job_log LOG --no_use_cache --no_cache_result
//
// in simulator/. The repository keeps neither the Philly log nor the pool pickled from it (their
// blobs are not stored), so LOG is a stand-in of 100,000 one-GPU jobs: in this single-GPU Poisson
// mode the parser keeps a job's place in the pool and nothing else (its duration is drawn by
// get_gavel_like_iter, its arrival by the Poisson process, its GPU count forced to 1). The pool is
// parsed once after random.seed(42) and pickled, as the authors' first run does (its durations are
// drawn while parsing); every run then loads it and draws its arrivals from a fresh seed-42 stream.
// The FIFO+Tune run at 9 jobs/h gives ae-readme.md's Mean and 99th to the last printed digit. The
// authors' runner prints JCTs in hours. scripts/synergyrerun repeats the recorded runs and compares
// the printed numbers.
//
// A run on the physical cluster's static trace (Trace StaticTrace) replays the authors' own file
// instead, as the paper's physical-cluster comparison does:
//
//	python3 runner.py --replay_trace deploy_trace/static_100job_6_3_1100.0 --static --config_file configs/static_trace.ini --no_use_cache --no_cache_result
//
// with runner.py's schedulers set and its series_id_filter set to (0, 100): the default window,
// jobs 4000-4999, holds none of the trace's 100 jobs, and the mean would be nan.
type Rerun struct {
	Scheduler string  // the authors' name: FIFO+fair, FIFO, FIFO+tune, TETRIS, …
	Policy    string  // our registry name
	Trace     string  // "" for the Poisson workload at Rate and Split, or StaticTrace
	Rate      string  // jobs per hour
	Split     string  // class split as the figures spell it
	Mean, P99 float64 // "Mean =" and "99th =", hours
}

// StaticTrace is Rerun.Trace of the runs on the authors' static 100-job trace.
const StaticTrace = "static"

// Reruns returns the recorded re-runs (a copy).
func Reruns() []Rerun { return slices.Clone(reruns) }

// reruns are the re-runs' printed numbers.
var reruns = []Rerun{
	poissonRun("FIFO+tune", "fifo+tune", "9", "20/70/10", 21.876600555555555, 156.93307777777775),
	poissonRun("FIFO+tune", "fifo+tune", "8", "20/70/10", 15.252685833333334, 149.8621583333333),
	poissonRun("FIFO+fair", "fifo+proportional", "9", "20/70/10", 81.08860055555556, 214.61023055555555),
	poissonRun("FIFO", "fifo+greedy", "9", "20/70/10", 24.984100555555557, 159.67807777777776),
	poissonRun("FIFO+fair", "fifo+proportional", "8", "20/70/10", 27.4251025, 161.11645277777774),
	poissonRun("FIFO", "fifo+greedy", "8", "20/70/10", 15.254185833333334, 149.8621583333333),
	poissonRun("FIFO+fair", "fifo+proportional", "6", "20/70/10", 17.30253972222222, 152.8975138888889),
	poissonRun("FIFO+tune", "fifo+tune", "6", "20/70/10", 15.247956388888888, 149.78228611111106),
	poissonRun("FIFO", "fifo+greedy", "6", "20/70/10", 15.247956388888888, 149.78228611111106),
	poissonRun("FIFO+fair", "fifo+proportional", "9", "50/0/50", 81.1121838888889, 214.60856388888888),
	poissonRun("FIFO+tune", "fifo+tune", "9", "50/0/50", 74.27243388888888, 207.77523055555554),
	poissonRun("FIFO+fair", "fifo+proportional", "9", "33/33/33", 81.07793388888888, 214.6093972222222),
	poissonRun("FIFO+tune", "fifo+tune", "9", "33/33/33", 31.03943388888889, 159.0800333333333),
	poissonRun("DRF", "drf", "9", "20/70/10", 185.44610055555557, 1031.7479972222222),
	poissonRun("DRF+tune", "drf+tune", "9", "20/70/10", 175.2446838888889, 1025.971486111111),
	poissonRun("TETRIS", "tetris", "9", "20/70/10", 19.182850555555557, 177.00318333333328),
	poissonRun("TETRIS+tune", "tetris+tune", "9", "20/70/10", 20.394517222222223, 185.77651666666662),
	staticRun("FIFO+fair", "fifo+proportional", 5.631097361111111, 12.94025192777779),
	staticRun("FIFO+tune", "fifo+tune", 5.0827640277777775, 10.587751136111114),
	staticRun("LAS+fair", "las+proportional", 5.625264027777778, 11.169430786111114),
	staticRun("LAS+tune", "las+tune", 5.171097361111112, 10.419440230555558),
	staticRun("SRTF+fair", "srtf+proportional", 4.411930694444444, 13.093595252777783),
	staticRun("SRTF+tune", "srtf+tune", 4.106930694444445, 12.339440230555558),
	staticRun("FTF+fair", "ftf+proportional", 7.982764027777779, 9.750274736111113),
	staticRun("FTF+tune", "ftf+tune", 7.777764027777775, 9.416919408333333),
	staticRun("DRF", "drf", 5.559430694444444, 12.176085261111115),
	staticRun("TETRIS", "tetris", 3.831930694444444, 11.925260088888892),
	staticRun("DRF+tune", "drf+tune", 4.999430694444444, 10.503592686111112),
	staticRun("TETRIS+tune", "tetris+tune", 3.8910973611111115, 10.013593422222229),
}

// poissonRun is a re-run on the Poisson workload at rate and split.
func poissonRun(scheduler, policy, rate, split string, mean, p99 float64) Rerun {
	return Rerun{Scheduler: scheduler, Policy: policy, Rate: rate, Split: split, Mean: mean, P99: p99}
}

// staticRun is a re-run on the static trace.
func staticRun(scheduler, policy string, mean, p99 float64) Rerun {
	return Rerun{Scheduler: scheduler, Policy: policy, Trace: StaticTrace, Mean: mean, P99: p99}
}

// rerunCommand is the one-line form of r's command for a reference's source.
func (r Rerun) command() string {
	if r.Trace == StaticTrace {
		return fmt.Sprintf("re-run of the authors' simulator (msr-fiddle/synergy@1bb2bed6 simulator/: python3 runner.py "+
			"--replay_trace deploy_trace/static_100job_6_3_1100.0 --static --config_file configs/static_trace.ini "+
			"--no_use_cache --no_cache_result with runner.py's schedulers = ['%s'] and series_id_filter=(0, 100))", r.Scheduler)
	}
	rate, _ := strconv.ParseFloat(r.Rate, 64)
	s := fmt.Sprintf("re-run of the authors' simulator (msr-fiddle/synergy@1bb2bed6 simulator/, seed 42: "+
		"python3 runner.py --cluster_job_log LOG --no_use_cache --no_cache_result with runner.py's "+
		"schedulers = ['%s'], jobs_per_hours = [%.1f]", r.Scheduler, rate)
	if r.Split != "20/70/10" {
		s += ", class_split = [(" + splitTuple(r.Split) + ")]"
	}
	return s + "; LOG: see the family's README)"
}

func splitTuple(split string) string {
	out := []byte(split)
	for i, c := range out {
		if c == '/' {
			out[i] = ','
		}
	}
	return string(out)
}

// rerunRefs are the absolute references of the re-runs of policies at rate and split: each
// policy's mean JCT (and with p99 its 99th percentile), judged on seed 42 alone. x is the sweep
// value the references are about in the figure ("" when nothing is swept).
func rerunRefs(x, rate, split string, p99 bool, policies ...string) []figure.Ref {
	var out []figure.Ref
	for _, p := range policies {
		for _, r := range reruns {
			if r.Policy != p || r.Rate != rate || r.Split != split {
				continue
			}
			out = append(out, figure.Ref{Kind: figure.Absolute, Series: p, X: x, Metric: meanJCT.Name,
				Value: round4(r.Mean), Unit: "h", Tolerance: 0.005, Band: bandRerun, Seeds: []uint64{authorsSeed},
				Evidence: figure.AuthorsCode, Source: r.command() + fmt.Sprintf(": Mean = %.4f h", r.Mean)})
			if p99 {
				out = append(out, figure.Ref{Kind: figure.Absolute, Series: p, X: x, Metric: "p99_jct_s",
					Value: round4(r.P99), Unit: "h", Tolerance: 0.005, Band: bandRerun, Seeds: []uint64{authorsSeed},
					Evidence: figure.AuthorsCode, Source: r.command() + fmt.Sprintf(": 99th = %.4f h", r.P99)})
			}
		}
	}
	return out
}

// round4 keeps four decimals, as the sources quote the numbers.
func round4(v float64) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'f', 4, 64), 64)
	return f
}

// rerunMean is the re-run's mean JCT of policy at rate and split in hours, and whether it was run.
func rerunMean(policy, rate, split string) (float64, bool) {
	for _, r := range reruns {
		if r.Policy == policy && r.Rate == rate && r.Split == split {
			return r.Mean, true
		}
	}
	return 0, false
}

// rerunEffect is the re-runs' effect of series against baseline at each rate (default split), for
// a source: " (re-run of the authors' simulator at seed 42: -12.3 % at 6 jobs/h, -73.0 % at 9)";
// "" when a rate was not re-run.
func rerunEffect(series, baseline string, rates ...string) string {
	s := " (re-run of the authors' simulator at seed 42:"
	for i, r := range rates {
		a, ok1 := rerunMean(series, r, "20/70/10")
		b, ok2 := rerunMean(baseline, r, "20/70/10")
		if !ok1 || !ok2 {
			return ""
		}
		if i > 0 {
			s += ","
		}
		s += fmt.Sprintf(" %+.1f %% at %s jobs/h", (a/b-1)*100, r)
	}
	return s + ")"
}
