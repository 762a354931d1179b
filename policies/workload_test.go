package policies

import (
	"testing"

	"schedlab/core"
	"schedlab/policies/scenario"
)

// workload builds spec's generated jobs and its cluster, failing tb on either error: the set-up of
// every test and benchmark here that runs a generated spec.
func workload(tb testing.TB, spec scenario.Spec, models *core.Models) ([]core.Job, *core.Cluster) {
	tb.Helper()
	jobs, _, err := Jobs(spec, nil, models)
	if err != nil {
		tb.Fatal(err)
	}
	c, err := core.ParseCluster(spec.Cluster)
	if err != nil {
		tb.Fatal(err)
	}
	return jobs, c
}
