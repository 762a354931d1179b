package clusterfile

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"schedlab/core"
)

// File is a parsed cluster description.
type File struct {
	Format   string
	Cluster  *core.Cluster
	Round    core.Time // a round (lease) length the file sets, 0 when it sets none (Synergy's lease_time)
	Warnings []string
}

// maxServers bounds a description (a typo such as 1e9 servers must not allocate them).
const maxServers = 100_000

// Parse reads a cluster description; name is used in messages, which read
// "name:line: field: problem".
//
//   - json: core.ClusterFile ({"servers": [{"count": 16, "gpus": 8, "type": "V100"}]}).
//   - tiresias: num_switch,num_node_p_switch,num_gpu_p_node,num_cpu_p_node,mem_p_node — one row;
//     num_switch × num_node_p_switch servers of num_gpu_p_node GPUs, num_cpu_p_node cores and
//     mem_p_node GB. The file names no GPU type: V100 (the type Tiresias' and Muri's testbeds used).
//   - synergy: the .ini of Synergy's simulator. [CLUSTER] racks × servers_per_rack servers of
//     gpus_per_server GPUs, cpus_per_server cores and dram_per_server GB (GPU type V100, as in
//     Synergy's testbed); sspeed_per_server (storage speed) has no counterpart and is warned about;
//     [SCHEDULER] lease_time is in minutes and becomes Round; policy is not a cluster setting and
//     is warned about.
//   - alibaba-openb: sn,cpu_milli,memory_mib,gpu,model — one server per node with gpu GPUs of type
//     model, cpu_milli / 1000 cores and memory_mib / 1024 GB.
//   - alibaba-pai: machine,gpu_type,cap_cpu,cap_mem,cap_gpu (pai_machine_spec.csv, with or without
//     the header) — one server per machine; cap_mem is GB.
//
// In both Alibaba lists a row with no GPUs or with GPU type "CPU" is a CPU-only node, left out
// with one counted warning (see nodeList).
func Parse(name string, data []byte) (*File, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	first := firstLine(data)
	switch {
	case first == "":
		return nil, fmt.Errorf("%s:1: input: empty", name)
	case strings.HasPrefix(first, "{"):
		c, err := core.ParseClusterJSON(name, data)
		if err != nil {
			return nil, err
		}
		return &File{Format: "json", Cluster: c}, nil
	case strings.HasPrefix(first, "[") || strings.Contains(first, "=") && !strings.Contains(first, ","):
		return parseINI(name, data)
	}
	h := strings.Split(strings.ToLower(first), ",")
	for i := range h {
		h[i] = strings.TrimSpace(h[i])
	}
	switch {
	case h[0] == "num_switch":
		return parseTiresias(name, data)
	case h[0] == "sn" && len(h) >= 5:
		return parseOpenB(name, data)
	case len(h) == 5:
		return parsePAI(name, data, h[0] == "machine")
	}
	return nil, fmt.Errorf("%s:1: format: cannot tell the cluster format from %q (known: JSON, Tiresias CSV, Synergy .ini, Alibaba openb node list, PAI machine spec)", name, clip(first, 80))
}

func firstLine(data []byte) string {
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if s := strings.TrimSpace(string(line)); s != "" {
			return s
		}
	}
	return ""
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// table reads a CSV: the header (when header is set) and the rows with their line numbers.
type table struct {
	name  string
	cr    *csv.Reader
	line  int
	index map[string]int
}

func newTable(name string, data []byte) *table {
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	return &table{name: name, cr: cr}
}

func (t *table) next() ([]string, error) {
	rec, err := t.cr.Read()
	if err == io.EOF {
		return nil, io.EOF
	}
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s:%d: csv: %v", t.name, pe.Line, pe.Err)
		}
		return nil, fmt.Errorf("%s:%d: read: %v", t.name, t.line+1, err)
	}
	t.line, _ = t.cr.FieldPos(0)
	return rec, nil
}

// rows calls row for each record after the header, with get returning a column by name; a
// record whose column count differs from the header's is an error on its line.
func (t *table) rows(row func(get func(string) string) error) error {
	for {
		rec, err := t.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if len(rec) != len(t.index) {
			return t.errf("row", "got %d columns, want %d", len(rec), len(t.index))
		}
		if err := row(func(k string) string { return rec[t.index[k]] }); err != nil {
			return err
		}
	}
}

func (t *table) errf(field, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s: %s", t.name, t.line, field, fmt.Sprintf(format, args...))
}

// header maps the wanted columns; all are required.
func (t *table) header(cols []string) error {
	rec, err := t.next()
	if err != nil {
		return err
	}
	t.index = map[string]int{}
	for i, h := range rec {
		t.index[strings.ToLower(strings.TrimSpace(h))] = i
	}
	for _, c := range cols {
		if _, ok := t.index[c]; !ok {
			return t.errf("header", "missing column %q", c)
		}
	}
	return nil
}

// num parses a finite number in [0, max].
func num(s string, max float64) (float64, error) {
	s = strings.TrimSpace(s)
	v, err := strconv.ParseFloat(s, 64)
	switch {
	case s == "":
		return 0, fmt.Errorf("missing value")
	case err != nil || math.IsNaN(v) || math.IsInf(v, 0):
		return 0, fmt.Errorf("not a finite number: %q", clip(s, 40))
	case v < 0:
		return 0, fmt.Errorf("negative: %s", s)
	case v > max:
		return 0, fmt.Errorf("absurdly large: %s (limit %g)", s, max)
	}
	return v, nil
}

// whole parses a whole number in [0, max].
func whole(s string, max float64) (int, error) {
	v, err := num(s, max)
	if err == nil && v != math.Trunc(v) {
		err = fmt.Errorf("not a whole number: %s", strings.TrimSpace(s))
	}
	return int(v), err
}

// server makes a server with the default bandwidths and the type's GPU memory.
func server(typ core.GPUType, gpus int, cpus, memGB float64) core.Server {
	return core.Server{Type: typ, GPUs: gpus, CPUs: cpus, MemGB: memGB, GPUMemGB: typ.MemGB(),
		IntraGbps: core.DefaultIntraGbps, InterGbps: core.DefaultInterGbps}
}

func finish(name, format string, servers []core.Server, warns []string) (*File, error) {
	if len(servers) == 0 {
		return nil, fmt.Errorf("%s:1: input: no GPU servers", name)
	}
	c, err := core.NewCluster(servers)
	if err != nil {
		return nil, fmt.Errorf("%s:1: cluster: %v", name, err)
	}
	return &File{Format: format, Cluster: c, Warnings: warns}, nil
}
