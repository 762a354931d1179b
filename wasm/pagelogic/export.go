package pagelogic

import (
	"encoding/json"
	"errors"
	"fmt"

	"schedlab/core/jsondup"
	"schedlab/wasm/runrecord"
)

// ExportFile is the full JSON export; the page's import reads it back.
type ExportFile struct {
	Schedlab int                 `json:"schedlab"`
	Runs     []*runrecord.Record `json:"runs"`
}

// ReadExport decodes the full JSON export file name (content raw) and validates its runs; errors
// name the file. A key given twice in one object is an error too (ignoring case, as the record
// structs match keys): the file is ours, but a hand-edited one must not silently keep one of
// two values.
func ReadExport(name string, raw []byte) ([]*runrecord.Record, error) {
	var ef ExportFile
	if err := json.Unmarshal(raw, &ef); err != nil {
		line, _, msg := JSONProblem(raw, err)
		if line > 0 {
			return nil, fmt.Errorf("%s:%d: json: %s", name, line, msg)
		}
		return nil, fmt.Errorf("%s: json: %s", name, msg)
	}
	if d := jsondup.Find(raw, jsondup.FoldCase); d != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, d.Line, d)
	}
	if ef.Schedlab != 1 {
		return nil, errors.New(name + `: not a schedlab JSON export (no "schedlab": 1)`)
	}
	for i, r := range ef.Runs {
		if r == nil {
			return nil, fmt.Errorf("%s: runs[%d]: null", name, i)
		}
		if err := r.Validate(); err != nil {
			return nil, fmt.Errorf("%s: runs[%d].%v", name, i, err)
		}
	}
	return ef.Runs, nil
}
