package scripting

import (
	"os"
	"path/filepath"
	"testing"

	"schedlab/core"
	"schedlab/core/shareddata"
	"schedlab/core/trace"
	"schedlab/policies"
	"schedlab/policies/scenario"
	"schedlab/wasm/runrecord"
)

// BenchmarkPhilly runs each example script the way the scripting worker does (Registry, then
// policies.RunOne) on the whole 82,247-job Philly trace and the runner's default cluster: under
// Node (GOOS=js GOARCH=wasm, make script-philly-wasm) it is the page's worker's cost and memory.
// Too long for make test.
func BenchmarkPhilly(b *testing.B) {
	phillyBench(b, filepath.Join(shareddata.Dir(b), "pollux", "traces", "philly.csv"))
}

func phillyBench(b *testing.B, path string) {
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	jobs, _, err := trace.Builtin().Read("philly.csv", f, "philly", nil)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	c, err := core.ParseCluster("16x8")
	if err != nil {
		b.Fatal(err)
	}
	var s Scripts
	for _, e := range s.Examples() {
		reg, compiled, err := s.Registry([]runrecord.Script{e})
		if err != nil {
			b.Fatal(err)
		}
		name := compiled[0].Name
		b.Run(name, func(b *testing.B) {
			spec := scenario.Spec{Trace: "philly.csv", Cluster: "16x8", Seed: 1, Policies: []string{name}}
			for b.Loop() {
				if _, err := policies.RunOne(reg, spec, name, jobs, c, core.BuiltinModels(), policies.Hooks{Lean: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
