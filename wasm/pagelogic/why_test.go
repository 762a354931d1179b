package pagelogic

import (
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/policies"
	"schedlab/policies/scenario"
	"schedlab/wasm/runrecord"
)

// TestWhy: on one server of 4 GPUs, a (4 GPUs, 0–100 s) runs and b (2 GPUs, at 10 s) waits for
// capacity until 100 s: b's timeline, the jobs waiting at 50 s and after, and fifo's shares.
func TestWhy(t *testing.T) {
	spec := scenario.Spec{Trace: "t.csv", Cluster: "1x4", Policies: []string{"fifo"}}
	jobs := []core.Job{
		{ID: "a", GPUs: 4, Submit: 0, Duration: 100 * core.Second},
		{ID: "b", GPUs: 2, Submit: 10 * core.Second, Duration: 50 * core.Second},
	}
	c, _ := core.ParseCluster("1x4")
	o, err := policies.RunOne(policies.Builtin(), spec, "fifo", jobs, c, core.BuiltinModels(), policies.Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	run, err := runrecord.NewRun(spec, c, o)
	if err != nil {
		t.Fatal(err)
	}
	b, err := run.MarshalBinary() // the record as the page gets it from a worker
	if err != nil {
		t.Fatal(err)
	}
	rec := &runrecord.Record{}
	if err := rec.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	want := "0.003 h · submitted: needs 2 GPU(s)\n0.003 h · waiting (capacity): needs 2 GPUs; 0 free in the cluster\n" +
		"0.028 h · started: started on 2 GPUs on 1 server: GPUs 0-1\n0.042 h · finished"
	if got := strings.Join(Timeline(rec, 1), "\n"); got != want {
		t.Errorf("timeline\n%s\nwant\n%s", got, want)
	}
	if got := WaitingAt(rec, 50_000, 10); got != "at 0.014 h: 1 job(s) waiting\njob b (capacity): needs 2 GPUs; 0 free in the cluster" {
		t.Errorf("at 50 s: %q", got)
	}
	if got := WaitingAt(rec, 100_000, 10); got != "at 0.028 h: 0 job(s) waiting" {
		t.Errorf("at 100 s: %q", got)
	}
	if got := WaitShares(rec); len(got) != 5 || got[0].Class != "capacity" || got[0].Share != 1 {
		t.Errorf("shares %v, want all capacity", got)
	}
}
