package metrics

import (
	"schedlab/core"
	"schedlab/core/sim"
)

// WaitShares is the share of all waiting each reason class accounts for (sim.Class), over the
// measured, finished jobs: "62 % of waiting was shape" says at a glance where a policy's queueing
// comes from. The shares sum to 1.
type WaitShares struct {
	Capacity float64 `json:"capacity"`
	Shape    float64 `json:"shape"`
	Order    float64 `json:"order"`
	Held     float64 `json:"held"`
	Script   float64 `json:"script"`
}

// Of is the share of class c.
func (w *WaitShares) Of(c sim.Class) float64 {
	switch c {
	case sim.Capacity:
		return w.Capacity
	case sim.Shape:
		return w.Shape
	case sim.Order:
		return w.Order
	case sim.Held:
		return w.Held
	case sim.Script:
		return w.Script
	}
	return 0
}

// WaitByReason sums the waiting of r's measured, finished jobs per reason class (sim.Result.WaitBy);
// the total is their whole waiting time.
func WaitByReason(r *sim.Result) (by [sim.NumClasses]core.Time, total core.Time) {
	for i := range r.Jobs {
		j := &r.Jobs[i]
		if !j.Measured || j.Status != sim.Done {
			continue
		}
		w := r.WaitBy(i)
		for c, t := range w {
			by[c] += t
			total += t
		}
	}
	return by, total
}

// waitShares is WaitByReason as shares, nil when no measured job waited.
func waitShares(r *sim.Result) *WaitShares {
	by, total := WaitByReason(r)
	if total == 0 {
		return nil
	}
	share := func(c sim.Class) float64 { return round6(float64(by[c]) / float64(total)) }
	return &WaitShares{Capacity: share(sim.Capacity), Shape: share(sim.Shape), Order: share(sim.Order),
		Held: share(sim.Held), Script: share(sim.Script)}
}
