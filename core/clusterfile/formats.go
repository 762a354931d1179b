package clusterfile

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
	"unicode"

	"schedlab/core"
)

func parseTiresias(name string, data []byte) (*File, error) {
	cols := []string{"num_switch", "num_node_p_switch", "num_gpu_p_node", "num_cpu_p_node", "mem_p_node"}
	t := newTable(name, data)
	if err := t.header(cols); err != nil {
		return nil, err
	}
	var servers []core.Server
	err := t.rows(func(get func(string) string) error {
		var v [5]float64
		for i, c := range cols {
			var err error
			if v[i], err = num(get(c), core.MaxQuantity); err != nil {
				return t.errf(c, "%v", err)
			}
		}
		n := v[0] * v[1]
		if n > maxServers || len(servers)+int(n) > maxServers {
			return t.errf("num_node_p_switch", "more than %d servers", maxServers)
		}
		if v[2] != float64(int(v[2])) || v[2] < 1 || v[2] > 1024 {
			return t.errf("num_gpu_p_node", "want a whole number of GPUs in 1..1024, got %g", v[2])
		}
		for range int(n) {
			servers = append(servers, server(core.V100, int(v[2]), v[3], v[4]))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return finish(name, "tiresias", servers, nil)
}

// parseINI reads Synergy's .ini. Section names and keys are case-insensitive (sections upper-cased,
// keys lower-cased, as the cases compared below); a section header or a key of one section given
// twice is an error naming the first line, as in Python's configparser (strict by default): which
// of two values was meant is the user's call, not ours.
func parseINI(name string, data []byte) (*File, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	section, line := "", 0
	vals := map[string]float64{}
	// First line of each section and of each (section, key): joined with a dot, [X.1] y and
	// [X] 1.y would collide.
	sections, keys := map[string]int{}, map[[2]string]int{}
	var warns []string
	var round core.Time
	errf := func(field, format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s: %s", name, line, field, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' || s[0] == ';' {
			continue
		}
		if s[0] == '[' {
			if !strings.HasSuffix(s, "]") {
				return nil, errf("section", "want [NAME], got %q", clip(s, 40))
			}
			section = strings.ToUpper(strings.TrimSpace(s[1 : len(s)-1]))
			if first, ok := sections[section]; ok {
				return nil, errf("section", "[%s] given twice (first at line %d)", clip(section, 40), first)
			}
			sections[section] = line
			continue
		}
		k, v, ok := strings.Cut(s, "=")
		if !ok {
			return nil, errf("line", "want key = value, got %q", clip(s, 40))
		}
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(v)
		if first, ok := keys[[2]string{section, k}]; ok {
			if k == "" || strings.ContainsFunc(k, unicode.IsSpace) { // the field must stay one word
				return nil, errf("key", "%q: duplicate key (first at line %d)", clip(k, 40), first)
			}
			return nil, errf(k, "duplicate key (first at line %d)", first)
		}
		keys[[2]string{section, k}] = line
		switch section + "." + k {
		case "CLUSTER.racks", "CLUSTER.servers_per_rack", "CLUSTER.gpus_per_server", "CLUSTER.cpus_per_server", "CLUSTER.dram_per_server":
			x, err := num(v, core.MaxQuantity)
			if err != nil {
				return nil, errf(k, "%v", err)
			}
			vals[k] = x
		case "CLUSTER.sspeed_per_server":
			warns = append(warns, fmt.Sprintf("%s:%d: sspeed_per_server: storage speed has no counterpart in the simulated cluster; ignored", name, line))
		case "SCHEDULER.lease_time":
			x, err := num(v, 1e6)
			if err != nil || x == 0 {
				if err == nil {
					err = fmt.Errorf("want a positive number of minutes")
				}
				return nil, errf(k, "%v", err)
			}
			round = core.FromSeconds(x * 60) // Synergy's lease_time is in minutes
		default:
			warns = append(warns, fmt.Sprintf("%s:%d: %s: not a cluster setting; ignored", name, line, k))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: read: %v", name, line+1, err)
	}
	for _, k := range []string{"servers_per_rack", "gpus_per_server"} {
		if vals[k] == 0 {
			return nil, fmt.Errorf("%s:%d: %s: missing or zero in [CLUSTER]", name, line, k)
		}
	}
	racks := vals["racks"]
	if racks == 0 {
		racks = 1
	}
	n, g := racks*vals["servers_per_rack"], vals["gpus_per_server"]
	if n > maxServers || n != float64(int(n)) || g != float64(int(g)) || g > 1024 {
		return nil, fmt.Errorf("%s:%d: servers_per_rack: want whole numbers, at most %d servers of at most 1024 GPUs", name, line, maxServers)
	}
	cpus, mem := vals["cpus_per_server"], vals["dram_per_server"]
	if cpus == 0 {
		cpus = core.DefaultCPUPerGPU * g
	}
	if mem == 0 {
		mem = core.DefaultMemPerGPU * g
	}
	servers := make([]core.Server, int(n))
	for i := range servers {
		servers[i] = server(core.V100, int(g), cpus, mem)
	}
	f, err := finish(name, "synergy", servers, warns)
	if err != nil {
		return nil, err
	}
	f.Round = round
	return f, nil
}

func parseOpenB(name string, data []byte) (*File, error) {
	// sn,cpu_milli,memory_mib,gpu,model: CPU in thousandths of a core, memory in MiB.
	nl := nodeList{format: "alibaba-openb", noun: "node", id: "sn", gpu: "gpu", typ: "model",
		cpu: "cpu_milli", cpuPerCore: 1000, mem: "memory_mib", memPerGB: 1024}
	t := newTable(name, data)
	if err := t.header([]string{"sn", "cpu_milli", "memory_mib", "gpu", "model"}); err != nil {
		return nil, err
	}
	return nl.parse(t)
}

func parsePAI(name string, data []byte, header bool) (*File, error) {
	// machine,gpu_type,cap_cpu,cap_mem,cap_gpu: cores and GB as they are.
	nl := nodeList{format: "alibaba-pai", noun: "machine", id: "machine", gpu: "cap_gpu", typ: "gpu_type",
		cpu: "cap_cpu", cpuPerCore: 1, mem: "cap_mem", memPerGB: 1}
	cols := []string{"machine", "gpu_type", "cap_cpu", "cap_mem", "cap_gpu"}
	t := newTable(name, data)
	if header {
		if err := t.header(cols); err != nil {
			return nil, err
		}
	} else {
		t.index = map[string]int{}
		for i, c := range cols {
			t.index[c] = i
		}
	}
	return nl.parse(t)
}
