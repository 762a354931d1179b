package sweep

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"schedlab/policies/scenario"
)

// DefaultMetrics are the metrics of a sweep file the page exports: the summary table's headline
// numbers, in the runner's JSON names.
var DefaultMetrics = []string{"mean_jct_s", "p99_jct_s", "mean_queue_s", "makespan_s", "gpu_util"}

// FileOf is the sweep file of one run as the page's form describes it (workload, cluster, policies
// and their parameters, engine settings, seed): one point, each policy a series, the seed as the
// seed list. It is a starting point: add a "sweep" and more seeds, then run it on a cluster. The
// result parses back with Parse into a figure whose cells are the form's runs.
func FileOf(id string, spec scenario.Spec) ([]byte, error) {
	f := File{Spec: spec, ID: id, Seeds: strconv.FormatUint(spec.Seed, 10), Metrics: DefaultMetrics}
	f.Spec.Seed, f.Spec.Scenario = 0, "" // a sweep's own seeds and workload
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	if _, _, err := Parse(id+".json", b.Bytes()); err != nil {
		return nil, fmt.Errorf("the form does not make a sweep file: %w", err)
	}
	return b.Bytes(), nil
}
