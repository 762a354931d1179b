package script_test

import (
	"os"
	"path/filepath"
	"testing"

	"schedlab/core"
	"schedlab/core/shareddata"
	"schedlab/core/trace"
	"schedlab/policies/scenario"
)

// phillyJobs is the real 82,247-job Philly trace (pollux/traces/philly.csv) as the runner reads it.
func phillyJobs(tb testing.TB) []core.Job {
	tb.Helper()
	f, err := os.Open(filepath.Join(shareddata.Dir(tb), "pollux", "traces", "philly.csv"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	jobs, _, err := trace.Builtin().Read("philly.csv", f, "philly", nil)
	if err != nil {
		tb.Fatal(err)
	}
	return jobs
}

// BenchmarkPhilly runs every shipped example beside the built-in nearest to it on the whole
// Philly trace, on the runner's default cluster (16x8): the script's cost is the ratio of the two
// (make script-philly prints them). Too long for make test.
func BenchmarkPhilly(b *testing.B) {
	jobs := phillyJobs(b)
	c, err := core.ParseCluster("16x8")
	if err != nil {
		b.Fatal(err)
	}
	spec := scenario.Spec{Trace: "philly.csv", Cluster: "16x8", Seed: 1}
	for _, pair := range benchPairs {
		prog := mustCompile(b, pair.file)
		reg := registry(b, prog)
		for _, name := range []string{pair.builtin, prog.Name()} {
			b.Run(name, func(b *testing.B) {
				for b.Loop() {
					run(b, reg, spec, name, jobs, c)
				}
			})
		}
	}
}

// benchPairs are the examples BenchmarkPhilly times, each beside its nearest built-in.
var benchPairs = []struct{ file, builtin string }{
	{"examples/srsf.star", "srsf"},
	{"examples/las.star", "las"},
	{"examples/tiresias.star", "las"},
	{"examples/easy.star", "fifo"},
	{"examples/fairshare.star", "fifo"},
}
