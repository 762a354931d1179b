package trace

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/shareddata"
)

// TestRealFormats imports the shared data files of every format beyond Philly and checks a
// row read by hand, the detected format and the native round trip.
func TestRealFormats(t *testing.T) {
	tests := []struct {
		path, format string
		count        int
		heavy        bool
		check        func(t *testing.T, jobs []core.Job, warns []string)
	}{
		{path: "gavel/traces/msr/seed=0/0e4a51.trace", format: "gavel", count: 0,
			check: func(t *testing.T, jobs []core.Job, _ []string) {
				// Transformer (batch size 128) <cmd> -step 1 95121 0.000000 1
				want := core.Job{ID: "L1", Line: 1, GPUs: 1, Iterations: 95121, Model: "transformer-bs128"}
				if !jobsEqual(jobs[0], want) {
					t.Errorf("first job: got %+v, want %+v", jobs[0], want)
				}
			}},
		{path: "gavel/traces/physical_cluster/small_test.trace", format: "gavel",
			check: func(t *testing.T, jobs []core.Job, _ []string) {
				// Transformer (batch size 128) ... -step 1 346 2 1 -1.000000 0
				want := core.Job{ID: "L1", Line: 1, GPUs: 2, Iterations: 346, Model: "transformer-bs128"}
				if !jobsEqual(jobs[0], want) {
					t.Errorf("first job: got %+v, want %+v", jobs[0], want)
				}
			}},
		{path: "shockwave/traces/reproduce/120_0.2_5_100_40_25_0,0.5,0.5_0.6,0.3,0.09,0.01_multigpu_dynamic.trace", format: "gavel", count: 120,
			check: func(t *testing.T, jobs []core.Job, warns []string) {
				// LM (batch size 10) ... --steps 1 134583 1 gns 1 -1.000000 1418 0
				want := core.Job{ID: "L1", Line: 1, GPUs: 1, Iterations: 134583, Model: "lm-bs10"}
				if !jobsEqual(jobs[0], want) {
					t.Errorf("first job: got %+v, want %+v", jobs[0], want)
				}
				if len(warns) == 0 || !strings.Contains(warns[0], "duration column ignored") {
					t.Errorf("warnings: got %q, want the duration warning first", warns)
				}
			}},
		{path: "tiresias/60_job.csv", format: "tiresias", count: 60,
			check: func(t *testing.T, jobs []core.Job, _ []string) {
				// 0,1,0,606,vgg19,164,30
				want := core.Job{ID: "0", Line: 2, GPUs: 1, Duration: 164 * core.Second, Iterations: 606, Model: "vgg19"}
				if !jobsEqual(jobs[0], want) {
					t.Errorf("first job: got %+v, want %+v", jobs[0], want)
				}
			}},
		{path: "tiresias/tf_job.csv", format: "tiresias", count: 2,
			check: func(t *testing.T, jobs []core.Job, warns []string) {
				// 10,12,11,14,20,400,0,vgg19,1 (twice: a duplicate id)
				want := core.Job{ID: "10", Line: 2, GPUs: 12, Submit: 11 * core.Second, Duration: 20 * core.Second, Model: "vgg19"}
				if !jobsEqual(jobs[0], want) {
					t.Errorf("first job: got %+v, want %+v", jobs[0], want)
				}
				if !strings.Contains(strings.Join(warns, "\n"), `id: "10" duplicates line 2`) {
					t.Errorf("warnings: got %q, want the duplicate id", warns)
				}
			}},
		{path: "pollux/workloads/workload-1.csv", format: "pollux", count: 160,
			check: func(t *testing.T, jobs []core.Job, _ []string) {
				// cifar10-0,107,cifar10,6,2048 → 0.5 GPU·h / 6 = 300 s
				want := core.Job{ID: "cifar10-0", Line: 2, Submit: 107 * core.Second, GPUs: 6, Duration: 300 * core.Second, Model: "cifar10"}
				if !jobsEqual(jobs[0], want) {
					t.Errorf("first job: got %+v, want %+v", jobs[0], want)
				}
			}},
		{path: "muri/simulator/trace-data/trace1.csv", format: "muri", count: 1494,
			check: func(t *testing.T, jobs []core.Job, _ []string) {
				// 0,1,0,5853661,dqn,128,2868294000,46122000,490,446,8,0,1
				want := core.Job{ID: "0", Line: 2, GPUs: 1, Iterations: 5853661, Model: "dqn", BatchSize: 128,
					IterTime: 0.49, ResourceTimes: [3]float64{0.446, 0.008, 0}}
				if !jobsEqual(jobs[0], want) {
					t.Errorf("first job: got %+v, want %+v", jobs[0], want)
				}
			}},
		{path: "muri/cluster_exp/trace-data/cluster_trace.csv", format: "muri", count: 400},
		{path: "alibaba-openb-v2023/csv/openb_pod_list_default.csv", format: "alibaba-openb", count: 6203, heavy: true,
			check: func(t *testing.T, jobs []core.Job, warns []string) {
				// openb-pod-0001,6000,12288,1,460,,LS,Running,427061,12902960,427061
				want := core.Job{ID: "openb-pod-0001", Line: 3, Submit: 427061 * core.Second, GPUs: 1,
					Duration: (12902960 - 427061) * core.Second, CPU: 6, MemGB: 12}
				if !jobsEqual(jobs[1], want) {
					t.Errorf("second job: got %+v, want %+v", jobs[1], want)
				}
				all := strings.Join(warns, "\n")
				for _, w := range []string{"897 rows", "Pending pods rejected", "fractional-GPU pods"} {
					if !strings.Contains(all, w) {
						t.Errorf("warnings: got %q, want one containing %q", warns, w)
					}
				}
			}},
	}
	for _, tt := range tests {
		t.Run(strings.ReplaceAll(tt.path, "/", "_"), func(t *testing.T) {
			if tt.heavy && runtime.GOOS == "js" {
				t.Skip("large file: reading it under wasm is slow; covered natively")
			}
			path := shareddata.File(t, tt.path)
			jobs, warns := readFile(t, path, "")
			if tt.count > 0 && len(jobs) != tt.count {
				t.Errorf("jobs: got %d, want %d", len(jobs), tt.count)
			}
			imp, err := Detect(tt.path, firstLineOf(t, path))
			if err != nil || imp.Name() != tt.format {
				t.Errorf("detected format: got %v (%v), want %s", imp, err, tt.format)
			}
			if tt.check != nil {
				tt.check(t, jobs, warns)
			}
			checkRoundTrip(t, jobs)
		})
	}
}

// TestRealFormatsAll imports every shared file of each new format (natively: the whole set is
// a few MB) and checks that the multigpu pod lists are refused.
func TestRealFormatsAll(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("many files: reading them under wasm is slow; covered natively and by TestRealFormats")
	}
	root := shareddata.File(t, "")
	globs := map[string]string{
		"gavel/traces/msr/seed=*/*.trace":                   "gavel",
		"gavel/traces/physical_cluster/*.trace":             "gavel",
		"shockwave/traces/reproduce/*.trace":                "gavel",
		"muri/*/trace-data/*.csv":                           "muri",
		"pollux/workloads*/*.csv":                           "pollux",
		"tiresias/*_job.csv":                                "tiresias",
		"alibaba-openb-v2023/csv/openb_pod_list_[cdg]*.csv": "alibaba-openb",
	}
	keys := make([]string, 0, len(globs))
	for k := range globs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, g := range keys {
		files, _ := filepath.Glob(filepath.Join(root, g))
		if len(files) == 0 {
			t.Errorf("%s: no files", g)
		}
		for _, f := range files {
			jobs, _ := readFile(t, f, "")
			if imp, err := Detect(f, firstLineOf(t, f)); err != nil || imp.Name() != globs[g] {
				t.Errorf("%s: detected %v (%v), want %s", f, imp, err, globs[g])
			}
			if len(jobs) == 0 {
				t.Errorf("%s: no jobs", f)
			}
		}
	}
	for _, f := range []string{"openb_pod_list_multigpu20.csv", "openb_node_list_all_node.csv"} {
		path := filepath.Join(root, "alibaba-openb-v2023/csv", f)
		fh, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = Read(f, fh, "", nil)
		fh.Close()
		if err == nil || !errPattern.MatchString(err.Error()) {
			t.Errorf("%s: got error %v, want a located refusal", f, err)
		}
	}
}
