package script_test

import (
	"testing"

	"schedlab/policies/script"
)

// TestExamplesCheck: every shipped example compiles and dry-runs, and wide-first (the one with
// actions) runs the 1,000-job workload to the end.
func TestExamplesCheck(t *testing.T) {
	for _, e := range script.Examples() {
		if _, err := script.Check(e.File, e.Source); err != nil {
			t.Errorf("%s: %v", e.File, err)
		}
	}
	prog := mustCompile(t, "examples/wide-first.star")
	jobs, c := caseJobs(t, equivCases[0].spec)
	o := run(t, registry(t, prog), equivCases[0].spec, prog.Name(), jobs, c)
	if s := o.Summary; s.Completed != s.Jobs {
		t.Errorf("wide-first finished %d of %d jobs", s.Completed, s.Jobs)
	}
}
