package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"schedlab/core/shareddata"
)

// TestFormatsRoundTrip runs every trace format through the runner, saves the loaded workload as
// native (-save-trace), runs that file, and wants the same summary.
func TestFormatsRoundTrip(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("the runner reads files natively")
	}
	data := shareddata.Dir(t)
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(wd, "..", "..") // scripts/simulate → the repository
	tests := []struct {
		name string
		args []string
	}{
		{"gavel", []string{"-trace", filepath.Join(data, "gavel/traces/physical_cluster/small_test.trace"), "-cluster", "2x4:K80+2x4:P100+2x4:V100"}},
		{"shockwave", []string{"-trace", filepath.Join(data, "shockwave/traces/reproduce/120_0.2_5_100_40_25_0,0.5,0.5_0.6,0.3,0.09,0.01_multigpu_dynamic.trace")}},
		{"tiresias", []string{"-trace", filepath.Join(data, "tiresias/60_job.csv"), "-cluster", "@" + filepath.Join(data, "tiresias/n32g4.csv")}},
		{"muri", []string{"-trace", filepath.Join(data, "muri/cluster_exp/trace-data/cluster_trace.csv"), "-cluster", "@" + filepath.Join(data, "muri/simulator/cluster_spec/n8g8.csv")}},
		{"pollux", []string{"-trace", filepath.Join(data, "pollux/workloads/workload-1.csv")}},
		{"alibaba-openb", []string{"-trace", filepath.Join(data, "alibaba-openb-v2023/csv/openb_pod_list_gpuspec05.csv"),
			"-cluster", "@" + filepath.Join(data, "alibaba-openb-v2023/csv/openb_node_list_gpu_node.csv")}},
		{"helios synthetic", []string{"-trace", filepath.Join(root, "testdata/trace_helios_synthetic.csv")}},
		{"acme synthetic", []string{"-trace", filepath.Join(root, "testdata/trace_acme_kalos_synthetic.csv"), "-cluster", "8x8,cpu=128,mem=1000"}},
		{"alibaba-pai synthetic", []string{"-trace", filepath.Join(root, "testdata/trace_pai_joined_synthetic.csv"),
			"-cluster", "@" + filepath.Join(data, "alibaba-pai-v2020/data/pai_machine_spec.csv")}},
		{"mapped", []string{"-trace", filepath.Join(root, "testdata/trace_mapped.csv"),
			"-columns", "id=job,submit=queued_at:datetime,duration=runtime_ms:ms,gpus=num_gpu,model=app,user=team"}},
		{"synergy ini", []string{"-trace", filepath.Join(data, "synergy/test_trace"), "-cluster", "@" + filepath.Join(data, "synergy/configs/default_cluster.ini")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			saved := filepath.Join(t.TempDir(), "native.csv")
			summary := func(args ...string) map[string]any {
				t.Helper()
				var out, errb bytes.Buffer
				if err := run(append(args, "-json", "-policy", "fifo"), &out, &errb); err != nil {
					t.Fatalf("simulate %s: %v\n%s", strings.Join(args, " "), err, errb.String())
				}
				var m map[string]any
				if err := json.Unmarshal(out.Bytes(), &m); err != nil {
					t.Fatalf("output %q: %v", out.String(), err)
				}
				delete(m, "workload")
				delete(m, "warnings")
				return m
			}
			got := summary(append(tt.args, "-save-trace", saved)...)
			args := []string{"-trace", saved}
			for i := 0; i+1 < len(tt.args); i += 2 {
				if tt.args[i] == "-cluster" {
					args = append(args, "-cluster", tt.args[i+1])
				}
			}
			again := summary(args...)
			a, _ := json.Marshal(got)
			b, _ := json.Marshal(again)
			if !bytes.Equal(a, b) {
				t.Errorf("native re-run: got %s, want %s", b, a)
			}
		})
	}
}
