package baselines

import (
	"encoding/json"

	"schedlab/core/sim"
	"schedlab/policies/placement"
)

// Policy names.
const (
	NameFIFO         = "fifo"
	NameFIFOBackfill = "fifo-backfill"
	NameSJF          = "sjf"
	NameSRTF         = "srtf"
	NameLAS          = "las"
	NameSRSF         = "srsf"
)

// FIFO runs jobs in strict arrival order with head-of-line blocking: the oldest waiting job starts
// as soon as its placement finds GPUs, runs to completion, and nothing behind it may start first
// (no backfill). It never preempts.
type FIFO struct{ placer placement.Placer }

// NewFIFO builds FIFO from JSON parameters: {"placement": "consolidate"}.
func NewFIFO(params json.RawMessage) (sim.Policy, error) {
	p, err := PlacerFrom(params)
	if err != nil {
		return nil, err
	}
	return &FIFO{placer: p}, nil
}

// Name implements sim.Policy.
func (*FIFO) Name() string { return NameFIFO }

// ruleFIFO is why a job waits behind FIFO's blocked head.
var ruleFIFO = &sim.Rule{Class: sim.Order, Text: "fifo: arrival order, no job passes the head of the queue"}

// Decide starts waiting jobs in arrival order until one does not fit; the jobs that start to wait
// behind it wait for it (View.WaitRest).
func (f *FIFO) Decide(v *sim.View, _ sim.Trigger) {
	for j := range v.Pending() {
		if !TryStart(v, f.placer, j) {
			v.WaitRest(sim.Behind(ruleFIFO, j.Index, -1, 0))
			return
		}
	}
}

// FIFOBackfill is plain greedy backfill ("first fit in arrival order"): waiting jobs are visited
// in arrival order and each one that fits now starts; one that does not fit is skipped and later
// ones may start. There is no reservation (this is not EASY backfill), so a large gang can wait
// while smaller, later jobs keep taking the GPUs it needs. It never preempts.
type FIFOBackfill struct{ placer placement.Placer }

// NewFIFOBackfill builds fifo-backfill from JSON parameters: {"placement": "consolidate"}.
func NewFIFOBackfill(params json.RawMessage) (sim.Policy, error) {
	p, err := PlacerFrom(params)
	if err != nil {
		return nil, err
	}
	return &FIFOBackfill{placer: p}, nil
}

// Name implements sim.Policy.
func (*FIFOBackfill) Name() string { return NameFIFOBackfill }

// Decide starts every waiting job that fits, in arrival order, until the cluster is full.
func (f *FIFOBackfill) Decide(v *sim.View, _ sim.Trigger) {
	if v.FreeGPUs() == 0 {
		return
	}
	for j := range v.Pending() {
		if TryStart(v, f.placer, j) && v.FreeGPUs() == 0 {
			return
		}
	}
}
