package jsondup

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestFind(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		mode Mode
		want string // Dup as "line: path: duplicate key (first at line N)", "" for none
	}{
		{"none", `{"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}`, FoldCase, ""},
		{"top level", "{\"a\": 1,\n \"b\": 2,\n \"a\": 3}", Exact, "3: a: duplicate key (first at line 1)"},
		{"nested", "{\"s\": {\n\"gpus\": 1,\n\"gpus\": 2}}", Exact, "3: s.gpus: duplicate key (first at line 2)"},
		{"array element", "{\"servers\": [\n{\"gpus\": 8},\n{\"count\": 1,\n \"gpus\": 4,\n \"gpus\": 8}]}", Exact,
			"5: servers[1].gpus: duplicate key (first at line 4)"},
		{"root array", `[1, [2, {"x": [{}], "x": 0}]]`, Exact, "1: [1][1].x: duplicate key (first at line 1)"},
		{"case differs, exact", `{"gpus": 1, "GPUs": 2}`, Exact, ""},
		{"case differs, folded", `{"gpus": 1, "GPUs": 2}`, FoldCase, "1: GPUs: duplicate key (first at line 1)"},
		{"kelvin sign folds to k", `{"k": 1, "\u212a": 2}`, FoldCase, "1: [\"\\u212a\"]: duplicate key (first at line 1)"},
		{"escaped spelling", `{"ab": 1, "\u0061b": 2}`, Exact, "1: ab: duplicate key (first at line 1)"},
		{"invalid UTF-8 keys decode alike", "{\"\xff\": 1, \"\xfe\": 2}", Exact, "1: [\"\\ufffd\"]: duplicate key (first at line 1)"},
		{"quotes and colons in values", `{"a": "\"a\": 1, \\", "b": "}{", "a": 2}`, Exact, "1: a: duplicate key (first at line 1)"},
		{"odd key", `{"a b": {"": 1, "": 2}}`, Exact, "1: [\"a\\x20b\"][\"\"]: duplicate key (first at line 1)"},
		{"same key in sibling objects", `[{"a": 1}, {"a": 1}, {"b": {"a": 1}, "a": 1}]`, Exact, ""},
		{"keys after a closed child", `{"a": {"b": 1, "c": 2}, "b": 3, "c": {"a": 1}, "a": 4}`, Exact, "1: a: duplicate key (first at line 1)"},
		{"many keys (map path)", manyKeys(40, "k17"), Exact, "1: k17: duplicate key (first at line 1)"},
		{"many keys folded", manyKeys(40, "K3"), FoldCase, "1: K3: duplicate key (first at line 1)"},
		{"many keys, no duplicate", manyKeys(40, "k40"), FoldCase, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := show(Find([]byte(tc.doc), tc.mode)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			if ref := show(reference([]byte(tc.doc), tc.mode)); ref != tc.want {
				t.Errorf("the reference walker says %q, want %q (a broken test case)", ref, tc.want)
			}
		})
	}
}

// manyKeys is an object of keys k0…k(n-1) and then last.
func manyKeys(n int, last string) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := range n {
		fmt.Fprintf(&b, `"k%d": %d, `, i, i)
	}
	fmt.Fprintf(&b, `"%s": 0}`, last)
	return b.String()
}

func show(d *Dup) string {
	if d == nil {
		return ""
	}
	return fmt.Sprintf("%d: %v", d.Line, d)
}

// reference finds the first duplicate the slow, obvious way: json.Decoder tokens, lines from
// InputOffset, pairwise comparison with strings.EqualFold — none of Find's machinery but the path
// spelling (writeName).
func reference(data []byte, mode Mode) *Dup {
	dec := json.NewDecoder(bytes.NewReader(data))
	lineAt := func() int { return 1 + bytes.Count(data[:dec.InputOffset()], []byte{'\n'}) }
	var walk func(path string) *Dup
	walk = func(path string) *Dup {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		switch tok {
		case json.Delim('{'):
			type seen struct {
				name string
				line int
			}
			var keys []seen
			for dec.More() {
				tok, _ := dec.Token()
				k, line := tok.(string), lineAt()
				var p strings.Builder
				p.WriteString(path)
				writeName(&p, []byte(k))
				for _, prev := range keys {
					if prev.name == k || mode == FoldCase && strings.EqualFold(prev.name, k) {
						return &Dup{Path: p.String(), Line: line, FirstLine: prev.line}
					}
				}
				keys = append(keys, seen{k, line})
				if d := walk(p.String()); d != nil {
					return d
				}
			}
			dec.Token()
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				if d := walk(fmt.Sprintf("%s[%d]", path, i)); d != nil {
					return d
				}
			}
			dec.Token()
		}
		return nil
	}
	return walk("")
}

// FuzzFind: on valid JSON, Find agrees with the reference walker (path and both lines); on any
// input it never panics.
func FuzzFind(f *testing.F) {
	for _, s := range []string{`{"a": 1, "a": 2}`, "{\"s\": [{\"x\": 1},\n{\"X\": 2, \"x\": 3}]}", `{"k": 1, "\u212a": 2}`,
		`[{"a": "\"a\"", "b": {"a": {}}, "a": []}]`, manyKeys(20, "k5"), "{\"\xff\": 1, \"\\ufffd\": 2}", `{"a`, `"x"`} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, doc string, fold bool) {
		mode := Exact
		if fold {
			mode = FoldCase
		}
		got := show(Find([]byte(doc), mode))
		if !json.Valid([]byte(doc)) {
			return
		}
		if want := show(reference([]byte(doc), mode)); got != want {
			t.Fatalf("%q (mode %d): got %q, want %q", doc, mode, got, want)
		}
	})
}

// BenchmarkFind checks one native JSON Lines object, what the trace importer does per line
// (compare with its BenchmarkNativeJSONL ns/job).
func BenchmarkFind(b *testing.B) {
	line := []byte(`{"id":"L1234","submit_s":86412.5,"gpus":8,"duration_s":3601,"model":"resnet50","gpu_types":"V100","user":"vc7"}`)
	if Find(line, Exact) != nil {
		b.Fatal("setup: a duplicate in the benchmark line")
	}
	b.ReportAllocs()
	for b.Loop() {
		Find(line, Exact)
	}
}
