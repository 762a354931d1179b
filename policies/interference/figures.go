package interference

import (
	"strconv"

	"schedlab/policies/figure"
	"schedlab/policies/scenario"
)

// figureSeeds are the family's default seeds: 1–20. θ was tuned on seeds 101–110 only, and
// re-checked there under the common gang rule (README.md): never on these.
var figureSeeds = figure.SeedRange(1, 20)

// busy is the headline's workload: 400 jobs over Gavel's job types at 20 jobs/h on 4x8 V100, an
// offered load of 2.7 × the exclusive capacity — the busy shared cluster the paper's claims are
// about (README.md, Load).
const (
	busy        = "interference:jobs=400,rate=20"
	busyCluster = "4x8"
)

var utilMetrics = []figure.Metric{
	{Name: "loaded_effective_util", Unit: "1", Label: "useful GPU work while jobs wait"},
	{Name: "effective_util", Unit: "1", Label: "useful GPU work"},
	{Name: "gpu_util", Unit: "1", Label: "GPUs occupied"},
	{Name: "mean_jct_s", Unit: "s", Label: "mean JCT"},
}

// Figures are the family's figures: the abstract's headline, the predictors' training-set size,
// and (ours) what the gang rule alone does.
func Figures() []*figure.Figure {
	return []*figure.Figure{headline(), predictors(), gangRule()}
}

const src = "Geng, Zhang, Zhao, Ma, Cluster Computing 2020, abstract"

// bandAbstract is the headline's band: ±50 %, so judged as a direction with its magnitude shown.
const bandAbstract = "the abstract's averages are against unnamed \"widely used methods\" on a prototype cluster we do not have: only the sign carries over"

// headline: the abstract's +18 % utilisation and −22 % JCT as effects against the two baselines
// that stand for its unnamed "widely used methods": exclusive GPUs (the no-sharing default) and
// Gandiva's packing (the best-known sharing scheduler). Every series runs under the family's one
// gang rule (a job that fits on one server waits for one, GangServer), so the effects measure how
// a policy shares GPUs, not whether it splits gangs (gangRule shows that alone). The utilisation
// claim is read as loaded_effective_util (useful work per GPU while jobs queue, README.md); gpu_util,
// which counts a shared GPU once and which exclusive already holds at about 0.9 under this load,
// cannot rise by 18 % and is shown, not judged. The blind sharers (sharing wherever the
// co-location model lets a job fit) are shown for what sharing without interference awareness
// does; the abstract's numbers are not about them, and a direction against baselines that lose
// most of their work could not plausibly fail, so none is judged.
func headline() *figure.Figure {
	runs := []figure.Run{
		{Name: NameIASP, Label: "IASP + IAPP (CLWP + NLWP)", Policy: NameIASP},
		{Name: NameOracle, Label: "IASP + IAPP, true pairs", Policy: NameOracle},
		{Name: NameExclusive, Label: "exclusive GPUs", Policy: NameExclusive},
		{Name: NameGandiva, Label: "Gandiva packing", Policy: NameGandiva},
	}
	for _, b := range blindSharers {
		runs = append(runs, figure.Run{Name: b.name, Label: b.label, Policy: b.name})
	}
	var refs []figure.Ref
	for _, b := range []string{NameExclusive, NameGandiva} {
		refs = append(refs,
			figure.Ref{Kind: figure.Relative, Series: NameIASP, Metric: "loaded_effective_util", Value: 0.18, Baseline: b,
				Tolerance: 0.5, Band: bandAbstract, Evidence: figure.PaperNumber, Source: src,
				Quote: "the proposed strategy can averagely improve the GPU utilization by 18%"},
			figure.Ref{Kind: figure.Relative, Series: NameIASP, Metric: "mean_jct_s", Value: -0.22, Baseline: b,
				Lower: true, Tolerance: 0.5, Band: bandAbstract, Evidence: figure.PaperNumber, Source: src,
				Quote: "reduce the job completion time by around 22%"})
	}
	refs = append(refs, figure.Ref{Kind: figure.Relative, Series: NameIASP, Metric: "gpu_util", Value: 0.18, Baseline: NameExclusive,
		Shown: true, Evidence: figure.PaperNumber, Source: src, Quote: "the proposed strategy can averagely improve the GPU utilization by 18%",
		Why: map[string]string{figure.Shown: "gpu_util counts a shared GPU once, and exclusive GPUs already occupy about 0.9 of them: +18 % is out of reach"}})
	return &figure.Figure{
		ID: "interference-headline", Family: "interference", Paper: paper, Number: "headline (abstract)",
		Caption: "GPU utilisation and mean JCT of interference-aware sharing against exclusive GPUs, Gandiva's packing and blind sharing, every policy waiting for one server for a job that fits on one: 400 jobs at 20 jobs/h on 4x8 V100",
		Series:  figure.SeriesOf(runs), Seeds: figureSeeds, Metrics: utilMetrics, Chart: figure.Bars, Refs: refs,
		Cell: func(_, s int, seed uint64) scenario.Spec {
			return runs[s].In(scenario.Spec{Generate: busy, Cluster: busyCluster, Seed: seed}, nil)
		},
	}
}

// gangRule (ours): what waiting for one server does by itself — iasp-iapp, exclusive GPUs and
// Gandiva's packing under each gang rule, on the headline's workload. Under GangSpread a gang no
// server can hold now starts across servers at Gavel's measured spread speed (a language model
// 3–9× slower), iasp-iapp with λ = 0 like the others. It judges nothing: it shows the size of the
// confound that comparing iasp-iapp waiting for a server with baselines that spread would add.
func gangRule() *figure.Figure {
	var runs []figure.Run
	for _, r := range []struct{ name, label string }{
		{NameIASP, "IASP + IAPP"}, {NameExclusive, "exclusive GPUs"}, {NameGandiva, "Gandiva packing"},
	} {
		runs = append(runs,
			figure.Run{Name: r.name, Label: r.label + ", one server", Policy: r.name},
			figure.Run{Name: r.name + "-spread", Label: r.label + ", spread at once", Policy: r.name,
				Params: map[string]any{"gang": string(GangSpread)}})
	}
	return &figure.Figure{
		ID: "interference-gang", Family: "interference", Paper: paper, Number: "ours (gang rule)",
		Caption: "Mean JCT and useful GPU work of each policy when a job that fits on one server waits for one, and when it is split across servers at once: 400 jobs at 20 jobs/h on 4x8 V100",
		Series:  figure.SeriesOf(runs), Seeds: figure.SeedRange(1, 10), Metrics: utilMetrics, Chart: figure.Bars,
		Cell: func(_, s int, seed uint64) scenario.Spec {
			return runs[s].In(scenario.Spec{Generate: busy, Cluster: busyCluster, Seed: seed}, nil)
		},
	}
}

// blindSharers are the family's policies that share a GPU wherever the co-location model lets a
// job fit, whatever the interference (gandiva-pack reacts to it after the fact).
var blindSharers = []struct{ name, label string }{
	{NameRandomShare, "random sharing"},
	{NamePackFirst, "pack-first sharing"},
	{NameLeastLoaded, "least-loaded sharing"},
}

// predictors: IASP + IAPP trained on a growing share of Gavel's measured co-location pairs (the
// rest held out), on the headline's workload, exclusive GPUs beside it. The split and training seed
// is the cell's seed, so the interval covers which pairs were measured as well as the workload.
// The predictors' held-out accuracy per split is core/learn's test (the table in README.md).
func predictors() *figure.Figure {
	// Three shares (the held-out accuracy table in README.md has 0.4 too): IAPP's training is most
	// of a cell, ≈1.3 s of CPU in wasm at 0.8, and the figure must fit the page's budget.
	values := []float64{0.1, 0.2, 0.8}
	fracs := make([]string, len(values))
	for i, v := range values {
		fracs[i] = strconv.FormatFloat(v, 'g', -1, 64)
	}
	runs := []figure.Run{
		{Name: NameIASP, Label: "IASP + IAPP", Policy: NameIASP},
		{Name: NameExclusive, Label: "exclusive GPUs", Policy: NameExclusive},
	}
	return &figure.Figure{
		ID: "interference-predictors", Family: "interference", Paper: paper, Number: "ours (predictors)",
		Caption: "Mean JCT and useful GPU work vs the share of measured co-location pairs IASP and IAPP are trained on",
		Sweep:   figure.Sweep{Name: "train_frac", Label: "share of pairs trained on", Values: fracs},
		Series:  figure.SeriesOf(runs), Seeds: figureSeeds, Metrics: []figure.Metric{utilMetrics[3], utilMetrics[0]}, Chart: figure.Lines,
		// Ours: the predictors are what makes the placement interference-aware, so more measured
		// pairs should buy more against exclusive GPUs — a trend that fails if IASP and IAPP learnt
		// nothing the placement uses.
		Refs: []figure.Ref{
			{Kind: figure.Trend, Series: NameIASP, X: "0.1", To: "0.8", Metric: "mean_jct_s", Baseline: NameExclusive, Lower: true, Evidence: figure.OurCheck,
				Source: "ours: the JCT gain over exclusive GPUs grows from 10 % to 80 % of the measured pairs trained on"},
			{Kind: figure.Trend, Series: NameIASP, X: "0.1", To: "0.8", Metric: "loaded_effective_util", Baseline: NameExclusive, Evidence: figure.OurCheck,
				Source: "ours: the useful-work gain over exclusive GPUs grows from 10 % to 80 % of the measured pairs trained on"},
		},
		Cell: func(x, s int, seed uint64) scenario.Spec {
			var sweep map[string]any
			if runs[s].Policy == NameIASP {
				sweep = map[string]any{"train_frac": values[x], "seed": seed}
			}
			return runs[s].In(scenario.Spec{Generate: busy, Cluster: busyCluster, Seed: seed}, sweep)
		},
	}
}
