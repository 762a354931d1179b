package sim

// Trigger says why the policy is asked to decide: a bit set of what happened at this instant.
type Trigger uint8

// Trigger bits.
const (
	OnArrival Trigger = 1 << iota
	OnCompletion
	OnLeaseEnd
	OnTick
	OnWake // the time the policy asked for with View.WakeAt
)

// Policy decides which jobs run. Decide is called once per instant at which events happened,
// after the engine has applied them all; it reads state through v and acts only through v.Start
// and v.Stop. Decide must be deterministic: its only randomness is v.Rand().
type Policy interface {
	Name() string
	Decide(v *View, why Trigger)
}

// Rounds says how a policy uses the engine's round ticks (every Config.Round, aligned to multiples
// of the round length from t = 0 or from Config.FirstRound).
type Rounds uint8

// Round modes.
const (
	// NoRounds: decisions on arrivals, completions and the wake-ups the policy asks for
	// (View.WakeAt) only; no ticks.
	NoRounds Rounds = iota
	// RoundsToo: ticks in addition to arrivals and completions (a periodic re-placement, a
	// preemption rule applied once per round). A policy that only needs to act when its
	// priorities change asks for that moment with View.WakeAt instead.
	RoundsToo
	// LeaseRounds: decisions only at ticks, and every allocation is a lease that the engine
	// releases at the next tick (Synergy). Jobs are re-allocated each round.
	LeaseRounds
)

// RoundPolicy is implemented by policies that use round ticks.
type RoundPolicy interface {
	Policy
	Rounds() Rounds
}

// Initer is implemented by policies that size per-job state before the run starts.
type Initer interface {
	Init(v *View)
}

// ProgressPolicy is implemented by policy families with their own default progress accounting
// (the Synergy family defaults to RoundCredit, as the authors' simulator does). A run that does
// not choose a mode explicitly uses it.
type ProgressPolicy interface {
	Policy
	Progress() Progress
}
