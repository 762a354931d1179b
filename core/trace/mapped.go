package trace

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"schedlab/core"
)

// MapField maps one job field to a CSV column, with the column's unit.
type MapField struct {
	Field  string // a key of mapUnits: id, submit, duration, start, end, iterations, gpus, …
	Column string // the column's header name (matched case-insensitively)
	Unit   string // "" = the field's default unit
}

// Mapping says which column of an arbitrary CSV holds which job field. Its text form, used by the
// runner's -columns flag and saved with a run, is comma-separated field=column[:unit]:
//
//	submit=time:s,duration=runtime:ms,gpus=num_gpu,model=app
//
// Fields and units (the first unit is the default):
//
//	id                     text; default "L<line>"
//	submit                 s, ms, us, min, h (offsets from the trace start, used as is), or the
//	                       absolute clocks unix (epoch seconds), unix-ms, datetime
//	                       ("2006-01-02 15:04:05", an optional zone, or RFC 3339): with an absolute
//	                       clock Submit is the offset from the earliest submit in the file
//	duration               s, ms, us, min, h
//	start, end             like submit; when duration is not mapped, length = end − start
//	iterations             count (with model, the speed model gives the length)
//	iter_time              s, ms, us (per iteration)
//	gpus                   count, pct (percent of one GPU), milli (thousandths): fractions round up
//	model, user, recurrence, gpu_types ('|'-separated)   text
//	batch_size             count
//	cpu                    cores, pct, milli
//	mem                    gb, mb (MiB, ÷1024)
//
// submit and gpus are required, and one of duration, iterations or start+end.
type Mapping struct{ Fields []MapField }

var mapUnits = map[string][]string{
	"id": {""}, "model": {""}, "user": {""}, "recurrence": {""}, "gpu_types": {""},
	"submit":     {"s", "ms", "us", "min", "h", "unix", "unix-ms", "datetime"},
	"start":      {"s", "ms", "us", "min", "h", "unix", "unix-ms", "datetime"},
	"end":        {"s", "ms", "us", "min", "h", "unix", "unix-ms", "datetime"},
	"duration":   {"s", "ms", "us", "min", "h"},
	"iter_time":  {"s", "ms", "us"},
	"iterations": {"count"}, "batch_size": {"count"},
	"gpus": {"count", "pct", "milli"},
	"cpu":  {"cores", "pct", "milli"},
	"mem":  {"gb", "mb"},
}

// ParseMapping reads the text form field=column[:unit],… .
func ParseMapping(s string) (Mapping, error) {
	var m Mapping
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		field, rest, ok := strings.Cut(part, "=")
		field = strings.ToLower(strings.TrimSpace(field))
		if !ok || strings.TrimSpace(rest) == "" {
			return Mapping{}, fmt.Errorf("columns: %q: want field=column[:unit]", part)
		}
		units, known := mapUnits[field]
		if !known {
			return Mapping{}, fmt.Errorf("columns: unknown field %q (known: %s)", field, strings.Join(mapFieldNames(), ", "))
		}
		column, unit, _ := strings.Cut(rest, ":")
		f := MapField{Field: field, Column: strings.TrimSpace(column), Unit: strings.ToLower(strings.TrimSpace(unit))}
		if f.Column == "" { // "model=:" names a unit and no column
			return Mapping{}, fmt.Errorf("columns: %s: want a column name before the unit, got %q", field, part)
		}
		if f.Unit != "" && !slices.Contains(units, f.Unit) {
			if units[0] == "" {
				return Mapping{}, fmt.Errorf("columns: %s: a text field takes no unit, got %q", field, f.Unit)
			}
			return Mapping{}, fmt.Errorf("columns: %s: unknown unit %q (known: %s)", field, f.Unit, strings.Join(units, ", "))
		}
		if f.Unit == "" {
			f.Unit = units[0]
		}
		if m.find(field) >= 0 {
			return Mapping{}, fmt.Errorf("columns: field %q mapped twice", field)
		}
		m.Fields = append(m.Fields, f)
	}
	if m.find("submit") < 0 || m.find("gpus") < 0 {
		return Mapping{}, fmt.Errorf("columns: submit and gpus must be mapped")
	}
	if m.find("duration") < 0 && m.find("iterations") < 0 && (m.find("start") < 0 || m.find("end") < 0) {
		return Mapping{}, fmt.Errorf("columns: map duration, iterations, or start and end")
	}
	return m, nil
}

func mapFieldNames() []string {
	out := make([]string, 0, len(mapUnits))
	for k := range mapUnits {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func (m Mapping) find(field string) int {
	return slices.IndexFunc(m.Fields, func(f MapField) bool { return f.Field == field })
}

// String is the text form ParseMapping reads.
func (m Mapping) String() string {
	parts := make([]string, len(m.Fields))
	for i, f := range m.Fields {
		parts[i] = f.Field + "=" + f.Column
		if f.Unit != "" {
			parts[i] += ":" + f.Unit
		}
	}
	return strings.Join(parts, ",")
}

// Mapped reads any CSV with a header through a Mapping (see Mapping for fields, units and
// clocks). It is never detected: the user chooses it by giving a mapping (runner: -columns; app:
// the column-mapping form). Columns not mapped are ignored. Length rule: the mapped duration, else
// end − start, else iterations of model through the speed model.
type Mapped struct{ Map Mapping }

// Name implements Importer.
func (Mapped) Name() string { return "mapped" }

// Detect implements Importer: never (a mapping must be given).
func (Mapped) Detect(string) bool { return false }

// WithMapping returns r with its mapped importer configured by m (added when r has none).
func (r Registry) WithMapping(m Mapping) Registry {
	out := slices.Clone(r)
	for i, imp := range out {
		if imp.Name() == "mapped" {
			out[i] = Mapped{Map: m}
			return out
		}
	}
	return append(out, Mapped{Map: m})
}

var unitScale = map[string]float64{"s": 1000, "ms": 1, "us": 0.001, "min": 60000, "h": 3600000, "unix": 1000, "unix-ms": 1}

// Read implements Importer.
func (m Mapped) Read(name string, r io.Reader, models *core.Models) ([]core.Job, []string, error) {
	if len(m.Map.Fields) == 0 {
		return nil, nil, errAt(name, 1, "columns", "no column mapping given (runner: -columns 'submit=COL:s,duration=COL:s,gpus=COL')")
	}
	rr := newRows(name, r)
	c := newCollector(name, models)
	var cols []string
	for _, f := range m.Map.Fields {
		cols = append(cols, strings.ToLower(f.Column))
	}
	idx, width, err := rr.header(slices.Compact(slices.Sorted(slices.Values(cols))), nil, false)
	if err != nil {
		return nil, nil, err
	}
	absolute := false
	for _, f := range m.Map.Fields {
		if f.Field == "submit" && (f.Unit == "unix" || f.Unit == "unix-ms" || f.Unit == "datetime") {
			absolute = true
		}
	}
	var list jobList
	earliest := core.MaxTime
	for rec, err := range rr.records(width) {
		if err != nil {
			return c.finish(nil, err)
		}
		j, err := m.job(rr, c, rec, idx)
		if err != nil {
			return c.finish(nil, err)
		}
		earliest = min(earliest, j.Submit)
		list.add(j)
	}
	jobs := list.slice()
	if absolute {
		if err := sinceEarliest(name, "submit", jobs, earliest); err != nil {
			return c.finish(nil, err)
		}
	}
	return c.finish(jobs, nil)
}

func (m Mapped) job(rr *rows, c *collector, rec []string, idx map[string]int) (core.Job, error) {
	j := core.Job{ID: fmt.Sprintf("L%d", rr.line), Line: rr.line}
	var start, end core.Time
	hasDur := false
	var model string
	for _, f := range m.Map.Fields {
		cell := rec[idx[strings.ToLower(f.Column)]]
		var err error
		switch f.Field {
		case "id":
			var id string
			if id, err = text(cell); err == nil && id != "" {
				j.ID = id
			}
		case "submit":
			j.Submit, err = clock(cell, f.Unit)
			if err == nil && j.Submit < 0 {
				err = fmt.Errorf("negative: %s", strings.TrimSpace(cell))
			}
		case "start":
			start, err = clock(cell, f.Unit)
		case "end":
			end, err = clock(cell, f.Unit)
		case "duration":
			j.Duration, err = clock(cell, f.Unit)
			hasDur = true
		case "iterations":
			j.Iterations, err = optional(cell, func(s string) (int64, error) { return count(s, maxIterations) })
		case "iter_time":
			var v float64
			v, err = optionalNum(cell, maxSeconds*1e6)
			j.IterTime = v * unitScale[f.Unit] / 1000
		case "gpus":
			j.GPUs, err = gpuAmount(cell, f.Unit)
		case "model":
			model, err = text(cell)
		case "user":
			j.User, err = text(cell)
		case "recurrence":
			j.Recurrence, err = text(cell)
		case "gpu_types":
			j.GPUTypes, err = gpuTypes(cell)
		case "batch_size":
			var n int64
			n, err = optional(cell, func(s string) (int64, error) { return count(s, maxBatch) })
			j.BatchSize = int(n)
		case "cpu":
			var v float64
			v, err = optionalNum(cell, 1e12)
			j.CPU = v / map[string]float64{"cores": 1, "pct": 100, "milli": 1000}[f.Unit]
		case "mem":
			var v float64
			v, err = optionalNum(cell, 1e15)
			if f.Unit == "mb" {
				v /= 1024
			}
			j.MemGB = v
		}
		if err != nil {
			return j, rr.errf(f.Column, "%v", err)
		}
	}
	if !hasDur && m.Map.find("start") >= 0 && m.Map.find("end") >= 0 {
		if end < start {
			return j, rr.errf(m.Map.Fields[m.Map.find("end")].Column, "before the start column")
		}
		j.Duration = end - start
	}
	if err := j.Validate(); err != nil {
		return j, rr.wrap(err)
	}
	j.Model = c.model(model)
	c.id(j.ID, j.Line)
	return j, nil
}

// clock reads a time in the given unit or clock as milliseconds (absolute clocks: since the epoch).
func clock(s, unit string) (core.Time, error) {
	if unit == "datetime" {
		return timestamp(s)
	}
	scale := unitScale[unit]
	v, err := number(s, maxSeconds*1000/scale)
	if err != nil {
		return 0, err
	}
	return core.Time(math.Round(v * scale)), nil
}

// gpuAmount reads a GPU count; fractions (pct, milli) round up to whole GPUs.
func gpuAmount(s, unit string) (int, error) {
	if unit == "count" {
		n, err := count(s, maxGPUs)
		return int(n), err
	}
	div := map[string]float64{"pct": 100, "milli": 1000}[unit]
	v, err := number(s, maxGPUs*div)
	if err != nil {
		return 0, err
	}
	return int(math.Ceil(v / div)), nil
}
