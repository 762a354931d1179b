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
	first   int            // object: index of its first key in Find's keys
	named   int            // index in Find's keys of the key this value sits under, -1 if none
	index   int            // array: the element being scanned
	byName  map[string]int // object of more than linearKeys keys: canonical key → first line
}

// Find returns the first key, in document order, that repeats a key of the same object, or nil.
// data must be valid JSON (callers decode it first); on anything else Find returns nil or a Dup
// but never panics.
func Find(data []byte, mode Mode) *Dup {
	// Local slices rather than a scanner struct: escape analysis keeps them on the stack, so a
	// document of small objects costs no allocation.
	frames := make([]frame, 0, 8)
	keys := make([]key, 0, 32) // the keys of every open object, innermost last
	line := 1
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '\n':
			line++
		case '"':
			end := stringEnd(data, i+1)
			if n := len(frames); n > 0 && frames[n-1].wantKey {
				f := &frames[n-1]
				f.wantKey = false
				k := key{name: unquote(data[i:min(end+1, len(data))]), line: line}
				if first, ok := seen(f, keys[f.first:], k, mode); ok {
					return dup(frames, keys, k, first)
				}
				keys = append(keys, k)
			}
			i = end
		case '{', '[':
			named := -1
			if n := len(frames); n > 0 && frames[n-1].object {
				named = len(keys) - 1
			}
			obj := data[i] == '{'
			frames = append(frames, frame{object: obj, wantKey: obj, first: len(keys), named: named})
		case ',':
			if n := len(frames); n > 0 {
				f := &frames[n-1]
				f.wantKey = f.object
				f.index++
			}
		case '}', ']':
			if n := len(frames); n > 0 {
				keys = keys[:frames[n-1].first]
				frames = frames[:n-1]
			}
		}
	}
	return nil
}

// seen reports whether object f, whose keys so far are prev, already has k, and at which line;
// if not, and f has more than linearKeys keys, f.byName learns k.
func seen(f *frame, prev []key, k key, mode Mode) (first int, ok bool) {
	if f.byName == nil {
		for _, p := range prev {
			if mode == FoldCase && bytes.EqualFold(p.name, k.name) || bytes.Equal(p.name, k.name) {
				return p.line, true
			}
		}
		if len(prev) < linearKeys {
			return 0, false
		}
		f.byName = make(map[string]int, 2*len(prev))
		for _, p := range prev {
			f.byName[canonical(p.name, mode)] = p.line
		}
	}
	c := canonical(k.name, mode)
	if first, ok := f.byName[c]; ok {
		return first, true
	}
	f.byName[c] = k.line
	return 0, false
}

// canonical is a map key equal for two names exactly when seen's pairwise test says they are:
// under FoldCase each rune becomes the smallest rune of its simple-folding orbit, the relation
// bytes.EqualFold tests.
func canonical(name []byte, mode Mode) string {
	if mode != FoldCase {
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
func dup(frames []frame, keys []key, k key, first int) *Dup {
	var p strings.Builder
	for j := 1; j < len(frames); j++ {
		switch named := frames[j].named; {
		case !frames[j-1].object:
			fmt.Fprintf(&p, "[%d]", frames[j-1].index)
		case named >= 0: // < 0 only in invalid JSON: an object opened where a key belongs
			writeName(&p, keys[named].name)
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
