package asrpt

import (
	"encoding/json"
	"fmt"

	"schedlab/core/sim"
	"schedlab/policies/params"
)

// Entry is one runner name of the family and its factory.
type Entry struct {
	Name string
	New  func(params json.RawMessage) (sim.Policy, error)
}

// Params are the family's JSON parameters: {"max_history": N} limits the predictor to the last N
// runs of each group (0 = all); {"backfill": false} makes list scheduling strict; {"refine": true}
// refines the mapper's cut with Kernighan–Lin passes (our optional step; an error for
// srpt-predicted-oblivious, which has no mapper; off by default
// because on the asrpt-jct study it changed mean JCT by less than the seed-to-seed noise: README.md).
// {"reserve": true} adds EASY backfilling, a reservation for the first waiting job that does not
// fit (ours: the asrpt-cluster figure's backfill=easy reading; an error with "backfill": false).
// {"preempt": true|false} sets the preemption of any member, so every SRPT variant can be compared
// with the A-SRPT of the same setting (srpt-oracle {"preempt": true} is the preempting oracle);
// {"sigma": σ} replaces any member's predictor by error injection, prediction = truth × e^ε,
// ε ~ N(0, σ²) (the asrpt-error figure's sweep; σ = 0 is the oracle's lengths).
type Params struct {
	MaxHistory int      `json:"max_history"`
	Backfill   *bool    `json:"backfill"`
	Reserve    bool     `json:"reserve"`
	Refine     bool     `json:"refine"`
	Preempt    *bool    `json:"preempt"`
	Sigma      *float64 `json:"sigma"`
}

// maxSigma bounds the {"sigma"} parameter.
const maxSigma = 10

// ErrorSigmas are the σ of the error-injection variants a-srpt-err<σ>.
var errorSigmas = []struct {
	name  string
	sigma float64
}{{"0.2", 0.2}, {"0.5", 0.5}, {"1", 1}}

// Entries lists the family: a-srpt (RF, communication-aware, no preemption), a-srpt-preempt,
// srpt-oracle (true lengths), srpt-predicted-oblivious (RF lengths, first-fit placement),
// a-srpt-meanhist (mean-of-history lengths) and a-srpt-err0.2/0.5/1 (truth × e^ε, ε ~ N(0, σ²)).
func Entries() []Entry {
	add := func(name string, o Options) Entry {
		return Entry{Name: name, New: func(raw json.RawMessage) (sim.Policy, error) {
			var pr Params
			if err := params.Decode(raw, &pr); err != nil {
				return nil, err
			}
			if pr.MaxHistory < 0 {
				return nil, fmt.Errorf("params: max_history: want ≥ 0, got %d", pr.MaxHistory)
			}
			if pr.Refine && o.Oblivious {
				return nil, fmt.Errorf("params: refine: %s places with first fit, there is no mapper cut to refine", name)
			}
			o := o
			o.MaxHistory = pr.MaxHistory
			o.Refine = pr.Refine
			if pr.Backfill != nil {
				o.NoBackfill = !*pr.Backfill
			}
			if pr.Reserve && o.NoBackfill {
				return nil, fmt.Errorf("params: reserve: a reservation needs backfilling (backfill: false holds every job behind the first)")
			}
			o.Reserve = pr.Reserve
			if pr.Preempt != nil {
				o.Preempt = *pr.Preempt
			}
			if pr.Sigma != nil {
				// e^(10·N(0,1)) already spans ±30 orders of magnitude; far larger σ would overflow
				// predictions to +Inf and break the virtual machine's arithmetic.
				if s := *pr.Sigma; !(s >= 0 && s <= maxSigma) {
					return nil, fmt.Errorf("params: sigma: want 0 ≤ σ ≤ %v, got %v", maxSigma, s)
				}
				o.Predict, o.Sigma = PredictNoisy, *pr.Sigma
			}
			return New(name, o), nil
		}}
	}
	out := []Entry{
		add("a-srpt", Options{Predict: PredictRF}),
		add("a-srpt-preempt", Options{Predict: PredictRF, Preempt: true}),
		add("srpt-oracle", Options{Predict: PredictOracle}),
		add("srpt-predicted-oblivious", Options{Predict: PredictRF, Oblivious: true}),
		add("a-srpt-meanhist", Options{Predict: PredictMean}),
	}
	for _, e := range errorSigmas {
		out = append(out, add("a-srpt-err"+e.name, Options{Predict: PredictNoisy, Sigma: e.sigma}))
	}
	return out
}
