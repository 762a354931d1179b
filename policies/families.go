package policies

// Family is one group of the app's policy picker: a title, the document that describes the
// family, and a one-line description of each of its registered policies, in listing order.
type Family struct {
	Title    string
	Doc      string // the family's document, from the repository root (the site serves it there), optionally "#anchor"
	Policies []Described
}

// Described is a registered policy name with one line saying what it does.
type Described struct {
	Name, Doc string
}

// Families groups Builtin's policies by family, in the order the page lists them: baselines,
// Synergy, model similarity, interference, A-SRPT. A test checks that every registered name is
// described exactly once and that every document exists; the documents hold the full rules.
func Families() []Family {
	return []Family{
		{Title: "Baselines", Doc: "policies/baselines/README.md", Policies: []Described{
			{"fifo", "arrival order, head-of-line blocking, runs to completion"},
			{"fifo-backfill", "arrival order; a job that does not fit is skipped, later ones may start"},
			{"sjf", "shortest job first among those that fit (oracle length), non-preemptive"},
			{"srtf", "shortest remaining time first (oracle), preemptive"},
			{"las", "Tiresias' 2D-LAS: least attained GPU-service first, preemptive"},
		}},
		{Title: "Synergy (OSDI'22)", Doc: "policies/synergy/README.md", Policies: []Described{
			{"fifo+proportional", "FIFO, CPU and memory in proportion to GPUs"},
			{"fifo+greedy", "FIFO, each job's best CPU and memory while they last"},
			{"fifo+tune", "FIFO with Synergy-TUNE's resource-sensitive allocation"},
			{"srtf+proportional", "SRTF, proportional CPU and memory"},
			{"srtf+greedy", "SRTF, greedy CPU and memory"},
			{"srtf+tune", "SRTF with Synergy-TUNE"},
			{"las+proportional", "LAS, proportional CPU and memory"},
			{"las+greedy", "LAS, greedy CPU and memory"},
			{"las+tune", "LAS with Synergy-TUNE"},
			{"ftf+proportional", "finish-time fairness, proportional CPU and memory"},
			{"ftf+greedy", "finish-time fairness, greedy CPU and memory"},
			{"ftf+tune", "finish-time fairness with Synergy-TUNE"},
			{"drf", "dominant resource fairness, greedy packing"},
			{"tetris", "Tetris' packing score, greedy packing"},
			{"drf+tune", "dominant resource fairness with Synergy-TUNE"},
			{"tetris+tune", "Tetris' packing score with Synergy-TUNE"},
		}},
		{Title: "Model similarity (ACIIDS'23)", Doc: "policies/similarity/README.md", Policies: []Described{
			{"model-similarity", "each job to the GPU type predicted fastest from similar profiled models"},
			{"model-similarity+rounds", "the same, re-matching running jobs to faster free types each round"},
			{"model-similarity+packing", "+rounds, and small jobs may share a GPU when predicted to gain"},
			{"model-similarity-oracle", "the same with each job's true profile: the upper bound"},
			{"gavel-maxmin", "Gavel's heterogeneity-aware max-min fairness (LP over time shares)"},
			{"first-fit-any", "first GPU type in cluster order with room"},
			{"random-type", "a random GPU type with room"},
			{"fastest-gpu-first", "always the newest GPU generation with room"},
		}},
		{Title: "Interference-aware sharing", Doc: "policies/interference/README.md", Policies: []Described{
			{"iasp-iapp", "shares a GPU when the learned predictor expects a net throughput gain"},
			{"iasp-iapp-oracle", "the same with the measured co-location pairs"},
			{"exclusive", "best fit, never shares a GPU"},
			{"random-share", "a random GPU, shared or not"},
			{"least-loaded", "the least-loaded GPU, shared if need be"},
			{"pack-first", "the most-loaded node and GPU first"},
			{"gandiva-pack", "pack-first, migrating jobs that run slowly when shared"},
		}},
		{Title: "A-SRPT", Doc: "policies/asrpt/README.md", Policies: []Described{
			{"a-srpt", "SRPT on a virtual machine with predicted lengths, communication-aware placement"},
			{"a-srpt-preempt", "the same, evicting worse-priority jobs at round ticks"},
			{"srpt-oracle", "true lengths, communication-aware placement: the upper bound"},
			{"srpt-predicted-oblivious", "predicted lengths, first-fit placement"},
			{"a-srpt-meanhist", "A-SRPT with the mean-of-history predictor"},
			{"a-srpt-err0.2", "A-SRPT with prediction error σ = 0.2"},
			{"a-srpt-err0.5", "A-SRPT with prediction error σ = 0.5"},
			{"a-srpt-err1", "A-SRPT with prediction error σ = 1"},
		}},
	}
}
