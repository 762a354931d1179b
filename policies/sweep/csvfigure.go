package sweep

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"schedlab/policies/figure"
)

// maxCSV bounds a figure CSV the page imports (a 160,000-run study with five metrics is ≈ 80 MB;
// the page holds it in memory, so a larger file is refused rather than freezing the tab).
const maxCSV = 256 << 20

// FigureOfCSV reads a merged figure CSV whose figure is not in the catalogue — a user's sweep run
// on a cluster — and describes its figure from the CSV alone, so the page can draw it without the
// sweep file: its sweep values, series and metrics in the order the CSV lists them (the figure's
// own order: WriteCSV sorts by it), units from the unit column, seeds ascending. The rows are then
// read back by figure.ReadCSV, which checks every field. The figure draws and compares; it does
// not run: its Cell is nil (its cells are the CSV's, already run). Errors name name:line: field.
func FigureOfCSV(name string, data []byte) (*figure.Figure, []figure.Row, error) {
	if len(data) > maxCSV {
		return nil, nil, fmt.Errorf("%s: larger than %d MB", name, maxCSV>>20)
	}
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = 9
	cr.ReuseRecord = true
	head, err := cr.Read()
	if err != nil || strings.Join(head, ",") != figure.CSVHeader {
		return nil, nil, fmt.Errorf("%s:1: header: want %s (a figure CSV from -figure-out or -merge)", name, figure.CSVHeader)
	}
	f := &figure.Figure{Family: "sweep", Paper: name, Chart: figure.Lines}
	seeds := map[uint64]bool{}
	for n := 0; ; n++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			if n == 0 {
				return nil, nil, fmt.Errorf("%s: no rows", name)
			}
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		line, _ := cr.FieldPos(0)
		if rec[1] != "" {
			return nil, nil, fmt.Errorf("%s:%d: reading: %q: a sweep file's figure has no choices (the column is empty)", name, line, rec[1])
		}
		rec = append(rec[:1], rec[2:]...) // the fields below are numbered as before the reading column
		if n == 0 {
			f.ID, f.Number, f.Sweep.Name, f.Sweep.Label = rec[0], rec[0], rec[1], rec[1]
		}
		if rec[0] != f.ID || rec[1] != f.Sweep.Name {
			return nil, nil, fmt.Errorf("%s:%d: figure: %s, %s: one figure per file (the first row is %s, %s)", name, line, rec[0], rec[1], f.ID, f.Sweep.Name)
		}
		if f.Sweep.Name != "" && !slices.Contains(f.Sweep.Values, rec[2]) {
			f.Sweep.Values = append(f.Sweep.Values, rec[2])
		}
		if !slices.ContainsFunc(f.Series, func(s figure.Series) bool { return s.Name == rec[3] }) {
			f.Series = append(f.Series, figure.Series{Name: rec[3], Label: rec[3]})
		}
		if i := slices.IndexFunc(f.Metrics, func(m figure.Metric) bool { return m.Name == rec[5] }); i < 0 {
			f.Metrics = append(f.Metrics, figure.Metric{Name: rec[5], Unit: rec[6], Label: rec[5]})
		}
		var seed uint64
		if _, err := fmt.Sscan(rec[4], &seed); err == nil {
			seeds[seed] = true
		}
	}
	if f.Sweep.Name == "" {
		f.Chart = figure.Bars
	}
	for s := range seeds {
		f.Seeds = append(f.Seeds, s)
	}
	slices.Sort(f.Seeds)
	// Cell stays nil: these cells ran elsewhere. What Validate would check of the rest is checked
	// here: no empty name (ReadCSV checks every field against these lists).
	if f.ID == "" || slices.Contains(f.Sweep.Values, "") ||
		slices.ContainsFunc(f.Series, func(s figure.Series) bool { return s.Name == "" }) ||
		slices.ContainsFunc(f.Metrics, func(m figure.Metric) bool { return m.Name == "" }) {
		return nil, nil, fmt.Errorf("%s: an empty figure, x, series or metric name", name)
	}
	rows, err := figure.ReadCSV(f, name, bytes.NewReader(data))
	if err != nil {
		return nil, nil, err
	}
	return f, rows, nil
}
