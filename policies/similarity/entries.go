package similarity

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"schedlab/core/sim"
	"schedlab/policies/params"
)

// Entry is a policy name and its factory (policies.Builtin registers each).
type Entry struct {
	Name string
	New  func(params json.RawMessage) (sim.Policy, error)
}

// Params are the JSON parameters of this package's policies; zero values mean the defaults.
// Baselines accept only placement.
type Params struct {
	K             int      `json:"k,omitempty"`                // neighbours (default 3)
	Order         string   `json:"order,omitempty"`            // "fifo" (default, the 2023 policy) or "lpt"
	Strict        bool     `json:"strict,omitempty"`           // wait for the best type instead of falling back
	Fallback      string   `json:"fallback,omitempty"`         // "greedy" (default: the next-best free type, the 2023 rule) or "finish" (ours: wait when a faster type frees up soon enough)
	Exclude       string   `json:"exclude,omitempty"`          // hidden references: "model" (default) or "family"
	MigrationCost *float64 `json:"migration_cost_s,omitempty"` // +rounds: cost charged per move (default 60 s)
	MinGain       *float64 `json:"min_gain,omitempty"`         // +rounds: minimum predicted speed-up (default 0.1)
	Placement     string   `json:"placement,omitempty"`        // only "consolidate" (the default) is supported
	MinCombined   *float64 `json:"min_combined,omitempty"`     // +packing: pack a pair only above this predicted combined normalised throughput (default 1)
	Rounds        bool     `json:"rounds,omitempty"`           // oracle: re-match at round ticks (as +rounds)
	Packing       bool     `json:"packing,omitempty"`          // oracle: rounds and packing with the true co-location rows (as +packing)
	Throughputs   string   `json:"throughputs,omitempty"`      // gavel-maxmin: "measured" (default) or "similarity"
	Mechanism     string   `json:"mechanism,omitempty"`        // gavel-maxmin(-agnostic): "ours" (default) or "gavel" (Gavel's rounds)
}

func parseParams(name string, raw json.RawMessage, allowed map[string]bool) (Params, error) {
	var ps Params
	var keys map[string]json.RawMessage
	if err := params.Decode(raw, &keys); err != nil {
		return ps, err
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) { // sorted: the same key is named every run
		if !allowed[k] {
			return ps, fmt.Errorf("params: %s: unknown key %q", name, k)
		}
	}
	if err := params.Decode(raw, &ps); err != nil {
		return ps, err
	}
	if ps.Placement != "" && ps.Placement != "consolidate" {
		return ps, fmt.Errorf("params: placement: %q: this policy places each gang consolidated within its chosen GPU type", ps.Placement)
	}
	if ps.K < 0 || ps.K > 26 {
		return ps, fmt.Errorf("params: k: want 1..26, got %d", ps.K)
	}
	if ps.K == 0 {
		ps.K = 3
	}
	switch ps.Mechanism {
	case "", "ours", "gavel":
	default:
		return ps, fmt.Errorf("params: mechanism: %q: want ours or gavel", ps.Mechanism)
	}
	switch ps.Fallback {
	case "", "finish", "greedy":
	default:
		return ps, fmt.Errorf("params: fallback: %q: want finish or greedy", ps.Fallback)
	}
	switch ps.Order {
	case "", "fifo", "lpt":
	default:
		return ps, fmt.Errorf("params: order: %q: want fifo or lpt", ps.Order)
	}
	if ps.MigrationCost != nil && *ps.MigrationCost < 0 {
		return ps, fmt.Errorf("params: migration_cost_s: negative")
	}
	if ps.MinGain != nil && *ps.MinGain < 0 {
		return ps, fmt.Errorf("params: min_gain: negative")
	}
	if ps.MinCombined != nil && (*ps.MinCombined < 0 || *ps.MinCombined >= 2) {
		return ps, fmt.Errorf("params: min_combined: want 0 ≤ x < 2 (two jobs' normalised throughputs), got %v", *ps.MinCombined)
	}
	return ps, nil
}

var (
	baseKeys   = map[string]bool{"placement": true}
	oracleKeys = map[string]bool{"placement": true, "order": true, "strict": true, "fallback": true,
		"rounds": true, "packing": true, "migration_cost_s": true, "min_gain": true, "min_combined": true}
	similarityKeys = map[string]bool{"placement": true, "order": true, "strict": true, "fallback": true, "k": true, "exclude": true}
	roundsKeys     = map[string]bool{"placement": true, "order": true, "strict": true, "fallback": true, "k": true, "exclude": true,
		"migration_cost_s": true, "min_gain": true}
	maxminKeys   = map[string]bool{"placement": true, "throughputs": true, "k": true, "exclude": true, "mechanism": true}
	agnosticKeys = map[string]bool{"placement": true, "mechanism": true}
	packingKeys  = map[string]bool{"placement": true, "order": true, "strict": true, "fallback": true, "k": true, "exclude": true,
		"migration_cost_s": true, "min_gain": true, "min_combined": true}
)

// Entries lists the policies of this package, in documentation order.
func Entries() []Entry {
	return []Entry{
		{Name: "model-similarity", New: func(raw json.RawMessage) (sim.Policy, error) {
			return newSimilarity("model-similarity", raw, similarityKeys, false)
		}},
		{Name: "model-similarity+rounds", New: func(raw json.RawMessage) (sim.Policy, error) {
			return newSimilarity("model-similarity+rounds", raw, roundsKeys, true)
		}},
		{Name: "model-similarity+packing", New: func(raw json.RawMessage) (sim.Policy, error) {
			return newSimilarity("model-similarity+packing", raw, packingKeys, true)
		}},
		{Name: "model-similarity-oracle", New: func(raw json.RawMessage) (sim.Policy, error) {
			ps, err := parseParams("model-similarity-oracle", raw, oracleKeys)
			if err != nil {
				return nil, err
			}
			p := &Policy{name: "model-similarity-oracle", rule: ruleOracle, tables: Campaigns(),
				lpt: ps.Order == "lpt", strict: ps.Strict, greedy: ps.Fallback != "finish", rounds: ps.Rounds || ps.Packing}
			p.variantParams(ps, ps.Packing)
			return p, nil
		}},
		{Name: "gavel-maxmin", New: newMaxMin},
		{Name: "gavel-maxmin-agnostic", New: newMaxMinAgnostic},
		{Name: "first-fit-any", New: baseline("first-fit-any", ruleFirstFit)},
		{Name: "random-type", New: baseline("random-type", ruleRandomType)},
		{Name: "fastest-gpu-first", New: baseline("fastest-gpu-first", ruleFastest)},
	}
}

func newSimilarity(name string, raw json.RawMessage, keys map[string]bool, rounds bool) (sim.Policy, error) {
	ps, err := parseParams(name, raw, keys)
	if err != nil {
		return nil, err
	}
	ex, err := ParseExclude(ps.Exclude)
	if err != nil {
		return nil, fmt.Errorf("params: %w", err)
	}
	if ex == ExcludeNone {
		return nil, fmt.Errorf("params: exclude: none would show the policy its own profile: use model-similarity-oracle")
	}
	p := &Policy{name: name, rule: ruleSimilarity, preds: predictors(ps.K, ex),
		lpt: ps.Order == "lpt", strict: ps.Strict, greedy: ps.Fallback != "finish", rounds: rounds}
	p.variantParams(ps, name == "model-similarity+packing")
	return p, nil
}

// variantParams sets the re-matching and packing parameters (defaults: 60 s per move, a 10 %
// predicted speed-up, combined normalised throughput above 1).
func (p *Policy) variantParams(ps Params, packing bool) {
	p.migration, p.minGain = 60, 0.1
	if ps.MigrationCost != nil {
		p.migration = *ps.MigrationCost
	}
	if ps.MinGain != nil {
		p.minGain = *ps.MinGain
	}
	if packing {
		mc := 1.0
		if ps.MinCombined != nil {
			mc = *ps.MinCombined
		}
		p.pack = newPacker(mc)
	}
}

func baseline(name string, r rule) func(json.RawMessage) (sim.Policy, error) {
	return func(raw json.RawMessage) (sim.Policy, error) {
		if _, err := parseParams(name, raw, baseKeys); err != nil {
			return nil, err
		}
		return &Policy{name: name, rule: r}, nil
	}
}

func newMaxMin(raw json.RawMessage) (sim.Policy, error) {
	ps, err := parseParams("gavel-maxmin", raw, maxminKeys)
	if err != nil {
		return nil, err
	}
	switch ps.Throughputs {
	case "", "measured":
		// whether the keys were given, not their values: parseParams turns k = 0 or absent into 3
		var keys map[string]json.RawMessage
		_ = params.Decode(raw, &keys) // parseParams accepted raw: an object or null
		if _, k := keys["k"]; k {
			return nil, fmt.Errorf("params: k applies only with throughputs=similarity")
		}
		if _, ex := keys["exclude"]; ex {
			return nil, fmt.Errorf("params: exclude applies only with throughputs=similarity")
		}
		return &MaxMin{name: "gavel-maxmin", gavel: ps.Mechanism == "gavel", est: &Policy{name: "gavel-maxmin", rule: ruleOracle, tables: Campaigns()}}, nil
	case "similarity":
		ex, err := ParseExclude(ps.Exclude)
		if err != nil {
			return nil, fmt.Errorf("params: %w", err)
		}
		if ex == ExcludeNone {
			return nil, fmt.Errorf("params: exclude: none would show the policy each job's own profile: use throughputs=measured")
		}
		return &MaxMin{name: "gavel-maxmin", gavel: ps.Mechanism == "gavel", est: &Policy{name: "gavel-maxmin", rule: ruleSimilarity, preds: predictors(ps.K, ex)}}, nil
	}
	return nil, fmt.Errorf("params: throughputs: %q: want measured or similarity", ps.Throughputs)
}

// newMaxMinAgnostic is Gavel's heterogeneity-agnostic max-min fairness: the LP of gavel-maxmin with
// every throughput 1 (the engine still runs each job at its measured speed).
func newMaxMinAgnostic(raw json.RawMessage) (sim.Policy, error) {
	ps, err := parseParams("gavel-maxmin-agnostic", raw, agnosticKeys)
	if err != nil {
		return nil, err
	}
	return &MaxMin{name: "gavel-maxmin-agnostic", agnostic: true, gavel: ps.Mechanism == "gavel",
		est: &Policy{name: "gavel-maxmin-agnostic", rule: ruleOracle, tables: Campaigns()}}, nil
}
