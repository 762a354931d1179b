package jsonloc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
)

// UnknownField is the Msg of a key the decoder's DisallowUnknownFields refused (its Field is the key).
const UnknownField = "unknown field"

// Problem is a decoding error located in the input.
type Problem struct {
	Line, Col int    // 1-based; 0, 0 when the decoder says nowhere
	Field     string // the value's dotted path for a wrong type, the key for an unknown one; else ""
	Msg       string // the problem, without the field
}

// Locate explains err, returned by decoding data with encoding/json.
func Locate(data []byte, err error) Problem {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return at(data, max(0, int(syn.Offset)-1), "", syn.Error()) // Offset counts the bad byte
	case errors.As(err, &typ):
		return at(data, max(0, int(typ.Offset)-1), typ.Field, // Offset counts the value's last byte
			fmt.Sprintf("want %s, got a JSON %s", Want(typ.Type), typ.Value))
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return at(data, len(data), "", "unexpected end of JSON input")
	}
	// DisallowUnknownFields' error carries no offset: name the key where it is first written as one.
	if q, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		if key, uerr := strconv.Unquote(q); uerr == nil {
			return at(data, max(0, keyOffset(data, key)), key, UnknownField)
		}
	}
	return Problem{Msg: strings.TrimPrefix(err.Error(), "json: ")}
}

// Trailing reports the first text after the value dec has just decoded from data (whitespace
// aside), as a Problem, or false when there is none.
func Trailing(data []byte, dec *json.Decoder) (Problem, bool) {
	off := int(dec.InputOffset())
	rest := data[min(off, len(data)):]
	skip := len(rest) - len(bytes.TrimLeft(rest, " \t\r\n"))
	if skip == len(rest) {
		return Problem{}, false
	}
	return at(data, off+skip, "", "text after the JSON value"), true
}

// at is the Problem at the byte at offset off of data (one past its end at most); off < 0 says
// nowhere.
func at(data []byte, off int, field, msg string) Problem {
	if off < 0 {
		return Problem{Field: field, Msg: msg}
	}
	before := data[:min(off, len(data))]
	line := 1 + bytes.Count(before, []byte{'\n'})
	col := len(before) - bytes.LastIndexByte(before, '\n')
	return Problem{Line: line, Col: col, Field: field, Msg: msg}
}

// KeyLine is the line on which key is first written as an object key (`"key":`), or 1 when it is
// not: good enough to point an editor at a field of a small hand-written file, for a check made
// after decoding.
func KeyLine(data []byte, key string) int {
	return at(data, max(0, keyOffset(data, key)), "", "").Line
}

// keyOffset is the offset of the first `"key"` followed by a colon, or -1.
func keyOffset(data []byte, key string) int {
	quoted := []byte(strconv.Quote(key))
	for from := 0; ; {
		i := bytes.Index(data[from:], quoted)
		if i < 0 {
			return -1
		}
		i += from
		if rest := bytes.TrimLeft(data[i+len(quoted):], " \t\r\n"); len(rest) > 0 && rest[0] == ':' {
			return i
		}
		from = i + 1
	}
}

// ElementLine is the line on which element i of the array under the top-level key begins in data,
// a JSON object that decoded without error — so that a check made after decoding ("servers[2]:
// count must be positive") can name the user's line; 1 when there is no such element.
func ElementLine(data []byte, key string, i int) int {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return 1
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return 1
		}
		if k != key {
			if skipValue(dec) != nil {
				return 1
			}
			continue
		}
		if t, err := dec.Token(); err != nil || t != json.Delim('[') {
			return 1
		}
		for n := 0; dec.More(); n++ {
			if n == i {
				return valueLine(data, int(dec.InputOffset()))
			}
			if skipValue(dec) != nil {
				return 1
			}
		}
		return 1
	}
	return 1
}

// skipValue reads past the next value of dec's stream.
func skipValue(dec *json.Decoder) error {
	var v json.RawMessage
	return dec.Decode(&v)
}

// valueLine is the line of the first byte at or after off that is not a separator.
func valueLine(data []byte, off int) int {
	rest := data[min(off, len(data)):]
	skip := len(rest) - len(bytes.TrimLeft(rest, " \t\r\n,:"))
	return at(data, off+skip, "", "").Line
}

// Want says in words what a value of Go type t accepts ("an integer", "a list of objects"): the
// user wrote JSON and never saw the Go type.
func Want(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return Want(t.Elem())
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
		return "a list of " + plural(Want(t.Elem()))
	}
	return "an object"
}

// plural turns Want's "an integer" into "integers", "a list of strings" into "lists of strings".
func plural(w string) string {
	w = strings.TrimPrefix(strings.TrimPrefix(w, "a "), "an ")
	switch {
	case w == "true or false":
		return "true/false values"
	case strings.HasPrefix(w, "list of "):
		return "lists of " + strings.TrimPrefix(w, "list of ")
	}
	return w + "s"
}
