package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"schedlab/policies"
	"schedlab/policies/figure"
	"schedlab/policies/figure/report"
)

// judgeFiles lists the CSVs -judge names: the file, or every *.csv of a directory (sorted).
func judgeFiles(path string) ([]string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, usageError{fmt.Errorf("-judge %s: %w", path, err)}
	}
	if !fi.IsDir() {
		return []string{path}, nil
	}
	files, err := filepath.Glob(filepath.Join(path, "*.csv"))
	if err != nil || len(files) == 0 {
		return nil, usageError{fmt.Errorf("-judge %s: a directory without figure CSVs (ID.csv)", path)}
	}
	slices.Sort(files)
	return files, nil
}

// readFigureCSV reads a figure CSV without knowing its figure: the first row's figure column names
// a catalogue figure, and figure.ReadCSV then checks every field against it.
func readFigureCSV(path string) (*figure.Figure, []figure.Row, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, usageError{fmt.Errorf("-judge: %w", err)}
	}
	cr := csv.NewReader(strings.NewReader(string(data)))
	cr.FieldsPerRecord = -1
	var id string
	for line := 1; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			if line <= 2 {
				return nil, nil, usageError{fmt.Errorf("%s:%d: no rows: a figure CSV has the header %s and a row per cell and metric", path, line, figure.CSVHeader)}
			}
			break
		}
		if err != nil {
			return nil, nil, usageError{fmt.Errorf("%s: %w", path, err)}
		}
		if line == 1 && strings.Join(rec, ",") != figure.CSVHeader {
			return nil, nil, usageError{fmt.Errorf("%s:1: header %q: want %s", path, strings.Join(rec, ","), figure.CSVHeader)}
		}
		if line == 2 {
			id = rec[0]
			break
		}
	}
	f, ok := policies.FindFigure(id)
	if !ok {
		return nil, nil, usageError{fmt.Errorf("%s:2: figure: %q is not a catalogue figure (see -list)", path, id)}
	}
	rows, err := figure.ReadCSV(f, path, strings.NewReader(string(data)))
	if err != nil {
		return nil, nil, usageError{err}
	}
	return f, rows, nil
}

// judge re-judges figure CSVs without running anything: each file's reference table on stdout,
// and with -report the reviewer's report of them all.
func judge(o options, stdout io.Writer) error {
	files, err := judgeFiles(o.judge)
	if err != nil {
		return err
	}
	var tables []report.Table
	for _, path := range files {
		f, rows, err := readFigureCSV(path)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(tables, func(t report.Table) bool { return t.Figure.ID == f.ID }) {
			return usageError{fmt.Errorf("%s: figure %s given twice", path, f.ID)}
		}
		c, err := writeReferenceTable(stdout, f, rows)
		if err != nil {
			return err
		}
		tables = append(tables, report.Table{Claims: c})
	}
	var claims []figure.Claims
	for _, t := range tables {
		claims = append(claims, t.Claims)
	}
	if err := writePaperSummaries(stdout, claims); err != nil {
		return err
	}
	if o.report == "" {
		return nil
	}
	version, err := programVersion()
	if err != nil {
		return err
	}
	var out outputFiles
	defer out.discard()
	if err := out.write("report", o.report, func(w io.Writer) error {
		return writeReport(w, tables, version+vcsRevision(), o.judge)
	}); err != nil {
		return err
	}
	return out.commit()
}
