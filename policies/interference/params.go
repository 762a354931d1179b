package interference

import (
	"encoding/json"
	"fmt"
	"schedlab/policies/params"
)

// Params are the policies' JSON parameters (all optional), after defaults.
type Params struct {
	TrainFrac float64 // iasp-iapp: share of measured pairs to train on (default 0.8)
	Seed      uint64  // iasp-iapp: split and training seed (default 1)
	Theta     float64 // iasp-iapp(-oracle): least predicted net throughput gain to share (default 0.3, tuned on seeds 101–110)
	Lambda    float64 // iasp-iapp(-oracle), gang=spread only: cost of each extra server a gang spans (default 0: spread like the others; > 1 waits for one server)
	Evict     float64 // gandiva-pack: migrate a job whose observed slowdown is below this (default 0.6)
	Gang      Gang    // every policy: wait for one server (default) or spread a gang across servers at once
}

// Gang is the family's one gang rule, the same for every policy so that a comparison measures
// placement on the GPUs, not whether a job waits for a server.
type Gang string

// The gang rules.
const (
	// GangServer: a job that fits on one server (of a type it allows) waits until one server has
	// room, as CLWP assigns each job to one worker node (Geng et al., Cluster Computing 2020,
	// abstract and Sec. 3); a job wider than every server spans servers, which is unavoidable.
	GangServer Gang = "server"
	// GangSpread: a job no single server can hold now starts at once across servers of one GPU
	// type and runs at its measured spread speed; iasp-iapp weighs each extra server at Lambda.
	GangSpread Gang = "spread"
)

// jsonParams is Params as written. Pointers, because 0 is a meaningful value of theta (share on
// any predicted gain), lambda (spill across servers freely), evict (never migrate) and seed: an
// absent key takes the default, an explicit 0 is kept.
type jsonParams struct {
	TrainFrac *float64 `json:"train_frac"`
	Seed      *uint64  `json:"seed"`
	Theta     *float64 `json:"theta"`
	Lambda    *float64 `json:"lambda"`
	Evict     *float64 `json:"evict"`
	Gang      *string  `json:"gang"`
}

// parseParams reads raw strictly (unknown keys, trailing data and keys of another policy of the
// family are errors, so a typo or a misplaced parameter never silently runs the default) and
// checks each value's range.
func parseParams(k kind, raw json.RawMessage) (Params, error) {
	ps := Params{TrainFrac: 0.8, Seed: 1, Theta: 0.3, Lambda: 0, Evict: 0.6, Gang: GangServer}
	var in jsonParams
	if err := params.Decode(raw, &in); err != nil {
		return ps, err
	}
	iasp, share := k == kIASP, k == kIASP || k == kOracle
	for _, f := range []struct {
		key     string
		set, ok bool
		who     string
	}{
		{"train_frac", in.TrainFrac != nil, iasp, NameIASP},
		{"seed", in.Seed != nil, iasp, NameIASP},
		{"theta", in.Theta != nil, share, NameIASP + " and " + NameOracle},
		{"lambda", in.Lambda != nil, share, NameIASP + " and " + NameOracle},
		{"evict", in.Evict != nil, k == kGandiva, NameGandiva},
	} {
		if f.set && !f.ok {
			return ps, fmt.Errorf("params: %s: applies only to %s", f.key, f.who)
		}
	}
	set := func(dst *float64, src *float64) {
		if src != nil {
			*dst = *src
		}
	}
	set(&ps.TrainFrac, in.TrainFrac)
	set(&ps.Theta, in.Theta)
	set(&ps.Lambda, in.Lambda)
	set(&ps.Evict, in.Evict)
	if in.Seed != nil {
		ps.Seed = *in.Seed
	}
	if in.Gang != nil {
		ps.Gang = Gang(*in.Gang)
	}
	switch {
	case ps.TrainFrac < 0.05 || ps.TrainFrac > 1:
		return ps, fmt.Errorf("params: train_frac: %g is outside [0.05, 1]", ps.TrainFrac)
	case ps.Theta < -1 || ps.Theta > 1:
		return ps, fmt.Errorf("params: theta: %g is outside [-1, 1] (a net throughput gain)", ps.Theta)
	case ps.Lambda < 0:
		return ps, fmt.Errorf("params: lambda: %g is negative (a cost per extra server)", ps.Lambda)
	case ps.Evict < 0 || ps.Evict > 1:
		return ps, fmt.Errorf("params: evict: %g is outside [0, 1] (a slowdown)", ps.Evict)
	case ps.Gang != GangServer && ps.Gang != GangSpread:
		return ps, fmt.Errorf("params: gang: %q: want %q or %q", ps.Gang, GangServer, GangSpread)
	case in.Lambda != nil && ps.Gang != GangSpread:
		return ps, fmt.Errorf("params: lambda: applies only with gang %q (with %q a gang that fits on one server waits for one)", GangSpread, GangServer)
	}
	return ps, nil
}
