package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"schedlab/core"
	"schedlab/core/jsondup"
)

// NativeJSONL is the native format as JSON Lines: one object per line whose keys are the Native
// column names. Numbers may be written as JSON numbers or strings; null or a missing key means
// blank; an unknown key is an error, and so is a key given twice in one object (exact names, as
// the columns are matched: encoding/json would keep the last value silently). Blank lines are
// skipped.
//
//	{"id":"a","submit_s":12.5,"gpus":4,"iterations":1000,"model":"resnet50","gpu_types":"V100"}
type NativeJSONL struct{}

// Name implements Importer.
func (NativeJSONL) Name() string { return "native-jsonl" }

// Detect implements Importer: the first line is a JSON object.
func (NativeJSONL) Detect(first string) bool { return len(first) > 0 && first[0] == '{' }

// Read implements Importer.
func (NativeJSONL) Read(name string, r io.Reader, models *core.Models) ([]core.Job, []string, error) {
	br := bufio.NewReaderSize(r, bufSize)
	skipBOM(br)
	rr := &rows{name: name}
	c := newCollector(name, models)
	var jobs []core.Job
	cells := make(map[string]string, len(nativeColumns))
	for {
		line, rerr := br.ReadBytes('\n')
		if rerr != nil && rerr != io.EOF {
			return c.finish(nil, fmt.Errorf("%s:%d: read: %v", name, rr.line+1, rerr))
		}
		if len(line) > 0 {
			rr.line++
		}
		if line = bytes.TrimSpace(line); len(line) > 0 {
			if err := jsonCells(rr, line, cells); err != nil {
				return c.finish(nil, err)
			}
			j, err := nativeJob(rr, c, func(k string) string { return cells[k] })
			if err != nil {
				return c.finish(nil, err)
			}
			jobs = append(jobs, j)
		}
		if rerr == io.EOF {
			break
		}
	}
	return c.finish(jobs, nil)
}

// jsonCells decodes one object into text cells keyed by column name.
func jsonCells(rr *rows, line []byte, cells map[string]string) error {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(line, &obj); err != nil {
		return rr.errf("json", "%v", err)
	}
	clear(cells)
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys) // report the same unknown key every time
	for _, k := range keys {
		if !slices.Contains(nativeColumns[:], k) {
			return rr.errf("json", "unknown key %q", clip(k, 40))
		}
		raw := obj[k]
		switch {
		case raw[0] == '"':
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				return rr.errf(k, "%v", err)
			}
			cells[k] = s
		case raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9':
			cells[k] = string(raw)
		case string(raw) == "null":
		default:
			return rr.errf(k, "want a number or a string, got %s", clip(string(raw), 40))
		}
	}
	if d := jsondup.Find(line, jsondup.Exact); d != nil {
		return rr.errf(d.Path, "duplicate key") // one object per line: both on this line
	}
	return nil
}

// textColumns are the native columns written as JSON strings.
var textColumns = [...]string{"id", "model", "gpu_types", "user", "recurrence", "resource_times_s"}

// WriteNativeJSONL writes jobs as native JSON Lines, omitting zero-valued optional fields.
func WriteNativeJSONL(w io.Writer, jobs []core.Job) error {
	bw := bufio.NewWriter(w)
	cells := make([]string, 0, len(nativeColumns))
	for i := range jobs {
		cells = nativeCells(&jobs[i], cells)
		bw.WriteByte('{')
		sep := false
		for k, v := range cells {
			if v == "" && k >= 3 {
				continue
			}
			if sep {
				bw.WriteByte(',')
			}
			sep = true
			key, _ := json.Marshal(nativeColumns[k])
			bw.Write(key)
			bw.WriteByte(':')
			if slices.Contains(textColumns[:], nativeColumns[k]) {
				b, _ := json.Marshal(v)
				bw.Write(b)
			} else {
				bw.WriteString(v)
			}
		}
		bw.WriteString("}\n")
	}
	return bw.Flush()
}
