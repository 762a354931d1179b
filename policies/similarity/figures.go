package similarity

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"schedlab/policies/figure"
	"schedlab/policies/scenario"
)

// figureSeeds are the similarity figures' default seeds: 11–130, seeds that none of the family's
// design choices (the fallback rules, +rounds' min_gain, +packing's pair rule, gavel-maxmin's
// re-consolidation) was ever looked at on — those were studied on seeds 1–10 (README.md). A cell
// takes milliseconds, and the makespan of 48 jobs varies so much from one workload to the next
// that a 95 % interval of a few points needs 120 seeds (300 with whole families hidden). The
// readings multiply the cells, not the runs of the baselines, which take no fallback rule or
// queue order (figure.Figure.Shared); the page sends its workers the runs in batches, so a short
// cell does not pay a round trip through the page's thread.
var figureSeeds = figure.SeedRange(11, 130)

// figureRuns are the series of every similarity figure: the three heterogeneity-oblivious
// baselines, Gavel's max-min fairness, the 2023 policy, the 2024 mechanisms on it, and the oracle
// of each (true profiles; for +packing also the true co-location rows): no claim reads Gavel's
// max-min or the oracles, so they run under the default reading only (the costliest cells: the
// max-min LP on Zeus' four types). hide is the similarity
// variants' exclude parameter ("" = leave-one-model-out, the default). The reading's fallback rule
// and queue order go to the policies that take them (readParams).
func figureRuns(hide string) []figure.Run {
	var p map[string]any
	if hide != "" {
		p = map[string]any{"exclude": hide}
	}
	return []figure.Run{
		{Name: "first-fit-any", Label: "first fit, any type", Policy: "first-fit-any"},
		{Name: "random-type", Label: "random type", Policy: "random-type"},
		{Name: "fastest-gpu-first", Label: "fastest GPU first", Policy: "fastest-gpu-first"},
		{Name: "gavel-maxmin", Label: "Gavel max-min", Policy: "gavel-maxmin", DefaultOnly: true},
		{Name: "model-similarity", Label: "model similarity (2023)", Policy: "model-similarity", Params: p},
		{Name: "model-similarity+rounds", Label: "+ rounds", Policy: "model-similarity+rounds", Params: p},
		{Name: "model-similarity+packing", Label: "+ rounds + packing", Policy: "model-similarity+packing", Params: p},
		{Name: "oracle", Label: "oracle", Policy: "model-similarity-oracle", DefaultOnly: true},
		{Name: "oracle+rounds", Label: "oracle + rounds", Policy: "model-similarity-oracle", Params: map[string]any{"rounds": true}, DefaultOnly: true},
		{Name: "oracle+packing", Label: "oracle + rounds + packing", Policy: "model-similarity-oracle", Params: map[string]any{"packing": true}, DefaultOnly: true},
	}
}

// The family's open choices (README.md, "Readings"); the first value of each is the default.
var (
	choiceFallback = figure.Choice{Name: "fallback", Values: []string{"now", "wait", "strict"},
		Label: "when the predicted best type is full: the next-best free type now (the 2023 rule), wait for a faster type " +
			"when it frees up soon enough that the job finishes earlier there (ours), or wait for the best (strict)"}
	choiceOrder = figure.Choice{Name: "order", Values: []string{"fifo", "lpt"},
		Label: "queue order: arrival (FIFO), or the longest predicted run time first"}
	choiceGPUs = figure.Choice{Name: "gpus", Values: []string{"zeus", "gavel"},
		Label: "GPU types and profiles: Zeus' A40/V100/RTX6000/P100 (the fastest type differs by model) or Gavel's " +
			"K80/P100/V100 (V100 fastest for most job types)"}
)

// zeusCluster is Zeus' four GPU types, 16 GPUs each as in gavelCluster: 64 GPUs, so the Zeus
// workloads have a third more jobs than the Gavel ones (the same jobs per GPU).
const zeusCluster = "2x8:A40+2x8:V100+2x8:RTX6000+2x8:P100"

// readParams sets the reading's fallback rule and queue order on a series of a policy that takes
// them (the similarity variants and their oracle); the defaults (now, fifo) add nothing, so the
// default reading's specs are the ones the figures always ran.
func readParams(run figure.Run, fallback, order string) figure.Run {
	switch run.Policy {
	case "model-similarity", "model-similarity+rounds", "model-similarity+packing", "model-similarity-oracle":
	default:
		return run
	}
	params := maps.Clone(run.Params)
	if params == nil {
		params = map[string]any{}
	}
	switch fallback {
	case "wait":
		params["fallback"] = "finish"
	case "strict":
		params["strict"] = true
	}
	if order == "lpt" {
		params["order"] = "lpt"
	}
	if len(params) > 0 {
		run.Params = params
	}
	return run
}

const (
	src2023 = "Thanapol et al., ACIIDS 2023 (LNAI 13996), abstract"
	src2024 = "Thanapol et al., Applied Sciences 14(6):2349, 2024, abstract: "

	// quote2023 is the 2023 abstract's claim, verbatim.
	quote2023 = "using the model-similarity-based scheduling policy for distributed training across multiple GPUs of a DL model with a large batch size can reduce the makespan"
)

// The explanations of the 2023 claim's verdicts against the oblivious baselines, per set-up.
var (
	whyRule = map[string]string{figure.Inconclusive: "under the paper's rule the policy takes the next-best free type at once, as the oblivious baselines do, " +
		"so a match decides little: the makespan is set by the long jobs stranded on slow types"}
	whyUnseen = map[string]string{figure.Inconclusive: "under the paper's rule a job takes the next-best free type at once, as the baselines do, " +
		"and with its whole model family hidden its predicted best type is inferred from other families"}
	whyOnline = map[string]string{figure.Inconclusive: "under the paper's rule a job takes the next-best free type at once, as the oblivious baselines do, " +
		"so with arrivals over time too a match decides little"}
)

// The 2023 paper's only claim (no number), as a direction against each oblivious baseline, with
// evidence e: the paper's words on its own set-up (every job submitted at t = 0, multi-GPU jobs),
// our set-up where the figure carries it to arrivals, hidden model families or 1-GPU jobs; why
// explains the verdicts that are not a hold.
func lowerThanBaselines(e figure.Evidence, why map[string]string) []figure.Ref {
	var out []figure.Ref
	for _, b := range []string{"first-fit-any", "random-type", "fastest-gpu-first"} {
		out = append(out, figure.Ref{Kind: figure.Direction, Series: "model-similarity", Metric: "makespan_s",
			Baseline: b, Lower: true, Evidence: e, Source: src2023, Quote: quote2023, Why: why})
	}
	return out
}

// The 2024 follow-up's two numbers, as effects against the variant each mechanism is added to
// (both on the 2023 policy's fallback rule). Its cluster and jobs are not ours, so the bands are
// ±50 % of −29 % and ±100 % of "a further ~5 %": no bands at all, judged as directions with the
// magnitudes shown. The 2024 abstract is not among the texts the project can read, so its words
// are our paraphrase. Packing is judged under gpus=gavel only: Zeus measured no co-located pairs,
// so +packing cannot pack there.
const band2024 = "the 2024 paper's cluster and jobs are not ours: only the sign carries over"

func followUpRefs() []figure.Ref {
	return []figure.Ref{
		{Kind: figure.Relative, Series: "model-similarity+rounds", Metric: "makespan_s", Value: -0.29,
			Baseline: "model-similarity", Lower: true, Tolerance: 0.5, Evidence: figure.PaperNumber, Band: band2024,
			Source: src2024 + "the round-based mechanism lowers makespan by 29 %"},
		{Kind: figure.Relative, Series: "model-similarity+packing", Metric: "makespan_s", Value: -0.05,
			Baseline: "model-similarity+rounds", Lower: true, Tolerance: 1, Evidence: figure.PaperNumber, Band: band2024, Readings: "gpus=gavel",
			Source: src2024 + "job packing lowers makespan by a further 5 %"},
	}
}

var makespanMetrics = []figure.Metric{
	{Name: "makespan_s", Unit: "s", Label: "makespan"},
	{Name: "mean_jct_s", Unit: "s", Label: "mean JCT"},
}

// Figures are the family's figures: the batch makespan the papers report, with whole families
// hidden, with 1-GPU jobs that packing can pair, and (ours) with Poisson arrivals, each under the
// family's readings (the headline under all three choices, the others under fallback and gpus).
// Checkpoint cost 60 s; jobs run at the campaign's throughputs (Gavel measured, Zeus measured on
// one GPU and scaled by hetero.ZeusScaling).
func Figures() []*figure.Figure {
	one := func(id, number, caption, workload, hide string, refs []figure.Ref, choices []figure.Choice) *figure.Figure {
		runs, seeds := figureRuns(hide), figureSeeds
		if hide != "" {
			// Hidden families spread the makespan further: 300 seeds, of the series that hide
			// them (the oracles see every profile and are similarity-makespan's).
			runs = slices.DeleteFunc(runs, func(r figure.Run) bool {
				return strings.HasPrefix(r.Name, "oracle") || r.Name == "gavel-maxmin" || r.Name == "model-similarity+packing"
			})
			seeds = figure.SeedRange(11, 310)
		}
		f := &figure.Figure{
			ID: id, Family: "similarity", Paper: paper, Number: number, Caption: caption,
			Series: figure.SeriesOf(runs), Seeds: seeds, Metrics: makespanMetrics,
			Chart: figure.Bars, Refs: refs, Choices: choices,
		}
		f.ReadCell = func(r figure.Reading, _, s int, seed uint64) scenario.Spec {
			run := readParams(runs[s], r.Value(f.Choices, "fallback"), r.Value(f.Choices, "order"))
			spec := scenario.Spec{Generate: workload, Cluster: gavelCluster, CheckpointCost: 60, Seed: seed}
			if r.Value(f.Choices, "gpus") == "zeus" {
				spec.Generate, spec.Cluster = zeusWorkload(workload), zeusCluster
			}
			return run.In(spec, nil)
		}
		return f
	}
	short := []figure.Choice{choiceFallback, choiceGPUs}
	online := one("similarity-online", "ours (arrivals)",
		"Makespan and mean JCT of multi-GPU jobs arriving over time (the papers submit all at t = 0)",
		"similarity:jobs=96,rate=4", "", lowerThanBaselines(figure.OurSetup, whyOnline), short)
	online.Seeds = figure.SeedRange(11, 110) // arrivals spread the makespan less; its cells are twice the size
	return []*figure.Figure{
		one("similarity-makespan", "headline (2023, 2024)",
			"Makespan of multi-GPU jobs submitted at t = 0, with the 2024 rounds and packing",
			"similarity:jobs=48", "", append(lowerThanBaselines(figure.PaperWords, whyRule), followUpRefs()...),
			[]figure.Choice{choiceFallback, choiceOrder, choiceGPUs}),
		one("similarity-unseen", "headline (2023), harder",
			"As similarity-makespan with each job's whole model family hidden from the similarity variants",
			"similarity:jobs=48", "family", lowerThanBaselines(figure.OurSetup, whyUnseen), short),
		one("similarity-packing", "headline (2024)",
			"As similarity-makespan with 30 % 1-GPU jobs, which packing can pair on one GPU",
			"similarity:jobs=48,single=true", "", append(lowerThanBaselines(figure.OurSetup, whyRule), followUpRefs()...), short),
		online,
	}
}

// zeusWorkload is a Gavel workload spec on Zeus' profiles with a third more jobs (and arrivals a
// third faster) for the cluster's third more GPUs.
func zeusWorkload(spec string) string {
	kind, keys, _ := strings.Cut(spec, ":")
	parts := strings.Split(keys, ",")
	for i, kv := range parts {
		k, v, _ := strings.Cut(kv, "=")
		if n, err := strconv.ParseFloat(v, 64); err == nil && (k == "jobs" || k == "rate") {
			parts[i] = k + "=" + strconv.FormatFloat(n*4/3, 'g', 4, 64)
		}
	}
	return kind + ":" + strings.Join(append(parts, "profiles=zeus"), ",")
}
