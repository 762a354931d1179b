package trace

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strings"

	"schedlab/core"
)

// rows streams CSV records with the line each starts on. Quoting follows RFC 4180 (as
// encoding/csv); blank lines are skipped; CRLF is accepted.
type rows struct {
	name string
	cr   *csv.Reader
	line int // line of the current record
}

func newRows(name string, r io.Reader) *rows { return newRowsSep(name, r, ',') }

// newRowsSep is newRows with another separator; tab-separated files are read with lazy quotes
// (a '"' inside a command line is text).
func newRowsSep(name string, r io.Reader, sep rune) *rows {
	br := bufio.NewReaderSize(r, bufSize)
	skipBOM(br)
	cr := csv.NewReader(br)
	cr.Comma = sep
	cr.LazyQuotes = sep == '\t'
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	return &rows{name: name, cr: cr}
}

// next returns the next record, io.EOF at the end, or a located error.
func (r *rows) next() ([]string, error) {
	rec, err := r.cr.Read()
	if err == io.EOF {
		return nil, io.EOF
	}
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s:%d: csv: %v", r.name, pe.Line, pe.Err)
		}
		return nil, fmt.Errorf("%s:%d: read: %v", r.name, r.line+1, err)
	}
	r.line, _ = r.cr.FieldPos(0)
	return rec, nil
}

// errf makes the error "name:line: field: problem" for the current record.
func (r *rows) errf(field, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s: %s", r.name, r.line, field, fmt.Sprintf(format, args...))
}

// wrap locates an error that already reads "field: problem" (core.Job.Validate's form).
func (r *rows) wrap(err error) error { return fmt.Errorf("%s:%d: %w", r.name, r.line, err) }

// header reads the header record and maps each wanted column to its index (-1 when absent).
// A missing required column is an error; so is any unknown column when strict is set.
// It returns the number of columns every row must have.
func (r *rows) header(required, optional []string, strict bool) (map[string]int, int, error) {
	rec, err := r.next()
	if err == io.EOF {
		return nil, 0, fmt.Errorf("%s:1: input: empty", r.name)
	}
	if err != nil {
		return nil, 0, err
	}
	idx := make(map[string]int, len(required)+len(optional))
	for _, c := range append(slices.Clone(required), optional...) {
		idx[c] = -1
	}
	for i, h := range rec {
		h = strings.ToLower(strings.TrimSpace(h))
		j, known := idx[h]
		switch {
		case !known && strict:
			return nil, 0, r.errf("header", "unknown column %q (known: %s)", h, strings.Join(append(slices.Clone(required), optional...), ", "))
		case !known:
			continue
		case j >= 0:
			return nil, 0, r.errf("header", "column %q appears twice", h)
		}
		idx[h] = i
	}
	for _, c := range required {
		if idx[c] < 0 {
			return nil, 0, r.errf("header", "missing column %q", c)
		}
	}
	return idx, len(rec), nil
}

// records iterates over the remaining records: each one with width columns (any width when width
// is 0), or else one located error, after which it stops. The record slice is reused between
// rows (csv.Reader.ReuseRecord): a caller copies what it keeps.
func (r *rows) records(width int) iter.Seq2[[]string, error] {
	return func(yield func([]string, error) bool) {
		for {
			rec, err := r.next()
			if err == io.EOF {
				return
			}
			if err == nil && width > 0 {
				err = r.width(rec, width)
			}
			if err != nil {
				yield(nil, err)
				return
			}
			if !yield(rec, nil) {
				return
			}
		}
	}
}

// width checks a record's column count.
func (r *rows) width(rec []string, want int) error {
	if len(rec) != want {
		return r.errf("row", "got %d columns, want %d", len(rec), want)
	}
	return nil
}

// col returns column c of rec, or "" when the column is absent.
func col(rec []string, idx map[string]int, c string) string {
	if i := idx[c]; i >= 0 {
		return rec[i]
	}
	return ""
}

// collector gathers what every importer tracks across rows: warnings (capped), duplicate ids and
// models missing from the registry.
type collector struct {
	name     string
	models   *core.Models
	warns    []string
	dropped  int
	ids      map[string]int // id → first line
	unknown  []string       // unknown model names in order of first use
	nUnknown map[string]int
	strs     map[string]string         // interned low-cardinality text (users, groups)
	types    map[string][]core.GPUType // interned GPU-type lists by their cell text
}

// maxInterned bounds the intern tables: past it, values are kept per job (high-cardinality
// columns gain nothing from interning).
const maxInterned = 1 << 16

// intern returns one shared copy of s for repeated values (users, recurrence groups): a large
// trace then holds each distinct value once instead of once per job.
func (c *collector) intern(s string) string {
	if v, ok := c.strs[s]; ok || s == "" {
		return v
	}
	if len(c.strs) < maxInterned {
		c.strs[s] = s
	}
	return s
}

// gpuTypes parses a GPU-type cell, sharing one slice per distinct cell text (jobs are immutable,
// so the slices are never written).
func (c *collector) gpuTypes(cell string) ([]core.GPUType, error) {
	if v, ok := c.types[cell]; ok {
		return v, nil
	}
	v, err := gpuTypes(cell)
	if err == nil && len(c.types) < maxInterned {
		c.types[strings.Clone(cell)] = v
	}
	return v, err
}

const maxWarnings = 20

func newCollector(name string, models *core.Models) *collector {
	if models == nil {
		models = core.BuiltinModels()
	}
	return &collector{name: name, models: models, ids: map[string]int{}, nUnknown: map[string]int{},
		strs: map[string]string{}, types: map[string][]core.GPUType{}}
}

func (c *collector) warnf(format string, args ...any) {
	if len(c.warns) >= maxWarnings {
		c.dropped++
		return
	}
	c.warns = append(c.warns, fmt.Sprintf(format, args...))
}

// id records a job id and warns about a duplicate.
func (c *collector) id(id string, line int) {
	if first, dup := c.ids[id]; dup {
		c.warnf("%s:%d: id: %q duplicates line %d", c.name, line, id, first)
		return
	}
	c.ids[id] = line
}

// model canonicalises a model name through the registry and counts unknown names.
func (c *collector) model(name string) string {
	if name == "" {
		return ""
	}
	if m, ok := c.models.Lookup(name); ok {
		return m.Name
	}
	if c.nUnknown[name] == 0 {
		c.unknown = append(c.unknown, strings.Clone(name))
	}
	c.nUnknown[name]++
	return c.intern(name)
}

// finish checks that there are jobs and returns the warnings.
func (c *collector) finish(jobs []core.Job, err error) ([]core.Job, []string, error) {
	if err != nil {
		return nil, nil, err
	}
	if len(jobs) == 0 {
		return nil, nil, fmt.Errorf("%s:1: input: no jobs (empty or header only)", c.name)
	}
	warns := c.warns
	if c.dropped > 0 {
		warns = append(warns, fmt.Sprintf("%s: %d more warnings not shown", c.name, c.dropped))
	}
	for _, m := range c.unknown {
		warns = append(warns, fmt.Sprintf("%s: model %q is not in the registry (%d jobs): kept as written", c.name, m, c.nUnknown[m]))
	}
	return jobs, warns, nil
}

// errAt makes "name:line: field: problem" for a line other than the current one.
func errAt(name string, line int, field, problem string) error {
	return fmt.Errorf("%s:%d: %s: %s", name, line, field, problem)
}

// jobList collects jobs in fixed-size chunks so a large trace is not copied over and over while
// it grows; slice makes one exact-size copy at the end.
type jobList struct {
	chunks [][]core.Job
	n      int
}

const chunkJobs = 4096

func (l *jobList) add(j core.Job) {
	if k := len(l.chunks); k == 0 || len(l.chunks[k-1]) == chunkJobs {
		l.chunks = append(l.chunks, make([]core.Job, 0, chunkJobs))
	}
	k := len(l.chunks) - 1
	l.chunks[k] = append(l.chunks[k], j)
	l.n++
}

func (l *jobList) slice() []core.Job {
	if l.n == 0 {
		return nil
	}
	out := make([]core.Job, 0, l.n)
	for i, c := range l.chunks {
		out = append(out, c...)
		l.chunks[i] = nil // let the collector take the chunk while the rest is copied
	}
	return out
}

// sinceEarliest turns absolute submit times into offsets from the earliest one, the clock of
// every format that records dates or launch times (philly, helios/acme, alibaba-pai, mapped with
// an absolute clock). An offset beyond maxSeconds (timestamps centuries apart) is an error on
// that job's line, naming field.
func sinceEarliest(name, field string, jobs []core.Job, earliest core.Time) error {
	for i := range jobs {
		jobs[i].Submit -= earliest
		if jobs[i].Submit > core.FromSeconds(maxSeconds) {
			return errAt(name, jobs[i].Line, field, "more than 1e12 s after the earliest")
		}
	}
	return nil
}
