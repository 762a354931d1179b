package baselines

import (
	"encoding/json"
	"fmt"

	"schedlab/core/sim"
	"schedlab/policies/params"
	"schedlab/policies/placement"
)

// Common is the parameter every baseline shares.
type Common struct {
	// Placement names the GPU placement strategy (placement.Names); "" = placement.Default.
	Placement string `json:"placement,omitempty"`
}

func (c Common) placer() (placement.Placer, error) {
	p, err := placement.ByName(c.Placement)
	if err != nil {
		return nil, fmt.Errorf("placement: %w", err)
	}
	return p, nil
}

// placerFrom builds the placer of a baseline whose only parameter is Common (fifo,
// fifo-backfill, sjf, srtf): {"placement": "consolidate"}.
func PlacerFrom(raw json.RawMessage) (placement.Placer, error) {
	var c Common
	if err := params.Decode(raw, &c); err != nil {
		return nil, err
	}
	return c.placer()
}

// Compile-time check: every constructor has the registry's Factory signature.
var _ = []func(json.RawMessage) (sim.Policy, error){NewFIFO, NewFIFOBackfill, NewSJF, NewSRTF, NewLAS, NewSRSF}
