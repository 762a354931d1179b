// Package params reads a policy's JSON parameters (the runner's -params, the app's parameters box)
// strictly and says what is wrong in the user's terms: the key, what it wants, what it got —
// never a Go type name. Every policy family decodes through Decode, so a typo or a misplaced
// parameter is an error everywhere instead of silently running the defaults.
package params

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"schedlab/core/jsondup"
	"schedlab/core/jsonloc"
)

// Decode reads raw into dst (a pointer to a struct): unknown keys, values of the wrong type,
// trailing data and a key given twice (see Duplicate) are errors; nil, empty or null leaves dst as
// it is. Errors start with "params: ".
func Decode(raw json.RawMessage, dst any) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return fmt.Errorf("params: %s", describe(err))
	}
	if dec.More() {
		return errors.New("params: trailing data after the JSON object")
	}
	return Duplicate(raw)
}

// Duplicate reports a key given twice in one object of raw, which must be valid JSON, as "params:
// PATH: duplicate key" (nil when there is none), comparing keys ignoring case as encoding/json
// matches them to struct fields: "k" and "K" set one field, and the decoder keeps the last value
// silently. No line: raw is a fragment of what the user wrote (one policy's value in a file or in
// the app's box), so its lines are not theirs; the readers of those texts check the whole text
// first and name its lines.
func Duplicate(raw json.RawMessage) error {
	if d := jsondup.Find(raw, jsondup.FoldCase); d != nil {
		return fmt.Errorf("params: %s: duplicate key", d.Path)
	}
	return nil
}

// describe rewrites encoding/json's errors, which name Go types and struct fields.
func describe(err error) string {
	var typ *json.UnmarshalTypeError
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &typ):
		if typ.Field == "" {
			return fmt.Sprintf("want an object {\"key\": value, …}, got a JSON %s", typ.Value)
		}
		return fmt.Sprintf("%s: want %s, got a JSON %s", typ.Field, jsonloc.Want(typ.Type), typ.Value)
	case errors.As(err, &syn):
		return fmt.Sprintf("not valid JSON at byte %d: %v", syn.Offset, syn)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return "unknown key " + strings.TrimPrefix(err.Error(), "json: unknown field ")
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}
