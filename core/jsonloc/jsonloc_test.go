package jsonloc

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

type file struct {
	Servers []struct {
		Count int     `json:"count"`
		CPU   float64 `json:"cpu"`
	} `json:"servers"`
	Name string `json:"name"`
}

func decode(data string) (*json.Decoder, error) {
	var f file
	dec := json.NewDecoder(bytes.NewReader([]byte(data)))
	dec.DisallowUnknownFields()
	return dec, dec.Decode(&f)
}

func TestLocate(t *testing.T) {
	tests := []struct {
		name, in string
		want     Problem
	}{
		{"syntax", "{\"servers\": [\n  {\"count\": }]}", Problem{2, 13, "", "invalid character '}' looking for beginning of value"}},
		{"type", "{\"name\": \"a\",\n\"servers\": [{\"count\": \"x\"}]}", Problem{2, 25, "servers.count", "want an integer, got a JSON string"}},
		{"type at top", "[1]", Problem{1, 1, "", "want an object, got a JSON array"}},
		{"unknown key after a value that spells it", "{\"name\": \"cpus\",\n \"servers\": [{\"count\": 1,\n \"cpus\": 2}]}", Problem{3, 2, "cpus", "unknown field"}},
		{"truncated", "{\"servers\": [", Problem{1, 14, "", "unexpected end of JSON input"}},
		{"empty", "", Problem{1, 1, "", "unexpected end of JSON input"}},
	}
	for _, tc := range tests {
		_, err := decode(tc.in)
		if err == nil {
			t.Fatalf("%s: decoded without error", tc.name)
		}
		if got := Locate([]byte(tc.in), err); got != tc.want {
			t.Errorf("%s: got %+v, want %+v (from %v)", tc.name, got, tc.want, err)
		}
	}
}

func TestTrailing(t *testing.T) {
	tests := []struct {
		in   string
		want Problem
		ok   bool
	}{
		{"{\"name\": \"a\"}", Problem{}, false},
		{"{\"name\": \"a\"} \n\t\r\n", Problem{}, false},
		{"{\"name\": \"a\"}\n\n  {}", Problem{3, 3, "", "text after the JSON value"}, true},
		{"{\"name\": \"a\"}x", Problem{1, 14, "", "text after the JSON value"}, true},
	}
	for _, tc := range tests {
		dec, err := decode(tc.in)
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		if got, ok := Trailing([]byte(tc.in), dec); got != tc.want || ok != tc.ok {
			t.Errorf("%q: got %+v, %v; want %+v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestElementLine(t *testing.T) {
	in := "{\"name\": \"servers\",\n \"other\": [[1], {\"servers\": [0]}],\n \"servers\": [\n  {\"count\": 1},\n\n  {\"count\": 2}, 7,\n  [3]]}"
	for i, want := range []int{4, 6, 6, 7, 1, 1} { // elements 0-3, then none
		if got := ElementLine([]byte(in), "servers", i); got != want {
			t.Errorf("element %d: line %d, want %d", i, got, want)
		}
	}
	for _, bad := range []string{"", "[1]", "{\"servers\": 5}", "{\"servers\": [1,", "{\"a\": [}"} {
		if got := ElementLine([]byte(bad), "servers", 0); got != 1 {
			t.Errorf("%q: line %d, want 1", bad, got)
		}
	}
}

func TestWant(t *testing.T) {
	tests := []struct {
		v    any
		want string
	}{
		{0.5, "a number"}, {int64(1), "an integer"}, {uint8(1), "an integer"}, {"", "a string"}, {true, "true or false"},
		{[]int{}, "a list of integers"}, {[][]string{}, "a list of lists of strings"}, {[]bool{}, "a list of true/false values"}, {new(float64), "a number"},
		{struct{}{}, "an object"}, {map[string]int{}, "an object"}, {[]struct{}{}, "a list of objects"},
	}
	for _, tc := range tests {
		if got := Want(reflect.TypeOf(tc.v)); got != tc.want {
			t.Errorf("%T: got %q, want %q", tc.v, got, tc.want)
		}
	}
}

// FuzzLocate: whatever the input, a decoding error is placed on one of its lines (or nowhere),
// text after a decoded value is found on one of its lines, and ElementLine answers a line of it.
func FuzzLocate(f *testing.F) {
	f.Add("{\"servers\": [{\"count\": 1}, {\"count\": \"x\"}]}")
	f.Add("{\"servers\": [\n{\"cpus\": 1}]}")
	f.Add("{\"name\": \"a\"}\n{}")
	f.Add("{\"servers\": [")
	f.Fuzz(func(t *testing.T, in string) {
		lines := 1 + bytes.Count([]byte(in), []byte{'\n'})
		dec, err := decode(in)
		if err != nil {
			if p := Locate([]byte(in), err); p.Line < 0 || p.Line > lines || p.Msg == "" || (p.Line > 0) != (p.Col > 0) {
				t.Fatalf("input %q, error %v: located at %+v (%d lines)", in, err, p, lines)
			}
			return
		}
		if p, ok := Trailing([]byte(in), dec); ok && (p.Line < 1 || p.Line > lines) {
			t.Fatalf("input %q: trailing text at %+v (%d lines)", in, p, lines)
		}
		for i := range 3 {
			if l := ElementLine([]byte(in), "servers", i); l < 1 || l > lines {
				t.Fatalf("input %q: element %d on line %d (%d lines)", in, i, l, lines)
			}
		}
	})
}
