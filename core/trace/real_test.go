package trace

import (
	"runtime"
	"testing"

	"schedlab/core"
	"schedlab/core/shareddata"
)

// TestRealFiles imports the shared traces and checks counts and a few fields read by hand.
func TestRealFiles(t *testing.T) {
	tests := []struct {
		name   string
		path   string
		format string // detected format must equal this
		count  int
		heavy  bool // skipped under wasm (file reading is slow there)
		check  func(t *testing.T, jobs []core.Job, warns []string)
	}{
		{name: "philly", path: "pollux/traces/philly.csv", format: "philly", count: 82247, heavy: true,
			check: func(t *testing.T, jobs []core.Job, _ []string) {
				// Line 2: 2017-10-09 07:01:55,66.0,1,66.0,11cb48. The earliest row is from 4 September 2017 ...
				j := jobs[0]
				want := core.Job{ID: "L2", Line: 2, Submit: j.Submit, GPUs: 1, Duration: 66 * core.Second, User: "11cb48"}
				if !jobsEqual(j, want) {
					t.Errorf("first job: got %+v, want %+v", j, want)
				}
				min := core.MaxTime
				for _, j := range jobs {
					min = minTime(min, j.Submit)
				}
				if min != 0 {
					t.Errorf("earliest submit: got %v, want 0", min)
				}
			}},
		{name: "philly-vc-day", path: "demo/philly_vc11cb48_day_2017-10-09.csv", format: "philly", count: 191},
		{name: "itp-raw", path: "demo/itp_cluster04_day05.csv", format: "itp", count: 564,
			check: func(t *testing.T, jobs []core.Job, _ []string) {
				// 496bd174-e6ee-e64f-0bf2-feaad3a9ba8d,432298,24765,8
				want := core.Job{ID: "496bd174-e6ee-e64f-0bf2-feaad3a9ba8d", Line: 2, Submit: 432298 * core.Second,
					GPUs: 8, Duration: 24765 * core.Second}
				if !jobsEqual(jobs[0], want) {
					t.Errorf("first job: got %+v, want %+v", jobs[0], want)
				}
			}},
		{name: "itp-models", path: "demo/itp_cluster04_day05_with_models.csv", format: "itp", count: 564,
			check: func(t *testing.T, jobs []core.Job, warns []string) {
				// ...,432298,409467,resnet50,444855,128,8,24765
				want := core.Job{ID: "496bd174-e6ee-e64f-0bf2-feaad3a9ba8d", Line: 2, Submit: 432298 * core.Second,
					GPUs: 8, Duration: 24765 * core.Second, Iterations: 409467, Model: "resnet50", BatchSize: 128}
				if !jobsEqual(jobs[0], want) {
					t.Errorf("first job: got %+v, want %+v", jobs[0], want)
				}
				if len(warns) == 0 {
					t.Errorf("got no warnings, want the deadline and unknown-model warnings")
				}
			}},
		{name: "synergy-static", path: "synergy/static_100job_6_3_1100.0", format: "synergy", count: 100,
			check: func(t *testing.T, jobs []core.Job, _ []string) {
				// 3,res18,0.003,30857,1
				want := core.Job{ID: "3", Line: 4, Submit: 3, GPUs: 1, Iterations: 30857, Model: "resnet18"}
				if !jobsEqual(jobs[3], want) {
					t.Errorf("job 3: got %+v, want %+v", jobs[3], want)
				}
			}},
		{name: "synergy-test", path: "synergy/test_trace", format: "synergy", count: 8},
		{name: "synergy-dynamic", path: "synergy/dynamic_srtf.log", format: "synergy", count: 100},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.heavy && runtime.GOOS == "js" {
				t.Skip("large file: reading it under wasm is slow; covered natively")
			}
			path := shareddata.File(t, tt.path)
			jobs, warns := readFile(t, path, "")
			if got := len(jobs); got != tt.count {
				t.Errorf("jobs: got %d, want %d", got, tt.count)
			}
			imp, err := Detect(tt.name, firstLineOf(t, path))
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

func minTime(a, b core.Time) core.Time {
	if a < b {
		return a
	}
	return b
}
