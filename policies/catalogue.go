package policies

import (
	"fmt"

	"schedlab/policies/asrpt"
	"schedlab/policies/baselines"
	"schedlab/policies/interference"
	"schedlab/policies/similarity"
	"schedlab/policies/synergy"
)

// Entry is one built-in policy: its registry name, its factory, the family the page's picker lists
// it under, and one line saying what it does (at most 100 bytes).
type Entry struct {
	Name   string
	New    Factory
	Family string // a family's title (the fam… constants)
	Doc    string
}

// The families of the picker, by title.
const (
	famBaselines    = "Baselines"
	famSynergy      = "Synergy (OSDI'22)"
	famSimilarity   = "Model similarity (ACIIDS'23)"
	famInterference = "Interference-aware sharing"
	famASRPT        = "A-SRPT"
)

// families are the picker's groups in the order the page lists them, each with the document that
// describes its policies (from the repository root, where the site serves it).
var families = []struct{ title, doc string }{
	{famBaselines, "policies/baselines/README.md"},
	{famSynergy, "policies/synergy/README.md"},
	{famSimilarity, "policies/similarity/README.md"},
	{famInterference, "policies/interference/README.md"},
	{famASRPT, "policies/asrpt/README.md"},
}

// Catalogue lists every built-in policy in registration order: the one list a policy is added to.
// A new policy is its own file plus one line here (policies/WRITING.md shows the diff); Builtin
// registers this list and Families groups it for the page. The research families build their
// factories by name (Entries), so their lines name them.
func Catalogue() []Entry {
	syn := byName(synergy.Entries(), func(e synergy.Entry) (string, Factory) { return e.Name, e.New })
	simil := byName(similarity.Entries(), func(e similarity.Entry) (string, Factory) { return e.Name, e.New })
	asr := byName(asrpt.Entries(), func(e asrpt.Entry) (string, Factory) { return e.Name, e.New })
	ia := byName(interference.Entries(), func(e interference.Entry) (string, Factory) { return e.Name, e.New })
	return []Entry{
		{baselines.NameFIFO, baselines.NewFIFO, famBaselines, "arrival order, head-of-line blocking, runs to completion"},
		{baselines.NameFIFOBackfill, baselines.NewFIFOBackfill, famBaselines, "arrival order; a job that does not fit is skipped, later ones may start"},
		{baselines.NameSJF, baselines.NewSJF, famBaselines, "shortest job first among those that fit (oracle length), non-preemptive"},
		{baselines.NameSRTF, baselines.NewSRTF, famBaselines, "shortest remaining time first (oracle), preemptive"},
		{baselines.NameLAS, baselines.NewLAS, famBaselines, "Tiresias' 2D-LAS: least attained GPU-service first, preemptive"},
		{baselines.NameSRSF, baselines.NewSRSF, famBaselines, "shortest remaining GPU-time (time × GPUs) first (oracle), preemptive"},
		{"fifo+proportional", syn("fifo+proportional"), famSynergy, "FIFO, CPU and memory in proportion to GPUs"},
		{"fifo+greedy", syn("fifo+greedy"), famSynergy, "FIFO, each job's best CPU and memory while they last"},
		{"fifo+tune", syn("fifo+tune"), famSynergy, "FIFO with Synergy-TUNE's resource-sensitive allocation"},
		{"srtf+proportional", syn("srtf+proportional"), famSynergy, "SRTF, proportional CPU and memory"},
		{"srtf+greedy", syn("srtf+greedy"), famSynergy, "SRTF, greedy CPU and memory"},
		{"srtf+tune", syn("srtf+tune"), famSynergy, "SRTF with Synergy-TUNE"},
		{"las+proportional", syn("las+proportional"), famSynergy, "LAS, proportional CPU and memory"},
		{"las+greedy", syn("las+greedy"), famSynergy, "LAS, greedy CPU and memory"},
		{"las+tune", syn("las+tune"), famSynergy, "LAS with Synergy-TUNE"},
		{"ftf+proportional", syn("ftf+proportional"), famSynergy, "finish-time fairness, proportional CPU and memory"},
		{"ftf+greedy", syn("ftf+greedy"), famSynergy, "finish-time fairness, greedy CPU and memory"},
		{"ftf+tune", syn("ftf+tune"), famSynergy, "finish-time fairness with Synergy-TUNE"},
		{"drf", syn("drf"), famSynergy, "dominant resource fairness, greedy packing"},
		{"tetris", syn("tetris"), famSynergy, "Tetris' packing score, greedy packing"},
		{"drf+tune", syn("drf+tune"), famSynergy, "dominant resource fairness with Synergy-TUNE"},
		{"tetris+tune", syn("tetris+tune"), famSynergy, "Tetris' packing score with Synergy-TUNE"},
		{"model-similarity", simil("model-similarity"), famSimilarity, "each job to the GPU type predicted fastest from similar profiled models"},
		{"model-similarity+rounds", simil("model-similarity+rounds"), famSimilarity, "the same, re-matching running jobs to faster free types each round"},
		{"model-similarity+packing", simil("model-similarity+packing"), famSimilarity, "+rounds, and small jobs may share a GPU when predicted to gain"},
		{"model-similarity-oracle", simil("model-similarity-oracle"), famSimilarity, "the same with each job's true profile: the upper bound"},
		{"gavel-maxmin", simil("gavel-maxmin"), famSimilarity, "Gavel's heterogeneity-aware max-min fairness (LP over time shares)"},
		{"gavel-maxmin-agnostic", simil("gavel-maxmin-agnostic"), famSimilarity, "Gavel's max-min fairness blind to GPU types (every throughput 1 in the LP)"},
		{"first-fit-any", simil("first-fit-any"), famSimilarity, "first GPU type in cluster order with room"},
		{"random-type", simil("random-type"), famSimilarity, "a random GPU type with room"},
		{"fastest-gpu-first", simil("fastest-gpu-first"), famSimilarity, "always the newest GPU generation with room"},
		{"a-srpt", asr("a-srpt"), famASRPT, "SRPT on a virtual machine with predicted lengths, communication-aware placement"},
		{"a-srpt-preempt", asr("a-srpt-preempt"), famASRPT, "the same, evicting worse-priority jobs the moment the virtual order changes"},
		{"srpt-oracle", asr("srpt-oracle"), famASRPT, "true lengths, communication-aware placement: the upper bound"},
		{"srpt-predicted-oblivious", asr("srpt-predicted-oblivious"), famASRPT, "predicted lengths, first-fit placement"},
		{"a-srpt-meanhist", asr("a-srpt-meanhist"), famASRPT, "A-SRPT with the mean-of-history predictor"},
		{"a-srpt-err0.2", asr("a-srpt-err0.2"), famASRPT, "A-SRPT with prediction error σ = 0.2"},
		{"a-srpt-err0.5", asr("a-srpt-err0.5"), famASRPT, "A-SRPT with prediction error σ = 0.5"},
		{"a-srpt-err1", asr("a-srpt-err1"), famASRPT, "A-SRPT with prediction error σ = 1"},
		{"iasp-iapp", ia("iasp-iapp"), famInterference, "shares a GPU when the learned predictor expects a net throughput gain"},
		{"iasp-iapp-oracle", ia("iasp-iapp-oracle"), famInterference, "the same with the measured co-location pairs"},
		{"exclusive", ia("exclusive"), famInterference, "best fit, never shares a GPU"},
		{"random-share", ia("random-share"), famInterference, "a random GPU, shared or not"},
		{"least-loaded", ia("least-loaded"), famInterference, "the least-loaded GPU, shared if need be"},
		{"pack-first", ia("pack-first"), famInterference, "the most-loaded node and GPU first"},
		{"gandiva-pack", ia("gandiva-pack"), famInterference, "pack-first, migrating jobs that run slowly when shared"},
	}
}

// byName looks a family's factories up by name; a name it does not have is a bug in Catalogue,
// which every test that builds the registry would hit, so it panics.
func byName[E any](entries []E, split func(E) (string, Factory)) func(string) Factory {
	return func(name string) Factory {
		for _, e := range entries {
			if n, f := split(e); n == name {
				return f
			}
		}
		panic(fmt.Sprintf("policies: Catalogue names %q, which its family does not build", name))
	}
}

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

// Families groups Catalogue by family, in the order the page lists them: baselines, Synergy,
// model similarity, interference, A-SRPT. A test checks that every document exists; the documents
// hold the full rules.
func Families() []Family {
	cat := Catalogue()
	out := make([]Family, len(families))
	for i, f := range families {
		out[i] = Family{Title: f.title, Doc: f.doc}
		for _, e := range cat {
			if e.Family == f.title {
				out[i].Policies = append(out[i].Policies, Described{e.Name, e.Doc})
			}
		}
	}
	return out
}
