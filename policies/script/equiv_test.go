package script_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"schedlab/core"
	"schedlab/policies"
	"schedlab/policies/scenario"
	"schedlab/policies/script"
)

// equivCases are the workloads on which each example must match its built-in byte for byte: the
// README's 1,000-job Philly-derived run and the golden cases that run fifo, sjf and las
// (testdata/golden/args.txt), with their clusters, placements, seeds and checkpoint costs.
var equivCases = []struct {
	name string
	spec scenario.Spec
}{
	{"philly-1000", scenario.Spec{Generate: "philly:jobs=1000,rate=9", Cluster: "16x8", Seed: 1}},
	{"golden-2", scenario.Spec{Generate: "philly:jobs=300,rate=3", Cluster: "4x8+2x4:K80", Seed: 7, CheckpointCost: 30}},
	{"golden-3", scenario.Spec{Generate: "philly:jobs=300,rate=3", Cluster: "8x4", Placement: "spread", Seed: 3}},
	{"golden-4", scenario.Spec{Trace: "../../testdata/trace_small.csv", Cluster: "2x4", Seed: 1}},
}

// examplePairs maps each shipped example to the built-in it copies.
var examplePairs = []struct{ file, builtin string }{
	{"examples/fifo.star", "fifo"},
	{"examples/sjf.star", "sjf"},
	{"examples/las.star", "las"},
	{"examples/srsf.star", "srsf"},
}

func mustCompile(tb testing.TB, file string) *script.Program {
	tb.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	p, err := script.Compile(file, src)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

func caseJobs(tb testing.TB, spec scenario.Spec) ([]core.Job, *core.Cluster) {
	tb.Helper()
	var jobs []core.Job
	var err error
	if spec.Trace != "" {
		f, ferr := os.Open(spec.Trace)
		if ferr != nil {
			tb.Fatal(ferr)
		}
		defer f.Close()
		jobs, _, err = policies.Jobs(spec, f, core.BuiltinModels())
	} else {
		jobs, _, err = policies.Jobs(spec, nil, core.BuiltinModels())
	}
	if err != nil {
		tb.Fatal(err)
	}
	c, err := core.ParseCluster(spec.Cluster)
	if err != nil {
		tb.Fatal(err)
	}
	return jobs, c
}

// fingerprint is everything a run reports, without the policy's name and its reasons for waiting:
// the summary's JSON and every job's record. (A script words its reasons its own way: the engine's
// Keyed and Greedy walks, which scripts run on, give theirs where the built-ins give their rules.
// Nor is the engine's count of events part of it: the built-in las is not woken for a demotion
// while no job waits, a script's key is acted on when it may change.)
func fingerprint(tb testing.TB, o policies.Outcome) []byte {
	tb.Helper()
	s := o.Summary
	s.Policy = ""
	s.WaitByReason = nil
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(s); err != nil {
		tb.Fatal(err)
	}
	for _, j := range o.Result.Jobs {
		fmt.Fprintf(&b, "%d %v %d %d %s %d %d\n", j.Index, j.Status, j.FirstStart, j.End, j.GPUType, j.Preemptions, j.Held)
	}
	fmt.Fprintln(&b, o.Result.End)
	return b.Bytes()
}

func run(tb testing.TB, reg *policies.Registry, spec scenario.Spec, name string, jobs []core.Job, c *core.Cluster) policies.Outcome {
	tb.Helper()
	spec.Policies = []string{name}
	o, err := policies.RunOne(reg, spec, name, jobs, c, core.BuiltinModels(), policies.Hooks{Lean: true})
	if err != nil {
		tb.Fatal(err)
	}
	return o
}

func registry(tb testing.TB, progs ...*script.Program) *policies.Registry {
	reg := policies.Builtin()
	for _, p := range progs {
		if err := reg.Register(p.Name(), p.Factory()); err != nil {
			tb.Fatal(err)
		}
	}
	return reg
}

func TestExamplesMatchBuiltins(t *testing.T) {
	for _, pair := range examplePairs {
		prog := mustCompile(t, pair.file)
		reg := registry(t, prog)
		for _, tc := range equivCases {
			t.Run(pair.builtin+"/"+tc.name, func(t *testing.T) {
				jobs, c := caseJobs(t, tc.spec)
				want := fingerprint(t, run(t, reg, tc.spec, pair.builtin, jobs, c))
				got := fingerprint(t, run(t, reg, tc.spec, prog.Name(), jobs, c))
				if !bytes.Equal(got, want) {
					t.Errorf("%s differs from %s:\n got %.400s\nwant %.400s", prog.Name(), pair.builtin, got, want)
				}
			})
		}
	}
}

// TestScheduleOrderMatchesSRTF: a preemptive schedule(s) that returns the whole order (the greedy
// walk of baselines.Greedy at every decision) gives srtf's bytes on the homogeneous cases, where
// the built-in's shortcut between decisions agrees with the full walk.
func TestScheduleOrderMatchesSRTF(t *testing.T) {
	src := `name = "srtf-by-schedule"
preempt = True

def schedule(s):
    return sorted(s.running + s.queue, key = lambda j: (j.remaining, 0 if j.status == "running" else 1, j.index))
`
	prog, err := script.Compile("srtf.star", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	reg := registry(t, prog)
	for _, tc := range []int{0, 2} { // philly-1000 on 16x8, golden-3 on 8x4 with spread
		spec := equivCases[tc].spec
		jobs, c := caseJobs(t, spec)
		want := fingerprint(t, run(t, reg, spec, "srtf", jobs, c))
		if got := fingerprint(t, run(t, reg, spec, prog.Name(), jobs, c)); !bytes.Equal(got, want) {
			t.Errorf("%s: %s differs from srtf:\n got %.300s\nwant %.300s", equivCases[tc].name, prog.Name(), got, want)
		}
	}
}

// TestRoundFree: a preemptive script whose running priorities say until when they hold (las.star)
// is woken when they change, so the round length does not change its schedule: rounds of 1 s
// give the run of the default 300 s.
func TestRoundFree(t *testing.T) {
	prog := mustCompile(t, "examples/las.star")
	reg := registry(t, prog)
	for _, tc := range equivCases[:2] {
		t.Run(tc.name, func(t *testing.T) {
			jobs, c := caseJobs(t, tc.spec)
			want := fingerprint(t, run(t, reg, tc.spec, prog.Name(), jobs, c))
			short := tc.spec
			short.Round = 1
			if got := fingerprint(t, run(t, reg, short, prog.Name(), jobs, c)); !bytes.Equal(got, want) {
				t.Errorf("rounds of 1 s:\n got %.400s\nwant %.400s", got, want)
			}
		})
	}
}
