package scenario

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Spec is one experiment: the same workload and cluster run once per policy. Times are seconds
// (JSON-friendly); zero values mean the documented defaults.
type Spec struct {
	Scenario       string                     `json:"scenario,omitempty"`
	Generate       string                     `json:"generate,omitempty"` // generator SPEC, e.g. "philly:jobs=1000,rate=9"
	Trace          string                     `json:"trace,omitempty"`    // trace path; "data:REL" = ../shared/data/REL
	Format         string                     `json:"format,omitempty"`   // "" = detect
	Columns        string                     `json:"columns,omitempty"`  // column mapping for format "mapped" (trace.ParseMapping), e.g. "submit=time:s,duration=runtime:ms,gpus=num_gpu"
	Cluster        string                     `json:"cluster,omitempty"`  // spec string or @file
	Policies       []string                   `json:"policies"`
	Params         map[string]json.RawMessage `json:"params,omitempty"` // policy name -> parameters
	Placement      string                     `json:"placement,omitempty"`
	CheckpointCost float64                    `json:"checkpoint_cost_s,omitempty"`
	Round          float64                    `json:"round_s,omitempty"`       // default 300
	FirstRound     *float64                   `json:"first_round_s,omitempty"` // nil = first multiple of round at/after first arrival
	Progress       string                     `json:"progress,omitempty"`      // "", "exact" or "round-credit"; "" = the policy family's default
	WindowFrom     int                        `json:"window_from,omitempty"`   // measured jobs: arrival index in [from, to)
	WindowTo       int                        `json:"window_to,omitempty"`
	StopAtWindow   bool                       `json:"stop_at_window,omitempty"`
	MeasuredOnly   bool                       `json:"measured_only,omitempty"`    // refuse jobs needing an estimated multi-GPU throughput (core/hetero)
	ScriptSteps    uint64                     `json:"script_steps,omitempty"`     // a scripted policy's step ceiling per run (0: policies/script's default)
	ScriptMemoryMB int                        `json:"script_memory_mb,omitempty"` // a scripted policy's memory budget in MB (0: the default)
	Seed           uint64                     `json:"seed"`
}

// Expected is a published number to show beside ours.
type Expected struct {
	Policy    string  `json:"policy"`
	Metric    string  `json:"metric"` // a runner JSON field, e.g. "mean_jct_s"
	Value     float64 `json:"value"`
	Tolerance float64 `json:"tolerance,omitempty"` // relative, e.g. 0.02; 0 = indicative only
	Source    string  `json:"source"`
}

// Scenario is a named Spec reproducing a paper figure.
type Scenario struct {
	Name     string     `json:"name"`
	Title    string     `json:"title"`
	Paper    string     `json:"paper"`
	Spec     Spec       `json:"spec"`
	Expected []Expected `json:"expected,omitempty"`
	Notes    string     `json:"notes,omitempty"`
	// Smoke is true when the scenario is small enough for `make test` (seconds); the others run in
	// `make repro`.
	Smoke bool `json:"smoke,omitempty"`
}

// Validate checks the parts of a Spec that need no registry.
func (s *Spec) Validate() error {
	if (s.Generate == "") == (s.Trace == "") {
		return fmt.Errorf("spec: exactly one of generate and trace is required")
	}
	if len(s.Policies) == 0 {
		return fmt.Errorf("spec: no policy")
	}
	for _, p := range s.Policies {
		if strings.TrimSpace(p) == "" {
			return fmt.Errorf("spec: empty policy name")
		}
	}
	if s.Round < 0 || s.CheckpointCost < 0 || (s.FirstRound != nil && *s.FirstRound < 0) {
		return fmt.Errorf("spec: round, first round and checkpoint cost must not be negative")
	}
	if s.Round != 0 && s.Round < 1 {
		// Every round is a scheduling pass: a millisecond round turns a day of trace into 10⁸ passes.
		return fmt.Errorf("spec: round %v s: want at least 1 s (0 for the default 300 s)", s.Round)
	}
	if s.ScriptMemoryMB < 0 || s.ScriptMemoryMB > 1<<20 {
		return fmt.Errorf("spec: script_memory_mb %d: want 1 to %d MB (0 for the default)", s.ScriptMemoryMB, 1<<20)
	}
	if s.WindowFrom < 0 || s.WindowTo < 0 || (s.WindowTo != 0 && s.WindowTo <= s.WindowFrom) {
		return fmt.Errorf("spec: window [%d, %d) is empty or negative", s.WindowFrom, s.WindowTo)
	}
	if s.Columns != "" && s.Format != "" && s.Format != "mapped" {
		return fmt.Errorf("spec: columns is a mapping for format mapped, not %q", s.Format)
	}
	switch s.Progress {
	case "", "exact", "round-credit":
	default:
		return fmt.Errorf("spec: progress %q: want exact or round-credit", s.Progress)
	}
	return nil
}

// List is an ordered set of scenarios.
type List []Scenario

// Find returns the scenario called name.
func (l List) Find(name string) (Scenario, bool) {
	for _, s := range l {
		if s.Name == name {
			return s, true
		}
	}
	return Scenario{}, false
}
