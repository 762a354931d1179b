package runrecord

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"schedlab/core/jsondup"
	"schedlab/policies/scenario"
)

// EncodeQuery writes the scenario parts a link must carry: workload (generator spec, or the
// uploaded trace's name and content hash), format, cluster, policies and seed.
func EncodeQuery(spec scenario.Spec, traceHash string) string {
	return query(spec, traceHash).Encode()
}

func query(spec scenario.Spec, traceHash string) url.Values {
	q := url.Values{}
	if spec.Generate != "" {
		q.Set("generate", spec.Generate)
	} else {
		q.Set("trace", spec.Trace)
		q.Set("sha256", traceHash)
	}
	if spec.Format != "" {
		q.Set("format", spec.Format)
	}
	q.Set("cluster", spec.Cluster)
	q.Set("policies", strings.Join(spec.Policies, ","))
	q.Set("seed", strconv.FormatUint(spec.Seed, 10))
	if x := extras(spec); x != nil {
		q.Set("x", string(x))
	}
	return q
}

// DecodeQuery reads a query written by EncodeQuery. ok is false when the query holds no scenario.
// A key given twice in x (ignoring case, as the spec's fields match keys) is an error: a link is
// ours, but anyone can edit one, and the decoder would keep one of the two values silently.
func DecodeQuery(raw string) (spec scenario.Spec, traceHash string, ok bool, err error) {
	q, err := url.ParseQuery(strings.TrimPrefix(raw, "?"))
	if err != nil {
		return spec, "", false, fmt.Errorf("url: %w", err)
	}
	if q.Get("generate") == "" && q.Get("trace") == "" {
		return spec, "", false, nil
	}
	spec.Generate, spec.Trace, spec.Format = q.Get("generate"), q.Get("trace"), q.Get("format")
	spec.Cluster = q.Get("cluster")
	for _, p := range strings.Split(q.Get("policies"), ",") {
		if p = strings.TrimSpace(p); p != "" {
			spec.Policies = append(spec.Policies, p)
		}
	}
	if s := q.Get("seed"); s != "" {
		if spec.Seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			return spec, "", false, fmt.Errorf("url: seed: want a non-negative integer, got %q", s)
		}
	}
	if x := q.Get("x"); x != "" {
		var e scenario.Spec
		if err := json.Unmarshal([]byte(x), &e); err != nil {
			return spec, "", false, fmt.Errorf("url: x: want the scenario's other settings as JSON: %v", err)
		}
		if d := jsondup.Find([]byte(x), jsondup.FoldCase); d != nil {
			return spec, "", false, fmt.Errorf("url: x: %s: duplicate key", d.Path) // one line: no line numbers
		}
		spec.Scenario, spec.Columns, spec.Params, spec.Placement = e.Scenario, e.Columns, e.Params, e.Placement
		spec.CheckpointCost, spec.Round, spec.FirstRound, spec.Progress = e.CheckpointCost, e.Round, e.FirstRound, e.Progress
		spec.WindowFrom, spec.WindowTo, spec.StopAtWindow, spec.MeasuredOnly = e.WindowFrom, e.WindowTo, e.StopAtWindow, e.MeasuredOnly
	}
	return spec, q.Get("sha256"), true, nil
}

// extras is the JSON of a spec's settings beyond workload, cluster, policies and seed (parameters,
// scenario name, rounds, window, …), or nil when it has none: the link carries them in "x".
func extras(spec scenario.Spec) []byte {
	e := scenario.Spec{Scenario: spec.Scenario, Columns: spec.Columns, Params: spec.Params, Placement: spec.Placement,
		CheckpointCost: spec.CheckpointCost, Round: spec.Round, FirstRound: spec.FirstRound, Progress: spec.Progress,
		WindowFrom: spec.WindowFrom, WindowTo: spec.WindowTo, StopAtWindow: spec.StopAtWindow, MeasuredOnly: spec.MeasuredOnly}
	b, _ := json.Marshal(e)
	empty, _ := json.Marshal(scenario.Spec{})
	if string(b) == string(empty) {
		return nil
	}
	return b
}
