package script_test

import (
	"testing"
)

// BenchmarkExamples runs each example and its nearest built-in (benchPairs) on the 1,000-job
// Philly-derived workload (16x8, as in the README): the scripted policy's cost is the ratio of the
// two.
func BenchmarkExamples(b *testing.B) {
	spec := equivCases[0].spec
	jobs, c := caseJobs(b, spec)
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
