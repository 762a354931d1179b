package hetero

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"sort"
	"strconv"
	"strings"

	"schedlab/core"
	"schedlab/core/jsondup"
)

// LoadGavelJSON reads Gavel's throughput file (scheduler/simulation_throughputs.json or
// physical_cluster_throughputs.json): worker type ("v100", "v100_unconsolidated", …) →
// "('<job type>', <scale factor>)" → {"null": isolated throughput, "(<pair>)": [...]}. Only the
// isolated ("null") entries are kept; name is used in error messages. A key given twice in one
// object (compared exactly, as the maps hold them) is an error naming both lines: the decoder
// would keep one of two throughputs silently.
func LoadGavelJSON(name string, data []byte) (*Table, error) {
	var raw map[string]map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if d := jsondup.Find(data, jsondup.Exact); d != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, d.Line, d)
	}
	workers := make([]string, 0, len(raw))
	for w := range raw {
		workers = append(workers, w)
	}
	sort.Strings(workers)
	b := builder{}
	for _, w := range workers {
		typ, spread, err := parseWorker(w)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", name, w, err)
		}
		keys := make([]string, 0, len(raw[w]))
		for k := range raw[w] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			job, sf, err := parseJobKey(k)
			if err != nil {
				return nil, fmt.Errorf("%s: %s: %w", name, w, err)
			}
			iso, ok := raw[w][k]["null"]
			if !ok {
				return nil, fmt.Errorf("%s: %s: %s: no isolated (\"null\") throughput", name, w, k)
			}
			var x float64
			if err := json.Unmarshal(iso, &x); err != nil {
				return nil, fmt.Errorf("%s: %s: %s: null: %w", name, w, k, err)
			}
			if err := b.add(job, typ, sf, spread, x); err != nil {
				return nil, fmt.Errorf("%s: %s: %s: %w", name, w, k, err)
			}
		}
	}
	t, err := b.table()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return t, nil
}

// LoadGavelCSV reads the flat form of the same file (GavelRows). Rows with an empty
// colocated_job_type are the isolated throughputs; the file repeats some of them, which must
// agree. Errors are "name:line: field: problem".
func LoadGavelCSV(name string, r io.Reader) (*Table, error) {
	b := builder{}
	for row, err := range GavelRows(name, r) {
		if err != nil {
			return nil, err
		}
		if row.Other != "" {
			continue
		}
		typ, spread, err := parseWorker(row.Worker)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: worker_type: %w", name, row.Line, err)
		}
		if err := b.add(row.Job, typ, row.Scale, spread, row.Throughput); err != nil {
			return nil, fmt.Errorf("%s:%d: throughput: %w", name, row.Line, err)
		}
	}
	t, err := b.table()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return t, nil
}

// GavelRow is one row of Gavel's flat throughput file.
type GavelRow struct {
	Line       int
	Worker     string // worker_type as written, e.g. v100 or v100_unconsolidated
	Job        string
	Scale      int    // scale_factor: GPUs
	Other      string // colocated_job_type, "" for an isolated throughput
	OtherScale int    // colocated_scale_factor, 0 when Other is ""
	Throughput float64
}

// gavelHeader is the flat file's header.
const gavelHeader = "worker_type,job_type,scale_factor,colocated_job_type,colocated_scale_factor,throughput,colocated_throughput"

// GavelRows iterates over the rows of Gavel's flat throughput file (data/gavel/derived/*_flat.csv,
// CRLF line ends; gavelHeader's 7 columns), checking the numbers, or yields one located error
// ("name:line: field: problem") and stops. The isolated (hetero) and co-location (interference)
// loaders both read it.
func GavelRows(name string, r io.Reader) iter.Seq2[GavelRow, error] {
	return func(yield func(GavelRow, error) bool) {
		fail := func(err error) { yield(GavelRow{}, err) }
		cr := csv.NewReader(r)
		cr.FieldsPerRecord = 7
		head, err := cr.Read()
		if err != nil {
			fail(fmt.Errorf("%s:1: header: %w", name, err))
			return
		}
		if strings.Join(head, ",") != gavelHeader {
			fail(fmt.Errorf("%s:1: header: unexpected columns %q", name, head))
			return
		}
		for {
			rec, err := cr.Read()
			if errors.Is(err, io.EOF) {
				return
			}
			line, _ := cr.FieldPos(0)
			if err != nil {
				fail(fmt.Errorf("%s:%d: %w", name, line, err))
				return
			}
			row := GavelRow{Line: line, Worker: rec[0], Job: rec[1], Other: rec[3]}
			if row.Scale, err = strconv.Atoi(rec[2]); err != nil || row.Scale <= 0 {
				fail(fmt.Errorf("%s:%d: scale_factor: want a positive integer, got %q", name, line, rec[2]))
				return
			}
			if row.Other != "" {
				if row.OtherScale, err = strconv.Atoi(rec[4]); err != nil || row.OtherScale <= 0 {
					fail(fmt.Errorf("%s:%d: colocated_scale_factor: want a positive integer, got %q", name, line, rec[4]))
					return
				}
			}
			if row.Throughput, err = strconv.ParseFloat(rec[5], 64); err != nil {
				fail(fmt.Errorf("%s:%d: throughput: %q is not a number", name, line, rec[5]))
				return
			}
			if !yield(row, nil) {
				return
			}
		}
	}
}

// builder collects points per job type in first-seen order.
type builder struct {
	profiles []Profile
}

func (b *builder) add(job string, typ core.GPUType, gpus int, spread bool, x float64) error {
	if x == 0 {
		return nil // Gavel writes 0 for a placement it did not measure
	}
	if !(x > 0) {
		return fmt.Errorf("throughput %v of %s on %s×%d is not positive", x, job, typ, gpus)
	}
	if gpus == 1 && spread {
		return nil // Gavel repeats single-GPU numbers under *_unconsolidated
	}
	var p *Profile
	for i := range b.profiles {
		if b.profiles[i].JobType == job {
			p = &b.profiles[i]
		}
	}
	if p == nil {
		b.profiles = append(b.profiles, Profile{JobType: job})
		p = &b.profiles[len(b.profiles)-1]
	}
	for _, pt := range p.Points {
		if pt.Type == typ && pt.GPUs == gpus && pt.Spread == spread {
			if pt.Throughput != x {
				return fmt.Errorf("%s on %s×%d given twice with different values (%v, %v)", job, typ, gpus, pt.Throughput, x)
			}
			return nil
		}
	}
	p.Points = append(p.Points, Point{Type: typ, GPUs: gpus, Spread: spread, Throughput: x})
	return nil
}

func (b *builder) table() (*Table, error) {
	sort.SliceStable(b.profiles, func(i, j int) bool { return b.profiles[i].JobType < b.profiles[j].JobType })
	return NewTable(b.profiles)
}

// parseWorker parses "v100" or "v100_unconsolidated".
func parseWorker(w string) (core.GPUType, bool, error) {
	base, spread := strings.CutSuffix(w, "_unconsolidated")
	t, err := core.ParseGPUType(base)
	return t, spread, err
}

// parseJobKey parses Gavel's Python-tuple key "('ResNet-18 (batch size 64)', 2)".
func parseJobKey(k string) (string, int, error) {
	s, ok := strings.CutPrefix(k, "('")
	if !ok {
		return "", 0, fmt.Errorf("key %q: want ('<job type>', <scale factor>)", k)
	}
	i := strings.LastIndex(s, "', ")
	if i < 0 || !strings.HasSuffix(s, ")") {
		return "", 0, fmt.Errorf("key %q: want ('<job type>', <scale factor>)", k)
	}
	sf, err := strconv.Atoi(s[i+3 : len(s)-1])
	if err != nil || sf <= 0 {
		return "", 0, fmt.Errorf("key %q: scale factor is not a positive integer", k)
	}
	return s[:i], sf, nil
}
