package pagelogic

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"schedlab/core/jsondup"
	"schedlab/core/jsonloc"
	"schedlab/policies"
)

// ParamsError is the problem with a parameter box's text ("" = none).
func ParamsError(reg *policies.Registry, raw string) string {
	if raw == "" {
		return ""
	}
	var m map[string]json.RawMessage
	dec := json.NewDecoder(strings.NewReader(raw))
	if err := dec.Decode(&m); err != nil {
		line, col, msg := JSONProblem([]byte(raw), err)
		return fmt.Sprintf("policy parameters: want a JSON object {\"policy\": {...}}: line %d, column %d: %s", line, col, msg)
	}
	if t, ok := jsonloc.Trailing([]byte(raw), dec); ok {
		return fmt.Sprintf("policy parameters: want one JSON object {\"policy\": {...}}: line %d, column %d: %s", t.Line, t.Col, t.Msg)
	}
	// The map merged a repeated policy, and a policy's own check would count lines from its
	// value, not from the box: find a key given twice in the whole text (ignoring case, as the
	// parameter structs match keys).
	if d := jsondup.Find([]byte(raw)[:dec.InputOffset()], jsondup.FoldCase); d != nil {
		return fmt.Sprintf("policy parameters: line %d: %v", d.Line, d)
	}
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		if !reg.Has(name) {
			return fmt.Sprintf("policy parameters: %q is not a policy", name)
		}
		if _, err := reg.New(name, m[name]); err != nil {
			return "policy parameters: " + err.Error()
		}
	}
	return ""
}
