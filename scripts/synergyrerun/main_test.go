package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"schedlab/policies/synergy"
)

// runnerLines is the part of the commit's runner.py that a configuration sets.
const runnerLines = "class Simulator:\n    def __init__(\n" + windowLine + "\n        #series_id_filter=(25, 50),\n" +
	"def benchmark():\n" + schedulersLine + "\n    scheduler_name = ['FIFO-Fair']\n\n" +
	ratesLine + "\n    #jobs_per_hours = np.arange(0.5, 8.5, 0.5)\n    \n" + splitLine + "\n    #class_split=[(20,70,10), (33,33,33), (50,0,50)]\n"

func TestSetConfiguration(t *testing.T) {
	got, err := setConfiguration(runnerLines, synergy.Rerun{Scheduler: "TETRIS+tune", Rate: "9", Split: "33/33/33"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"\n    schedulers = ['TETRIS+tune']\n",
		"\n    jobs_per_hours = np.arange(9.0, 9.0+1, 1)\n",
		"\n    class_split=[(33,33,33)]\n",
		"\n    #class_split=[(20,70,10), (33,33,33), (50,0,50)]\n", // comments stay
	} {
		if !strings.Contains(got, want) {
			t.Errorf("edited runner.py lacks %q:\n%s", want, got)
		}
	}
}

func TestSetConfigurationStatic(t *testing.T) {
	got, err := setConfiguration(runnerLines, synergy.Rerun{Scheduler: "LAS+tune", Trace: synergy.StaticTrace})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\n    schedulers = ['LAS+tune']\n", "\n        series_id_filter=(0, 100),\n",
		"\n" + ratesLine + "\n", "\n" + splitLine + "\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("edited runner.py lacks %q:\n%s", want, got)
		}
	}
	args := strings.Join(runnerArgs(env{log: "LOG"}, synergy.Rerun{Trace: synergy.StaticTrace}), " ")
	if !strings.Contains(args, "--replay_trace deploy_trace/static_100job_6_3_1100.0 --static") || strings.Contains(args, "LOG") {
		t.Errorf("static args = %s", args)
	}
	if _, err := setConfiguration(strings.Replace(runnerLines, windowLine+"\n", "", 1), synergy.Rerun{Scheduler: "DRF", Trace: synergy.StaticTrace}); err == nil {
		t.Error("a runner.py without the window line was accepted for a static run")
	}
}

func TestSetConfigurationRefusesAnotherRunner(t *testing.T) {
	for name, src := range map[string]string{
		"line missing": strings.Replace(runnerLines, splitLine+"\n", "", 1),
		"line twice":   runnerLines + ratesLine + "\n",
		"line changed": strings.Replace(runnerLines, "FIFO+fair", "LAS+fair", 1),
	} {
		if _, err := setConfiguration(src, synergy.Rerun{Scheduler: "DRF", Rate: "9", Split: "20/70/10"}); err == nil || !strings.Contains(err.Error(), commit) {
			t.Errorf("%s: err = %v, want one naming the commit", name, err)
		}
	}
	if _, err := setConfiguration(runnerLines, synergy.Rerun{Scheduler: "DRF", Rate: "9", Split: "20/80"}); err == nil {
		t.Error("a two-share split was accepted")
	}
}

func TestPrinted(t *testing.T) {
	log := "runner - x - INFO - Mean = 3\nRunning scheduler DRF - ('FIFO-Fair', 9.0, (20, 70, 10))\nMean =  185.44610055555557\n99th =  1031.7479972222222\n99.9th =  1100.5\nTraceback (most recent call last):\n"
	mean, p99, err := printed(log)
	if err != nil || mean != 185.44610055555557 || p99 != 1031.7479972222222 {
		t.Fatalf("printed = %v, %v, %v", mean, p99, err)
	}
	if _, _, err := printed("Running scheduler DRF\nTraceback (most recent call last):\n"); err == nil {
		t.Error("a log without the summary was read")
	}
	if _, _, err := printed("Mean =  nan?\n99th =  1\n"); err == nil {
		t.Error("a Mean that is no number was read")
	}
}

// TestTable checks that equal numbers pass and any difference or failure counts.
func TestTable(t *testing.T) {
	rec := synergy.Reruns()[:3]
	res := []result{
		{mean: rec[0].Mean, p99: rec[0].P99, wall: time.Minute},
		{mean: rec[1].Mean, p99: rec[1].P99 + 1e-12, wall: time.Minute},
		{err: errors.New("no summary")},
	}
	var b bytes.Buffer
	if bad := writeTable(&b, rec, res); bad != 2 {
		t.Errorf("bad = %d, want 2:\n%s", bad, b.String())
	}
	if !strings.Contains(b.String(), "| same |") || !strings.Contains(b.String(), "| DIFFERENT |") || !strings.Contains(b.String(), "| failed |") {
		t.Errorf("table:\n%s", b.String())
	}
}

// TestRecordedConfigurations checks that every recorded configuration can be set and has its own
// run directory.
func TestRecordedConfigurations(t *testing.T) {
	dirs := map[string]string{}
	for _, r := range synergy.Reruns() {
		if _, err := setConfiguration(runnerLines, r); err != nil {
			t.Errorf("%s: %v", configName(r), err)
		}
		if prev, ok := dirs[runDir(r)]; ok {
			t.Errorf("%s and %s share the run directory %s", prev, configName(r), runDir(r))
		}
		dirs[runDir(r)] = configName(r)
	}
}

func TestStandinLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log")
	if err := writeStandinLog(path, 3); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var jobs []map[string]any
	if err := json.Unmarshal(b, &jobs); err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 3 {
		t.Fatalf("%d jobs, want 3", len(jobs))
	}
	att := jobs[2]["attempts"].([]any)[0].(map[string]any)
	if jobs[2]["jobid"] != "job2" || jobs[2]["submitted_time"] != "2017-10-01 00:02:00" ||
		att["start_time"] != "2017-10-01 00:02:00" || att["end_time"] != "2017-10-01 01:02:00" {
		t.Errorf("job 2 = %v", jobs[2])
	}
}

func TestFlags(t *testing.T) {
	for _, args := range [][]string{{"-j", "0"}, {"-only", "("}, {"-only", "^NOSUCH"}, {"extra"}} {
		var stderr bytes.Buffer
		if err := run(args, &bytes.Buffer{}, &stderr); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}
