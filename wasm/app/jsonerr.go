//go:build js && wasm

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// jsonProblem locates an encoding/json decoding error in raw for a person: the 1-based line and
// column (0, 0 when the decoder says nowhere) and the problem, naming the field of a value of the
// wrong type. The parameters box and the JSON import both report through it.
func jsonProblem(raw []byte, err error) (line, col int, msg string) {
	off := -1
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		off, msg = int(syn.Offset), syn.Error()
	case errors.As(err, &typ):
		off, msg = int(typ.Offset), fmt.Sprintf("%s: want %v, got JSON %s", typ.Field, typ.Type, typ.Value)
	case errors.Is(err, io.ErrUnexpectedEOF):
		off, msg = len(raw), "unexpected end of input"
	default:
		return 0, 0, err.Error()
	}
	before := string(raw[:min(max(off, 0), len(raw))])
	return strings.Count(before, "\n") + 1, max(1, len(before)-strings.LastIndex(before, "\n")-1), msg
}
