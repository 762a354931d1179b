package baselines

import (
	"bytes"
	"encoding/json"
	"fmt"

	"schedlab/core/sim"
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
func placerFrom(params json.RawMessage) (placement.Placer, error) {
	var c Common
	if err := decode(params, &c); err != nil {
		return nil, err
	}
	return c.placer()
}

// decode reads JSON parameters strictly into dst: unknown keys and trailing data are errors;
// nil, empty or "null" leaves dst at its defaults.
func decode(params json.RawMessage, dst any) error {
	params = bytes.TrimSpace(params)
	if len(params) == 0 || bytes.Equal(params, []byte("null")) {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(params))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return fmt.Errorf("params: %w", err)
	}
	if dec.More() {
		return fmt.Errorf("params: trailing data after the JSON object")
	}
	return nil
}

// Compile-time check: every constructor has the registry's Factory signature.
var _ = []func(json.RawMessage) (sim.Policy, error){NewFIFO, NewFIFOBackfill, NewSJF, NewSRTF, NewLAS}
