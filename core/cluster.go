package core

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"schedlab/core/jsondup"
	"schedlab/core/jsonloc"
)

// Default per-GPU host resources and network bandwidth. The CPU and memory defaults are Synergy's
// 8-GPU server (24 cores, 500 GB): 3 cores and 62.5 GB per GPU. The bandwidths are a PCIe 3.0 x16
// link inside a server (≈128 Gbit/s) and 25 Gbit/s Ethernet between servers.
const (
	DefaultCPUPerGPU  = 3.0
	DefaultMemPerGPU  = 62.5
	DefaultIntraGbps  = 128.0
	DefaultInterGbps  = 25.0
	DefaultClusterStr = "16x8"
)

// Server is one machine. GPUs of a server are numbered FirstGPU … FirstGPU+GPUs-1 in the cluster.
type Server struct {
	Index     int
	Type      GPUType
	GPUs      int
	CPUs      float64 // cores
	MemGB     float64 // host memory
	GPUMemGB  float64 // per GPU
	IntraGbps float64 // between GPUs of this server
	InterGbps float64 // this server's link to the others
	FirstGPU  int
}

// Cluster is an ordered list of servers. Server order is GPU-id order.
type Cluster struct {
	Servers []Server
	// gpuServer maps a GPU id to its server index.
	gpuServer []int32
}

// NumGPUs is the total GPU count.
func (c *Cluster) NumGPUs() int { return len(c.gpuServer) }

// ServerOf returns the server index of GPU id g.
func (c *Cluster) ServerOf(g int) int { return int(c.gpuServer[g]) }

// TotalCPUs and TotalMemGB sum host resources over servers.
func (c *Cluster) TotalCPUs() float64 {
	s := 0.0
	for _, sv := range c.Servers {
		s += sv.CPUs
	}
	return s
}

// TotalMemGB sums host memory over servers.
func (c *Cluster) TotalMemGB() float64 {
	s := 0.0
	for _, sv := range c.Servers {
		s += sv.MemGB
	}
	return s
}

// Types lists the distinct GPU types in server order.
func (c *Cluster) Types() []GPUType {
	var out []GPUType
	for _, s := range c.Servers {
		seen := false
		for _, t := range out {
			seen = seen || t == s.Type
		}
		if !seen {
			out = append(out, s.Type)
		}
	}
	return out
}

// GPUsOfType counts GPUs of type t ("" counts all).
func (c *Cluster) GPUsOfType(t GPUType) int {
	n := 0
	for _, s := range c.Servers {
		if t == "" || s.Type == t {
			n += s.GPUs
		}
	}
	return n
}

// check tests that a server's GPU count and quantities are positive, and its quantities within
// MaxQuantity (the bound of a spec, which the cluster's String must write back).
func (s Server) check() error {
	if s.GPUs <= 0 {
		return fmt.Errorf("gpus %d: want a positive number", s.GPUs)
	}
	for _, f := range []struct {
		name string
		v    float64
	}{{"cpu", s.CPUs}, {"mem", s.MemGB}, {"gpumem", s.GPUMemGB}, {"bw intra", s.IntraGbps}, {"bw inter", s.InterGbps}} {
		if !(f.v > 0) || f.v > MaxQuantity {
			return fmt.Errorf("%s %v: want a positive number up to %g", f.name, f.v, MaxQuantity)
		}
	}
	return nil
}

// MaxGPUs bounds a cluster's size: the engine keeps per-GPU state, and a mistyped spec
// ("100000x1024") must be refused before anything that size is allocated, in wasm above all.
const MaxGPUs = 1 << 20

// NewCluster numbers the servers and their GPUs. It rejects empty clusters and servers without GPUs.
func NewCluster(servers []Server) (*Cluster, error) {
	if len(servers) == 0 {
		return nil, fmt.Errorf("cluster has no servers")
	}
	total := 0
	for i, s := range servers {
		if err := s.check(); err != nil {
			return nil, fmt.Errorf("server %d: %w", i, err)
		}
		if total += s.GPUs; total > MaxGPUs {
			return nil, fmt.Errorf("cluster has more than %d GPUs, the most supported", MaxGPUs)
		}
	}
	c := &Cluster{Servers: servers, gpuServer: make([]int32, 0, total)}
	for i := range c.Servers {
		s := &c.Servers[i]
		s.Index = i
		s.FirstGPU = len(c.gpuServer)
		for g := 0; g < s.GPUs; g++ {
			c.gpuServer = append(c.gpuServer, int32(i))
		}
	}
	return c, nil
}

// ParseCluster parses the cluster spec string shared by the runner, the app, URLs and scenarios:
//
//	SERVERSxGPUS[:TYPE][,cpu=N][,mem=GB][,gpumem=GB][,bw=INTRA/INTER] joined by '+'
//
// cpu and mem are per server (default 3 cores and 62.5 GB per GPU), gpumem per GPU (default from the
// type), bw in Gbit/s (default 128/25). Examples: "16x8", "36x1:K80+36x1:P100+36x1:V100", "4x8,cpu=32".
func ParseCluster(spec string) (*Cluster, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return nil, fmt.Errorf("cluster spec: empty")
	}
	var servers []Server
	gpus := 0
	for i, part := range strings.Split(spec, "+") {
		if strings.TrimSpace(part) == "" {
			return nil, fmt.Errorf("cluster spec %q: group %d is empty (groups are joined by '+')", spec, i+1)
		}
		group, err := parseGroup(strings.TrimSpace(part), MaxGPUs-gpus)
		if err != nil {
			return nil, fmt.Errorf("cluster spec %q: %w", part, err)
		}
		servers = append(servers, group...)
		gpus += len(group) * group[0].GPUs
	}
	return NewCluster(servers)
}

// parseGroup parses one SERVERSxGPUS group holding at most room GPUs.
func parseGroup(part string, room int) ([]Server, error) {
	fields := strings.Split(part, ",")
	head := strings.TrimSpace(fields[0])
	typ := V100
	if i := strings.IndexByte(head, ':'); i >= 0 {
		t, err := ParseGPUType(head[i+1:])
		if err != nil {
			return nil, err
		}
		typ, head = t, strings.TrimSpace(head[:i])
	}
	x := strings.IndexAny(head, "xX")
	if x < 0 {
		return nil, fmt.Errorf("want SERVERSxGPUS, got %q", head)
	}
	n, err1 := strconv.Atoi(head[:x])
	g, err2 := strconv.Atoi(head[x+1:])
	if err1 != nil || err2 != nil || n <= 0 || g <= 0 {
		return nil, fmt.Errorf("want positive SERVERSxGPUS, got %q", head)
	}
	if n > maxGroup || g > 1024 {
		return nil, fmt.Errorf("%q: at most %d servers of at most 1024 GPUs in a group", head, maxGroup)
	}
	if n*g > room {
		return nil, fmt.Errorf("%q: the cluster would have more than %d GPUs, the most supported", head, MaxGPUs)
	}
	s := Server{Type: typ, GPUs: g, CPUs: DefaultCPUPerGPU * float64(g), MemGB: DefaultMemPerGPU * float64(g),
		GPUMemGB: typ.MemGB(), IntraGbps: DefaultIntraGbps, InterGbps: DefaultInterGbps}
	seen := map[string]bool{}
	for _, f := range fields[1:] {
		k, v, ok := strings.Cut(strings.TrimSpace(f), "=")
		if !ok {
			return nil, fmt.Errorf("option %q: want key=value", f)
		}
		if k = strings.ToLower(strings.TrimSpace(k)); seen[k] {
			return nil, fmt.Errorf("option %s given twice", k)
		}
		seen[k] = true
		switch k {
		case "cpu":
			s.CPUs, err1 = positive(k, v)
		case "mem":
			s.MemGB, err1 = positive(k, v)
		case "gpumem":
			s.GPUMemGB, err1 = positive(k, v)
		case "bw":
			in, out, ok := strings.Cut(v, "/")
			if !ok {
				return nil, fmt.Errorf("bw=%q: want INTRA/INTER in Gbit/s", v)
			}
			if s.IntraGbps, err1 = positive("bw intra", in); err1 == nil {
				s.InterGbps, err1 = positive("bw inter", out)
			}
		default:
			return nil, fmt.Errorf("unknown option %q (cpu, mem, gpumem, bw)", k)
		}
		if err1 != nil {
			return nil, err1
		}
	}
	out := make([]Server, n)
	for i := range out {
		out[i] = s
	}
	return out, nil
}

// MaxQuantity bounds a server's cores, GB and Gbit/s in a spec. Readers of other cluster
// formats convert into these units and must hold to the same bound, or a cluster they accept
// would print a spec that does not parse back.
const MaxQuantity = 1e9

func positive(k, v string) (float64, error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || !(f > 0) || f > MaxQuantity {
		return 0, fmt.Errorf("%s=%q: want a positive number", k, v)
	}
	return f, nil
}

// maxGroup bounds the servers of one group in a spec ("NxG"); String splits a longer run of
// identical servers (two groups given apart) so that the spec it writes parses back.
const maxGroup = 100000

// String returns the canonical spec string: consecutive identical servers are grouped, and
// options are written only where they differ from the defaults.
func (c *Cluster) String() string {
	var parts []string
	for i := 0; i < len(c.Servers); {
		j := i
		for j < len(c.Servers) && j-i < maxGroup && sameShape(c.Servers[i], c.Servers[j]) {
			j++
		}
		s := c.Servers[i]
		p := fmt.Sprintf("%dx%d", j-i, s.GPUs)
		if s.Type != V100 {
			p += ":" + string(s.Type)
		}
		g := float64(s.GPUs)
		if s.CPUs != DefaultCPUPerGPU*g {
			p += ",cpu=" + fmtNum(s.CPUs)
		}
		if s.MemGB != DefaultMemPerGPU*g {
			p += ",mem=" + fmtNum(s.MemGB)
		}
		if s.GPUMemGB != s.Type.MemGB() {
			p += ",gpumem=" + fmtNum(s.GPUMemGB)
		}
		if s.IntraGbps != DefaultIntraGbps || s.InterGbps != DefaultInterGbps {
			p += ",bw=" + fmtNum(s.IntraGbps) + "/" + fmtNum(s.InterGbps)
		}
		parts = append(parts, p)
		i = j
	}
	return strings.Join(parts, "+")
}

func sameShape(a, b Server) bool {
	a.Index, a.FirstGPU, b.Index, b.FirstGPU = 0, 0, 0, 0
	return a == b
}

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// ClusterFile is the JSON schema of a cluster file (runner: -cluster @path.json):
//
//	{"servers": [{"count": 16, "gpus": 8, "type": "V100", "cpu": 24, "mem_gb": 500,
//	              "gpumem_gb": 16, "intra_gbps": 128, "inter_gbps": 25}]}
//
// Only count and gpus are required; the rest default as in the spec string.
type ClusterFile struct {
	Servers []struct {
		Count     int     `json:"count"`
		GPUs      int     `json:"gpus"`
		Type      string  `json:"type"`
		CPU       float64 `json:"cpu"`
		MemGB     float64 `json:"mem_gb"`
		GPUMemGB  float64 `json:"gpumem_gb"`
		IntraGbps float64 `json:"intra_gbps"`
		InterGbps float64 `json:"inter_gbps"`
	} `json:"servers"`
}

// ParseClusterJSON reads a cluster file; name is used in error messages, which read
// "name:line: field: problem" (jsonloc; text after the object is an error too). A key given twice in one
// object is an error naming both lines ("name:7: servers[1].gpus: duplicate key (first at line
// 5)"); keys are compared ignoring case, as encoding/json matches them to the fields, so "gpus"
// and "GPUs" in one server are a duplicate too.
func ParseClusterJSON(name string, data []byte) (*Cluster, error) {
	var f ClusterFile
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, jsonError(name, jsonloc.Locate(data, err))
	}
	if t, ok := jsonloc.Trailing(data, dec); ok {
		return nil, jsonError(name, t)
	}
	if d := jsondup.Find(data[:dec.InputOffset()], jsondup.FoldCase); d != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, d.Line, d)
	}
	var servers []Server
	gpus := 0
	for i, g := range f.Servers {
		spec := fmt.Sprintf("%dx%d", g.Count, g.GPUs)
		if g.Type != "" {
			spec += ":" + g.Type
		}
		group, err := parseGroup(spec, MaxGPUs-gpus)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: servers[%d]: %w", name, jsonloc.ElementLine(data, "servers", i), i, err)
		}
		gpus += len(group) * group[0].GPUs
		for j := range group {
			s := &group[j]
			setIf(&s.CPUs, g.CPU)
			setIf(&s.MemGB, g.MemGB)
			setIf(&s.GPUMemGB, g.GPUMemGB)
			setIf(&s.IntraGbps, g.IntraGbps)
			setIf(&s.InterGbps, g.InterGbps)
		}
		if err := group[0].check(); err != nil {
			return nil, fmt.Errorf("%s:%d: servers[%d]: %w", name, jsonloc.ElementLine(data, "servers", i), i, err)
		}
		servers = append(servers, group...)
	}
	c, err := NewCluster(servers)
	if err != nil {
		return nil, fmt.Errorf("%s:1: servers: %w", name, err)
	}
	return c, nil
}

// jsonError is a cluster file's decoding problem as "name:line: field: problem". The field is
// "json" for a syntax error and for text after the file's object, and for an unknown key that is
// not one word (its quoted name then ends the problem), so that the field never hides the colon
// that ends it.
func jsonError(name string, p jsonloc.Problem) error {
	if p.Field != "" && (strings.ContainsFunc(p.Field, unicode.IsSpace) || strings.Contains(p.Field, ":")) {
		p.Msg += " " + strconv.Quote(p.Field)
		p.Field = ""
	}
	if p.Field == "" {
		p.Field = "json"
	}
	return fmt.Errorf("%s:%d: %s: %s", name, max(1, p.Line), p.Field, p.Msg)
}

func setIf(dst *float64, v float64) {
	if v != 0 {
		*dst = v
	}
}
