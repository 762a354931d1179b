package jsondup

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Dup is a key given twice in one object.
type Dup struct {
	Path      string // the second key's path from the document's root, e.g. servers[1].gpus
	Line      int    // 1-based line of the second occurrence
	FirstLine int    // line of the first
}

// Error reads "PATH: duplicate key (first at line N)", the "field: problem" half of the house
// error form: the caller puts "file:LINE: " in front.
func (d *Dup) Error() string {
	return fmt.Sprintf("%s: duplicate key (first at line %d)", d.Path, d.FirstLine)
}

// Mode says when two keys are the same key.
type Mode int

const (
	// Exact compares decoded keys byte for byte: what decoding into a map does.
	Exact Mode = iota
	// FoldCase also matches keys that differ only in case (bytes.EqualFold): what decoding into
	// a struct does, where "GPUs" and "gpus" set the same field.
	FoldCase
)

// linearKeys is the object size up to which keys are compared pairwise; larger objects (a
// profile file keyed by job type) switch to a map so the check stays linear.
const linearKeys = 16

type key struct {
	name []byte // decoded; a sub-slice of the document when the key has no escape
	line int
}

type frame struct {
	object  bool
	wantKey bool           // object: the next string is a key
	first   int            // object: index of the frame's first key in scanner.keys
	named   int            // index in scanner.keys of the key this value sits under, -1 if none
	index   int            // array: the element being scanned
	byName  map[string]int // object of more than linearKeys keys: canonical key → first line
}

type scanner struct {
	mode   Mode
	frames []frame
	keys   []key // the keys of every open object, innermost last
}

// Find returns the first key, in document order, that repeats a key of the same object, or nil.
// data must be valid JSON (callers decode it first); on anything else Find returns nil or a Dup
// but never panics.
func Find(data []byte, mode Mode) *Dup {
	s := scanner{mode: mode, frames: make([]frame, 0, 8), keys: make([]key, 0, 32)}
	line := 1
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '\n':
			line++
		case '"':
			end := stringEnd(data, i+1)
			if n := len(s.frames); n > 0 && s.frames[n-1].wantKey {
				s.frames[n-1].wantKey = false
				if d := s.add(key{name: unquote(data[i:min(end+1, len(data))]), line: line}); d != nil {
					return d
				}
			}
			i = end
		case '{', '[':
			named := -1
			if n := len(s.frames); n > 0 && s.frames[n-1].object {
				named = len(s.keys) - 1
			}
			obj := data[i] == '{'
			s.frames = append(s.frames, frame{object: obj, wantKey: obj, first: len(s.keys), named: named})
		case ',':
			if n := len(s.frames); n > 0 {
				f := &s.frames[n-1]
				f.wantKey = f.object
				f.index++
			}
		case '}', ']':
			if n := len(s.frames); n > 0 {
				s.keys = s.keys[:s.frames[n-1].first]
				s.frames = s.frames[:n-1]
			}
		}
	}
	return nil
}

// add records k in the innermost object, or reports it as a duplicate.
func (s *scanner) add(k key) *Dup {
	f := &s.frames[len(s.frames)-1]
	if f.byName == nil {
		for _, prev := range s.keys[f.first:] {
			if s.same(prev.name, k.name) {
				return s.dup(k, prev.line)
			}
		}
		if len(s.keys)-f.first == linearKeys {
			f.byName = make(map[string]int, 2*linearKeys)
			for _, prev := range s.keys[f.first:] {
				f.byName[s.canonical(prev.name)] = prev.line
			}
		}
	}
	if f.byName != nil {
		c := s.canonical(k.name)
		if first, ok := f.byName[c]; ok {
			return s.dup(k, first)
		}
		f.byName[c] = k.line
	}
	s.keys = append(s.keys, k)
	return nil
}

func (s *scanner) same(a, b []byte) bool {
	if s.mode == FoldCase {
		return bytes.EqualFold(a, b)
	}
	return bytes.Equal(a, b)
}

// canonical is a map key equal for two names exactly when same says they are: under FoldCase
// each rune becomes the smallest rune of its simple-folding orbit, the relation bytes.EqualFold
// tests.
func (s *scanner) canonical(name []byte) string {
	if s.mode != FoldCase {
		return string(name)
	}
	var b strings.Builder
	for _, r := range string(name) {
		m := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			m = min(m, f)
		}
		b.WriteRune(m)
	}
	return b.String()
}

// dup describes k, whose first occurrence is at line first, with the path of the open frames.
func (s *scanner) dup(k key, first int) *Dup {
	var p strings.Builder
	for j := 1; j < len(s.frames); j++ {
		if parent := s.frames[j-1]; parent.object {
			writeName(&p, s.keys[s.frames[j].named].name)
		} else {
			fmt.Fprintf(&p, "[%d]", parent.index)
		}
	}
	writeName(&p, k.name)
	return &Dup{Path: p.String(), Line: k.line, FirstLine: first}
}

// writeName appends .name, or ["name"] with Go escapes (spaces too) when the name is not plain,
// so that a path is one word.
func writeName(p *strings.Builder, name []byte) {
	plain := len(name) > 0
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			plain = false
			break
		}
	}
	switch {
	case !plain:
		p.WriteString("[" + strings.ReplaceAll(strconv.QuoteToASCII(string(name)), " ", `\x20`) + "]")
	case p.Len() > 0:
		p.WriteString("." + string(name))
	default:
		p.Write(name)
	}
}

// stringEnd is the index of the quote closing the string whose text starts at j, or len(data).
func stringEnd(data []byte, j int) int {
	start := j
	for j < len(data) {
		q := bytes.IndexByte(data[j:], '"')
		if q < 0 {
			return len(data)
		}
		j += q
		escapes := 0
		for k := j - 1; k >= start && data[k] == '\\'; k-- {
			escapes++
		}
		if escapes%2 == 0 {
			return j
		}
		j++
	}
	return len(data)
}

// unquote decodes a quoted key as encoding/json does (escapes, invalid UTF-8 → U+FFFD); a key
// that needs neither stays a slice of the document.
func unquote(quoted []byte) []byte {
	text := quoted[1:max(1, len(quoted)-1)]
	if bytes.IndexByte(text, '\\') < 0 && utf8.Valid(text) {
		return text
	}
	var s string
	if json.Unmarshal(quoted, &s) != nil {
		return text
	}
	return []byte(s)
}
