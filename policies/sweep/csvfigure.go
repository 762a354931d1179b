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
// sweep file: its readings' choices and values, sweep values, series and metrics in the order the
// CSV lists them (the figure's own order: WriteCSV sorts by it), units from the unit column, seeds
// ascending. The rows are then
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
		if err := addReading(f, n == 0, rec[1]); err != nil {
			return nil, nil, fmt.Errorf("%s:%d: reading: %w", name, line, err)
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

// maxCSVReadings bounds the readings a CSV's choices make (the product of their values seen):
// two rows can name thirty two-valued choices, whose readings no figure could list.
const maxCSVReadings = 4096

// addReading adds the choices and values reading name holds to f: the first row's name fixes the
// choices and their order (names unique and fit for a reading's name), each later row must name the
// same choices in that order, and a value is added where first seen (the readings' order, the first
// choice outermost, keeps each choice's values in the figure's order), up to maxCSVReadings
// readings. An empty name is a figure without choices, and then every row's is. Each check is made
// on the row that fails it, so the error names that row's line.
func addReading(f *figure.Figure, first bool, name string) error {
	if name == "" {
		if !first && len(f.Choices) > 0 {
			return fmt.Errorf("empty, but the first row names a reading (%s)", f.ChoicesText())
		}
		return nil
	}
	parts := strings.Split(name, ",")
	if first {
		for _, part := range parts {
			c, _, _ := strings.Cut(part, "=")
			if c == "" || strings.ContainsAny(c, "|") || slices.ContainsFunc(f.Choices, func(o figure.Choice) bool { return o.Name == c }) {
				return fmt.Errorf("choice name %q empty, repeated or with |", c)
			}
			f.Choices = append(f.Choices, figure.Choice{Name: c, Label: c})
		}
	}
	if len(parts) != len(f.Choices) {
		return fmt.Errorf("%q: want the choices of the first row, %s", name, choiceNames(f))
	}
	for i, part := range parts {
		c, v, ok := strings.Cut(part, "=")
		switch {
		case !ok || c != f.Choices[i].Name:
			return fmt.Errorf("%q: want the choices of the first row, %s", name, choiceNames(f))
		case v == "" || strings.ContainsAny(v, "=|"):
			return fmt.Errorf("%q: choice %s: value %q empty or with = or |", name, c, v)
		}
		if !slices.Contains(f.Choices[i].Values, v) {
			f.Choices[i].Values = append(f.Choices[i].Values, v)
			n := 1
			for _, c := range f.Choices {
				n *= len(c.Values)
			}
			if n > maxCSVReadings {
				return fmt.Errorf("%q: the choices %s make more than %d readings", name, choiceNames(f), maxCSVReadings)
			}
		}
	}
	return nil
}

func choiceNames(f *figure.Figure) string {
	names := make([]string, len(f.Choices))
	for i, c := range f.Choices {
		names[i] = c.Name
	}
	return strings.Join(names, ", ")
}
