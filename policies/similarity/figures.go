package similarity

import (
	"schedlab/policies/figure"
	"schedlab/policies/scenario"
)

// figureSeeds are the similarity figures' default seeds: 11–20, seeds that none of the family's
// design choices (the fallback rule, +rounds' min_gain, +packing's pair rule, gavel-maxmin's
// re-consolidation) was ever looked at on — those were studied on seeds 1–10 (README.md). A run
// takes milliseconds, so ten seeds per point cost little.
var figureSeeds = []uint64{11, 12, 13, 14, 15, 16, 17, 18, 19, 20}

// figureRuns are the series of every similarity figure: the three heterogeneity-oblivious
// baselines, Gavel's max-min fairness, the policy and its two 2024 mechanisms, and the oracle of
// each (true profiles; for +packing also the true co-location rows). hide is the similarity
// variants' exclude parameter ("" = leave-one-model-out, the default).
func figureRuns(hide string) []figure.Run {
	var p map[string]any
	if hide != "" {
		p = map[string]any{"exclude": hide}
	}
	return []figure.Run{
		{Name: "first-fit-any", Label: "first fit, any type", Policy: "first-fit-any"},
		{Name: "random-type", Label: "random type", Policy: "random-type"},
		{Name: "fastest-gpu-first", Label: "fastest GPU first", Policy: "fastest-gpu-first"},
		{Name: "gavel-maxmin", Label: "Gavel max-min", Policy: "gavel-maxmin"},
		{Name: "model-similarity", Label: "model similarity", Policy: "model-similarity", Params: p},
		{Name: "model-similarity+rounds", Label: "+ rounds", Policy: "model-similarity+rounds", Params: p},
		{Name: "model-similarity+packing", Label: "+ rounds + packing", Policy: "model-similarity+packing", Params: p},
		{Name: "oracle", Label: "oracle", Policy: "model-similarity-oracle"},
		{Name: "oracle+rounds", Label: "oracle + rounds", Policy: "model-similarity-oracle", Params: map[string]any{"rounds": true}},
		{Name: "oracle+packing", Label: "oracle + rounds + packing", Policy: "model-similarity-oracle", Params: map[string]any{"packing": true}},
	}
}

// The 2023 paper's only claim (no number), as a direction against each oblivious baseline.
func lowerThanBaselines() []figure.Ref {
	var out []figure.Ref
	for _, b := range []string{"first-fit-any", "random-type", "fastest-gpu-first"} {
		out = append(out, figure.Ref{Kind: figure.Direction, Series: "model-similarity", Metric: "makespan_s",
			Baseline: b, Lower: true, Source: "Thanapol et al., ACIIDS 2023 (LNAI 13996), abstract: lower makespan than the baselines (no number)"})
	}
	return out
}

// The 2024 follow-up's two numbers, as effects against the variant each mechanism is added to.
// Its cluster and jobs are not ours, so agreement is within half of −29 % (−14.5 … −43.5 %) and, for
// "a further ~5 %", between 0 and −10 %.
func followUpRefs() []figure.Ref {
	return []figure.Ref{
		{Kind: figure.Relative, Series: "model-similarity+rounds", Metric: "makespan_s", Value: -0.29,
			Baseline: "model-similarity", Lower: true, Tolerance: 0.5,
			Source: "Thanapol et al., Applied Sciences 14(6):2349, 2024, abstract: round-based mechanism −29 % makespan"},
		{Kind: figure.Relative, Series: "model-similarity+packing", Metric: "makespan_s", Value: -0.05,
			Baseline: "model-similarity+rounds", Lower: true, Tolerance: 1,
			Source: "Thanapol et al., Applied Sciences 14(6):2349, 2024, abstract: packing a further −5 % makespan"},
	}
}

var makespanMetrics = []figure.Metric{
	{Name: "makespan_s", Unit: "s", Label: "makespan"},
	{Name: "mean_jct_s", Unit: "s", Label: "mean JCT"},
}

// Figures are the family's figures: the batch makespan the papers report, with whole families
// hidden, with 1-GPU jobs that packing can pair, and (ours) with Poisson arrivals. Cluster, jobs and
// checkpoint cost are the scenarios' (K80/P100/V100, 16 GPUs each; Gavel's measured throughputs).
func Figures() []*figure.Figure {
	one := func(id, number, caption, workload, hide string, refs []figure.Ref) *figure.Figure {
		runs := figureRuns(hide)
		return &figure.Figure{
			ID: id, Family: "similarity", Paper: paper, Number: number, Caption: caption,
			Series: figure.SeriesOf(runs), Seeds: figureSeeds, Metrics: makespanMetrics,
			Chart: figure.Bars, Refs: refs,
			Cell: func(_, s int, seed uint64) scenario.Spec {
				return runs[s].In(scenario.Spec{Generate: workload, Cluster: gavelCluster, CheckpointCost: 60, Seed: seed}, nil)
			},
		}
	}
	return []*figure.Figure{
		one("similarity-makespan", "headline (2023, 2024)",
			"Makespan of 48 multi-GPU jobs submitted at t = 0 on K80/P100/V100, with the 2024 rounds and packing",
			"similarity:jobs=48", "", append(lowerThanBaselines(), followUpRefs()...)),
		one("similarity-unseen", "headline (2023), harder",
			"As similarity-makespan with each job's whole model family hidden from the similarity variants",
			"similarity:jobs=48", "family", lowerThanBaselines()),
		one("similarity-packing", "headline (2024)",
			"As similarity-makespan with 30 % 1-GPU jobs, which packing can pair on one GPU",
			"similarity:jobs=48,single=true", "", append(lowerThanBaselines(), followUpRefs()...)),
		one("similarity-online", "ours (arrivals)",
			"Makespan and mean JCT of 96 multi-GPU jobs arriving at 4 jobs/h (the papers submit all at t = 0)",
			"similarity:jobs=96,rate=4", "", lowerThanBaselines()),
	}
}
