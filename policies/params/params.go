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
	"reflect"
	"strings"
)

// Decode reads raw into dst (a pointer to a struct): unknown keys, values of the wrong type and
// trailing data are errors; nil, empty or null leaves dst as it is. Errors start with "params: ".
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
		return fmt.Sprintf("%s: want %s, got a JSON %s", typ.Field, want(typ.Type), typ.Value)
	case errors.As(err, &syn):
		return fmt.Sprintf("not valid JSON at byte %d: %v", syn.Offset, syn)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return "unknown key " + strings.TrimPrefix(err.Error(), "json: unknown field ")
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// want says in words what a Go type accepts.
func want(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return want(t.Elem())
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list of " + strings.TrimPrefix(strings.TrimPrefix(want(t.Elem()), "a "), "an ") + "s"
	}
	return "an object"
}
