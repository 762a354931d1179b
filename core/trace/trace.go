package trace

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"schedlab/core"
)

// Importer reads one trace format.
//
// Detect must be cheap and conservative: it sees only the first non-blank line (BOM and line end
// removed) and reports whether the file is plainly in this format. Read streams r; name is used
// only in messages. It returns the jobs in file order, warnings (each a complete sentence,
// deterministic in content and order), or an error "name:line: field: problem".
type Importer interface {
	Name() string
	Detect(firstLine string) bool
	Read(name string, r io.Reader, models *core.Models) (jobs []core.Job, warnings []string, err error)
}

// Registry is an ordered list of importers; detection tries them in order.
type Registry []Importer

// Builtin returns the built-in importers in detection order.
func Builtin() Registry {
	return Registry{Native{}, NativeJSONL{}, Philly{}, ITP{}, Synergy{}, Gavel{}, Muri{}, Tiresias{},
		Pollux{}, AlibabaOpenB{}, AlibabaPAI{}, Helios{}, Acme{}, Mapped{}}
}

// With returns a copy of r with more importers appended; a duplicate name is an error.
func (r Registry) With(more ...Importer) (Registry, error) {
	out := append(Registry{}, r...)
	for _, imp := range more {
		if _, err := out.Lookup(imp.Name()); err == nil {
			return nil, fmt.Errorf("trace: importer %q registered twice", imp.Name())
		}
		out = append(out, imp)
	}
	return out, nil
}

// Names lists the importers' names in detection order.
func (r Registry) Names() []string {
	out := make([]string, len(r))
	for i, imp := range r {
		out[i] = imp.Name()
	}
	return out
}

// Lookup finds an importer by name.
func (r Registry) Lookup(format string) (Importer, error) {
	for _, imp := range r {
		if imp.Name() == format {
			return imp, nil
		}
	}
	return nil, fmt.Errorf("trace: unknown format %q (known: %s)", format, strings.Join(r.Names(), ", "))
}

// Detect returns the first importer whose Detect accepts firstLine.
func (r Registry) Detect(name, firstLine string) (Importer, error) {
	for _, imp := range r {
		if imp.Detect(firstLine) {
			return imp, nil
		}
	}
	return nil, fmt.Errorf("%s:1: format: cannot tell the format from the first line %q (known: %s)",
		name, clip(firstLine, 80), strings.Join(r.Names(), ", "))
}

// Read reads a trace in the named format, or detects it from the first line when format is "".
// A nil models means core.BuiltinModels(). The default Limits apply.
func (r Registry) Read(name string, rd io.Reader, format string, models *core.Models) ([]core.Job, []string, error) {
	return r.ReadLimited(name, rd, format, models, Limits{})
}

func (r Registry) read(name string, rd io.Reader, format string, models *core.Models) ([]core.Job, []string, error) {
	br := bufio.NewReaderSize(rd, bufSize)
	skipBOM(br)
	var imp Importer
	var err error
	if format != "" {
		if imp, err = r.Lookup(format); err != nil {
			return nil, nil, err
		}
	}
	first, err := peekFirstLine(br)
	if err != nil {
		return nil, nil, fmt.Errorf("%s:1: read: %v", name, err)
	}
	if first == "" {
		return nil, nil, fmt.Errorf("%s:1: input: empty", name)
	}
	if imp == nil {
		if imp, err = r.Detect(name, first); err != nil {
			return nil, nil, err
		}
	}
	return imp.Read(name, br, models)
}

// Detect picks a built-in importer from a file's first line.
func Detect(name, firstLine string) (Importer, error) { return Builtin().Detect(name, firstLine) }

// Read reads a trace with the built-in importers; format "" means detect.
func Read(name string, r io.Reader, format string, models *core.Models) ([]core.Job, []string, error) {
	return Builtin().Read(name, r, format, models)
}

const bufSize = 64 << 10

// skipBOM drops a leading UTF-8 byte-order mark.
func skipBOM(br *bufio.Reader) {
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, []byte("\xef\xbb\xbf")) {
		br.Discard(3)
	}
}

// peekFirstLine returns the first non-blank line within the reader's buffer without consuming
// anything ("" for empty input).
func peekFirstLine(br *bufio.Reader) (string, error) {
	b, err := br.Peek(bufSize)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return "", err
	}
	for len(b) > 0 {
		line := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		if s := strings.TrimSpace(string(line)); s != "" {
			return s, nil
		}
	}
	return "", nil
}

// headerFields splits a first line on commas into trimmed, lower-case, unquoted names.
func headerFields(line string) []string {
	f := strings.Split(line, ",")
	for i, s := range f {
		f[i] = strings.ToLower(strings.Trim(strings.TrimSpace(s), `"`))
	}
	return f
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// newPeekReader returns r as a buffered reader large enough for peekFirstLine (r itself when it
// already is one), with any BOM skipped.
func newPeekReader(r io.Reader) *bufio.Reader {
	br, ok := r.(*bufio.Reader)
	if !ok || br.Size() < bufSize {
		br = bufio.NewReaderSize(r, bufSize)
	}
	skipBOM(br)
	return br
}
