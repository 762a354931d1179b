package pagelogic

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"

	"schedlab/wasm/runrecord"
)

// MetricCols are the summary table's metric columns (the runner's JSON fields) with their
// headers; RatioCols also show their ratio to the baseline run, inside the same cell so that the
// key columns fit a 1440 px screen without scrolling. Times show in hours; the cell's title and
// data-value keep the runner's seconds.
var (
	MetricCols = []struct{ Field, Head string }{
		{"jobs", "jobs"}, {"completed", "done"}, {"mean_jct_s", "mean JCT h"}, {"p50_jct_s", "p50 h"},
		{"p99_jct_s", "p99 h"}, {"mean_queue_s", "queue h"}, {"makespan_s", "makespan h"},
		{"gpu_util", "GPU util"}, {"preemptions", "preempt"},
	}
	RatioCols = []string{"mean_jct_s", "p50_jct_s", "p99_jct_s", "mean_queue_s", "makespan_s", "gpu_util"}
)

// Fields decodes a summary keeping each number's exact text.
func Fields(rec *runrecord.Record) map[string]any {
	m := map[string]any{}
	dec := json.NewDecoder(bytes.NewReader(rec.Summary))
	dec.UseNumber()
	dec.Decode(&m)
	return m
}

// FormatMetric shows six significant digits, and large values (job counts, seconds of a long
// trace) in full rather than as 1e+06.
func FormatMetric(v float64) string {
	if math.Abs(v) >= 999999.5 && math.Abs(v) < 1e15 { // from here 'g' with 6 digits writes 1e+06
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

func Number(v any) (string, float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return "null", 0, false
	}
	f, err := n.Float64()
	return n.String(), f, err == nil
}

// Ratio is a metric's ratio to the baseline's: the exact ratio as text ("null" without one) and
// as shown (" ×1.234", " ×–" without one).
func Ratio(field string, v float64, ok bool, base map[string]any) (exact, shown string) {
	_, b, okb := Number(base[field])
	exact, shown = "null", " ×–"
	if ok && okb && b != 0 {
		ratio := v / b
		exact = strconv.FormatFloat(ratio, 'g', -1, 64)
		shown = " ×" + strconv.FormatFloat(ratio, 'f', 3, 64)
	}
	return exact, shown
}

// CompactJSON is b without insignificant space (b itself when it is not JSON).
func CompactJSON(b []byte) string {
	var buf bytes.Buffer
	if json.Compact(&buf, b) != nil {
		return string(b)
	}
	return buf.String()
}
