package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"schedlab/policies/baselines"
)

// runSim is a run_sim.py with the fixed lines where the commit has them and filler elsewhere.
func runSim(t *testing.T, at func(line int) string) string {
	t.Helper()
	lines := make([]string, 1300)
	for i := range lines {
		lines[i] = "    pass"
	}
	for _, f := range baselines.TiresiasFixes {
		lines[f.Line-1] = at(f.Line)
	}
	return strings.Join(lines, "\n")
}

func TestApplyFixes(t *testing.T) {
	old := map[int]string{}
	for _, f := range baselines.TiresiasFixes {
		old[f.Line] = "            " + f.Old
	}
	got, err := applyFixes(runSim(t, func(l int) string { return old[l] }))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(got, "\n")
	for _, f := range baselines.TiresiasFixes {
		if lines[f.Line-1] != "            "+f.New {
			t.Errorf("line %d = %q, want the fix %q indented as before", f.Line, lines[f.Line-1], f.New)
		}
	}
	if _, err := applyFixes(runSim(t, func(int) string { return "    pass" })); err == nil {
		t.Error("a run_sim.py without the lines to fix was accepted")
	}
}

func TestSetThresholds(t *testing.T) {
	src := "        self.num_queue = 3\n        " + queueLimit + "\n"
	got, err := setThresholds([2]int{1000, 2000})(src)
	if err != nil || !strings.Contains(got, "self.queue_limit = [1000, 2000, 18000]\n") {
		t.Errorf("got %q, %v", got, err)
	}
	if _, err := setThresholds([2]int{1, 2})("self.queue_limit = [3600]\n"); err == nil {
		t.Error("a jobs.py without the commit's queue_limit line was accepted")
	}
}

func TestReadEnds(t *testing.T) {
	dir := t.TempDir()
	write := func(s string) string {
		p := filepath.Join(dir, "job.csv")
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	head := "time,job_id,num_gpu,submit_time,start_time,end_time\n"
	got, err := readEnds(write(head + "180,1,2,53,53,180\n164,0,1,0,0,164\n"))
	if err != nil || len(got) != 2 || got[0] != 164 || got[1] != 180 {
		t.Errorf("got %v, %v; want [164 180]", got, err)
	}
	for name, body := range map[string]string{
		"repeated id": "164,0,1,0,0,164\n165,0,1,0,0,165\n",
		"id too big":  "164,0,1,0,0,164\n180,2,2,53,53,180\n",
		"not whole":   "164,0,1,0,0,164.5\n180,1,2,53,53,180\n",
	} {
		if _, err := readEnds(write(head + body)); err == nil || !strings.Contains(err.Error(), "job.csv:") {
			t.Errorf("%s: got %v, want an error naming the file and line", name, err)
		}
	}
}
