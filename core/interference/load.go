package interference

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"schedlab/core/hetero"
	"schedlab/core/jsondup"
)

// collector gathers isolated and pair throughputs of single-GPU consolidated entries.
type collector struct {
	iso  [3][26]float64
	pair [3][26][26]float64
	seen [3][26][26]bool
}

func jobIndex(s string) int { return slices.Index(jobTypes[:], s) }

// add records one entry; other is "" for an isolated throughput.
func (c *collector) add(worker, job string, sf int, other string, osf int, x float64) error {
	if strings.HasSuffix(worker, "_unconsolidated") || sf != 1 || (other != "" && osf != 1) {
		return nil // duplicates (single-GPU unconsolidated) or never measured (multi-GPU pairs)
	}
	ti := slices.Index([]string{"k80", "p100", "v100"}, worker)
	if ti < 0 {
		return fmt.Errorf("worker_type: unknown %q", worker)
	}
	a := jobIndex(job)
	if a < 0 {
		return fmt.Errorf("job_type: unknown %q", job)
	}
	if x < 0 {
		return fmt.Errorf("throughput: negative %v", x)
	}
	if other == "" {
		c.iso[ti][a] = x
		return nil
	}
	b := jobIndex(other)
	if b < 0 {
		return fmt.Errorf("colocated_job_type: unknown %q", other)
	}
	c.pair[ti][a][b], c.seen[ti][a][b] = x, true
	return nil
}

func (c *collector) model() (*Model, error) {
	var norm [3][26][26]float64
	for ti := range 3 {
		for a := range 26 {
			if !(c.iso[ti][a] > 0) {
				return nil, fmt.Errorf("%s %s: no isolated throughput", gpuTypes[ti], jobTypes[a])
			}
			for b := range 26 {
				if !c.seen[ti][a][b] {
					return nil, fmt.Errorf("%s %s next to %s: pair missing", gpuTypes[ti], jobTypes[a], jobTypes[b])
				}
				norm[ti][a][b] = c.pair[ti][a][b] / c.iso[ti][a]
			}
		}
	}
	return newModel(norm), nil
}

// LoadCSV reads Gavel's flat throughput file (hetero.GavelRows), keeping the single-GPU
// consolidated isolated and pair rows. Every one of the 3 × 26 × 26 pairs must be present. Errors
// are "name:line: field: problem".
func LoadCSV(name string, r io.Reader) (*Model, error) {
	var c collector
	for row, err := range hetero.GavelRows(name, r) {
		if err != nil {
			return nil, err
		}
		if err := c.add(row.Worker, row.Job, row.Scale, row.Other, row.OtherScale, row.Throughput); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, row.Line, err)
		}
	}
	m, err := c.model()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return m, nil
}

// LoadJSON reads Gavel's simulation_throughputs.json: worker type → "('<job>', <sf>)" →
// {"null": isolated, "('<other>', <sf>)": [self, other]}. Map keys are visited in sorted order. A
// key given twice in one object (compared exactly, as the maps hold them) is an error naming both
// lines: the decoder would keep one of two measurements silently.
func LoadJSON(name string, data []byte) (*Model, error) {
	var raw map[string]map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if d := jsondup.Find(data, jsondup.Exact); d != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, d.Line, d)
	}
	var c collector
	for _, w := range sortedKeys(raw) {
		for _, k := range sortedKeys(raw[w]) {
			job, sf, err := parseKey(k)
			if err != nil {
				return nil, fmt.Errorf("%s: %s: %w", name, w, err)
			}
			for _, ok := range sortedKeys(raw[w][k]) {
				other, osf := "", 0
				if ok != "null" {
					if other, osf, err = parseKey(ok); err != nil {
						return nil, fmt.Errorf("%s: %s: %s: %w", name, w, k, err)
					}
				}
				var x float64
				if other == "" {
					err = json.Unmarshal(raw[w][k][ok], &x)
				} else {
					var v []float64
					if err = json.Unmarshal(raw[w][k][ok], &v); err == nil && len(v) != 2 {
						err = fmt.Errorf("want [self, other], got %d numbers", len(v))
					} else if err == nil {
						x = v[0]
					}
				}
				if err == nil {
					err = c.add(w, job, sf, other, osf, x)
				}
				if err != nil {
					return nil, fmt.Errorf("%s: %s: %s: %s: %w", name, w, k, ok, err)
				}
			}
		}
	}
	m, err := c.model()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return m, nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// parseKey parses "('ResNet-18 (batch size 64)', 1)".
func parseKey(k string) (string, int, error) {
	s := strings.TrimSpace(k)
	if !strings.HasPrefix(s, "('") || !strings.HasSuffix(s, ")") {
		return "", 0, fmt.Errorf("job key %q: want ('<job type>', <scale factor>)", k)
	}
	i := strings.LastIndex(s, "',")
	if i < 0 {
		return "", 0, fmt.Errorf("job key %q: want ('<job type>', <scale factor>)", k)
	}
	sf, err := strconv.Atoi(strings.TrimSpace(s[i+2 : len(s)-1]))
	if err != nil {
		return "", 0, fmt.Errorf("job key %q: scale factor: %w", k, err)
	}
	return s[2:i], sf, nil
}
