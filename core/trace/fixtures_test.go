package trace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/shareddata"
)

// fixture reads testdata/NAME at the repository root with format detection (or the given
// importer registry and format).
func fixture(t *testing.T, name string, reg Registry, format string) ([]core.Job, []string) {
	t.Helper()
	path := filepath.Join(shareddata.Root(t), "testdata", name)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	jobs, warns, err := reg.Read(name, f, format, nil)
	if err != nil {
		t.Fatalf("Read(%s): %v", name, err)
	}
	return jobs, warns
}

// TestSyntheticFixtures covers the schema-only formats (helios, acme, alibaba-pai: no job files
// in ../shared/data) with fixtures built from their READMEs' schemas and example rows, and the
// mapped importer.
func TestSyntheticFixtures(t *testing.T) {
	ts := func(s string) core.Time { return mustSeconds(t, s) }
	tests := []struct {
		name, file, format string
		reg                Registry
		want               []core.Job
		warn               []string // substrings expected among the warnings
	}{
		{name: "helios synthetic", file: "trace_helios_synthetic.csv", format: "helios",
			want: []core.Job{
				{ID: "1425511", Line: 2, GPUs: 1, Duration: 36848 * core.Second, CPU: 1, User: "vcJkd"},
				{ID: "1425512", Line: 3, Submit: 26 * core.Second, GPUs: 4, Duration: 249 * core.Second, CPU: 16, User: "vchbv"},
				{ID: "1425513", Line: 4, Submit: 27 * core.Second, GPUs: 1, Duration: 675233 * core.Second, CPU: 1, User: "vcpDC"},
			},
			warn: []string{":5: CPU-only jobs skipped (gpu_num 0): 1 rows", ":6: jobs skipped (duration 0"}},
		{name: "acme seren synthetic", file: "trace_acme_seren_synthetic.csv", format: "acme",
			want: []core.Job{
				{ID: "5778432", Line: 2, GPUs: 8, Duration: 117 * core.Second, CPU: 128, User: "u5907"},
				{ID: "5778469", Line: 3, Submit: ts("336"), GPUs: 8, Duration: 2693 * core.Second, CPU: 128, User: "u5907"},
			}},
		{name: "acme kalos synthetic", file: "trace_acme_kalos_synthetic.csv", format: "acme",
			want: []core.Job{
				{ID: "dlctk696s0jbvitv", Line: 2, GPUs: 64, Duration: 18 * core.Second, CPU: 960, MemGB: 8000, User: "uf794"},
				{ID: "dlc1t2ypl09b8qtp", Line: 3, Submit: ts("1664"), GPUs: 64, Duration: 82 * core.Second, CPU: 960, MemGB: 8000, User: "uf794"},
			}},
		{name: "alibaba-pai task table synthetic", file: "trace_pai_task_synthetic.csv", format: "alibaba-pai",
			want: []core.Job{
				{ID: "4f057009a5d481acec67b088/tensorflow", Line: 1, GPUs: 1, Duration: 38 * core.Second, CPU: 6, MemGB: 29.296875},
				{ID: "af724763f4f5d0beef445849/worker", Line: 2, Submit: ts("342174"), GPUs: 2, Duration: 2553 * core.Second, CPU: 12, MemGB: 58.59375},
			},
			warn: []string{":3: CPU-only tasks skipped", ":4: tasks skipped (no completed run", ":1: fractional-GPU tasks"}},
		{name: "alibaba-pai joined with group tags synthetic", file: "trace_pai_joined_synthetic.csv", format: "alibaba-pai",
			want: []core.Job{
				{ID: "4f057009a5d481acec67b088/tensorflow", Line: 2, GPUs: 1, Duration: 38 * core.Second, CPU: 6, MemGB: 29.296875,
					User: "58540f191766", Recurrence: "fa8d0f6b"},
				{ID: "af724763f4f5d0beef445849/worker", Line: 3, Submit: ts("342174"), GPUs: 2, Duration: 2553 * core.Second, CPU: 12, MemGB: 58.59375,
					User: "58540f191766", Recurrence: "fa8d0f6b", GPUTypes: []core.GPUType{core.V100}},
			}},
		{name: "mapped", file: "trace_mapped.csv", format: "mapped",
			reg: Builtin().WithMapping(mustMapping(t, "id=job,submit=queued_at:datetime,duration=runtime_ms:ms,gpus=num_gpu,model=app,user=team")),
			want: []core.Job{
				{ID: "a", Line: 2, Submit: 60 * core.Second, GPUs: 2, Duration: 60 * core.Second, Model: "resnet50", User: "vision"},
				{ID: "b", Line: 3, Submit: 90 * core.Second, GPUs: 1, Duration: 1500, Model: "bert", User: "nlp"},
				{ID: "c,1", Line: 4, GPUs: 1, Duration: 250, User: "nlp"},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reg := tt.reg
			if reg == nil {
				reg = Builtin()
				if imp, err := Detect(tt.file, firstLineOf(t, filepath.Join(shareddata.Root(t), "testdata", tt.file))); err != nil || imp.Name() != tt.format {
					t.Errorf("detected format: got %v (%v), want %s", imp, err, tt.format)
				}
			}
			jobs, warns := fixture(t, tt.file, reg, tt.format)
			if len(jobs) != len(tt.want) {
				t.Fatalf("jobs: got %d (%+v), want %d", len(jobs), jobs, len(tt.want))
			}
			for i := range jobs {
				if !jobsEqual(jobs[i], tt.want[i]) {
					t.Errorf("job %d: got %+v, want %+v", i, jobs[i], tt.want[i])
				}
			}
			all := strings.Join(warns, "\n")
			for _, w := range tt.warn {
				if !strings.Contains(all, w) {
					t.Errorf("warnings: got %q, want one containing %q", warns, w)
				}
			}
			checkRoundTrip(t, jobs)
		})
	}
}

func mustSeconds(t *testing.T, s string) core.Time {
	t.Helper()
	v, err := seconds(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func mustMapping(t *testing.T, s string) Mapping {
	t.Helper()
	m, err := ParseMapping(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
