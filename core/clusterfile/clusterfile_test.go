package clusterfile

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/shareddata"
)

var errPattern = regexp.MustCompile(`^\S+:\d+: \S+: `)

func TestRealFiles(t *testing.T) {
	tests := []struct {
		path, format, want string // want: the cluster's spec string
		round              core.Time
		warns              int
	}{
		{"tiresias/n32g4.csv", "tiresias", "32x4,cpu=40,mem=256", 0, 0},
		{"tiresias/cluster_spec.csv", "tiresias", "16x4,cpu=128,mem=254", 0, 0},
		{"muri/simulator/cluster_spec/n8g8.csv", "tiresias", "8x8,cpu=92,mem=520", 0, 0},
		{"synergy/configs/default_cluster.ini", "synergy", "16x8", 300 * core.Second, 2},
		{"synergy/configs/static_trace.ini", "synergy", "4x8", 300 * core.Second, 2},
		{"alibaba-openb-v2023/csv/openb_node_list_gpu_node.csv", "alibaba-openb", "", 0, 0},
		{"alibaba-openb-v2023/csv/openb_node_list_all_node.csv", "alibaba-openb", "", 0, 1},
		{"alibaba-pai-v2020/data/pai_machine_spec.csv", "alibaba-pai", "", 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			data, err := os.ReadFile(shareddata.File(t, tt.path))
			if err != nil {
				t.Fatal(err)
			}
			f, err := Parse(filepath.Base(tt.path), data)
			if err != nil {
				t.Fatal(err)
			}
			if f.Format != tt.format {
				t.Errorf("format: got %s, want %s", f.Format, tt.format)
			}
			if tt.want != "" && f.Cluster.String() != tt.want {
				t.Errorf("cluster: got %s, want %s", f.Cluster, tt.want)
			}
			if f.Round != tt.round {
				t.Errorf("round: got %v, want %v", f.Round, tt.round)
			}
			if len(f.Warnings) != tt.warns {
				t.Errorf("warnings: got %q, want %d", f.Warnings, tt.warns)
			}
		})
	}
	// The openb GPU node list: 1,213 GPU nodes, 6,212 GPUs (data/README.md).
	data, err := os.ReadFile(shareddata.File(t, "alibaba-openb-v2023/csv/openb_node_list_all_node.csv"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse("all_node", data)
	if err != nil {
		t.Fatal(err)
	}
	if n, g := len(f.Cluster.Servers), f.Cluster.NumGPUs(); n != 1213 || g != 6212 {
		t.Errorf("openb: got %d servers, %d GPUs; want 1213, 6212", n, g)
	}
	if got := f.Cluster.GPUsOfType(core.T4); got == 0 {
		t.Errorf("openb: got no T4 GPUs, want some")
	}
}

func TestMalformed(t *testing.T) {
	const ti = "num_switch,num_node_p_switch,num_gpu_p_node,num_cpu_p_node,mem_p_node\n"
	tests := []struct{ name, in, want string }{
		{"empty", "", "c:1: input: empty"},
		{"unknown", "a;b\n", "c:1: format: "},
		{"tiresias NaN", ti + "1,NaN,4,40,256\n", "c:2: num_node_p_switch: not a finite"},
		{"tiresias huge", ti + "1,1e9,4,40,256\n", "c:2: num_node_p_switch: more than"},
		{"tiresias negative", ti + "1,2,-4,40,256\n", "c:2: num_gpu_p_node: negative"},
		{"tiresias short", ti + "1,2\n", "c:2: row: got 2 columns"},
		{"tiresias header only", ti, "c:1: input: no GPU servers"},
		{"tiresias fractional", ti + "1,2,1.5,40,256\n", "c:2: num_gpu_p_node: want a whole"},
		{"ini no gpus", "[CLUSTER]\nracks = 1\nservers_per_rack = 4\n", "gpus_per_server: missing"},
		{"ini bad lease", "[CLUSTER]\nservers_per_rack=1\ngpus_per_server=8\n[SCHEDULER]\nlease_time = x\n", "c:5: lease_time: "},
		{"ini bad line", "[CLUSTER]\nservers_per_rack\n", "c:2: line: want key = value"},
		{"openb bad type", "sn,cpu_milli,memory_mib,gpu,model\nn,32000,262144,8,Z99\n", "c:2: model: unknown GPU type"},
		// Above core.MaxQuantity once in GB: accepted, it would print a spec that does not parse back.
		{"openb huge memory", "sn,cpu_milli,memory_mib,gpu,model\nn,1,1027000000000,1,A100\n", "c:2: memory_mib: "},
		{"pai huge cpu", "machine,gpu_type,cap_cpu,cap_mem,cap_gpu\nm,V100,2e9,512,8\n", "c:2: cap_cpu: "},
		{"openb bad gpu", "sn,cpu_milli,memory_mib,gpu,model\nn,32000,262144,Inf,T4\n", "c:2: gpu: not a finite"},
		{"pai bad cpu", "m,V100,x,512,8\n", "c:1: cap_cpu: not a finite"},
		{"json", "{\"servers\": 5}", "c:1: servers: want a list of objects, got a JSON number"},
		{"json syntax", "{\"servers\": [\n{\"count\": 2 \"gpus\": 8}]}", "c:2: json: invalid character"},
		{"json unknown field", "{\"servers\": [\n{\"count\": 2, \"gpus\": 8,\n \"cpus\": 3}]}", "c:3: cpus: unknown field"},
		{"json trailing text", "{\"servers\": [{\"count\": 2, \"gpus\": 8}]}\n{}", "c:2: json: text after the JSON value"},
		{"json bad server", "{\"servers\": [\n{\"count\": 2, \"gpus\": 8},\n{\"count\": 0, \"gpus\": 8}]}", "c:3: servers[1]: "},
		{"json truncated", "{\"servers\": [", "c:1: json: unexpected end of JSON input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("c", []byte(tt.in))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got error %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	f.Add("num_switch,num_node_p_switch,num_gpu_p_node,num_cpu_p_node,mem_p_node\n1,32,4,40,256\n")
	f.Add("[CLUSTER]\t\n# 112 GPUs in all\nracks = 1\nservers_per_rack = 16\ngpus_per_server = 8\ncpus_per_server = 24\ndram_per_server = 500\nsspeed_per_server = 500\n[SCHEDULER]\npolicy = FIFO\nlease_time = 5\n")
	f.Add("sn,cpu_milli,memory_mib,gpu,model\nopenb-node-0000,32000,262144,0,\nopenb-node-0227,96000,786432,8,V100M32\n")
	f.Add("7399a758eb02bae1a3621236,CPU,96,512,0\nm2,V100,96,512,8\n")
	f.Add(`{"servers": [{"count": 2, "gpus": 8, "type": "T4"}]}`)
	f.Add("[CLUSTER]\nservers_per_rack = 2\ngpus_per_server = 8\nServers_Per_Rack = 3\n[cluster]\n")
	f.Add("{\"servers\": [{\"count\": 2, \"gpus\": 8,\n\"type\": \"T4\", \"Type\": \"K80\"}]}")
	f.Fuzz(func(t *testing.T, in string) {
		c, err := Parse("fuzz", []byte(in))
		if err != nil {
			if !errPattern.MatchString(err.Error()) {
				t.Fatalf("input %q: got error %q, want it located", in, err)
			}
			return
		}
		if c.Cluster.NumGPUs() == 0 {
			t.Fatalf("input %q: accepted a cluster without GPUs", in)
		}
		if _, err := core.ParseCluster(c.Cluster.String()); err != nil {
			t.Fatalf("input %q: spec %q does not parse back: %v", in, c.Cluster.String(), err)
		}
	})
}
