package main

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// TestExplain: -explain prints each named job's timeline after the table (and as JSON Lines with
// -json), the table is followed by the wait-by-reason line, and an id that names no job of the
// workload is refused with its name and status 2 before any run.
func TestExplain(t *testing.T) {
	bin := buildRunner(t)
	args := []string{"-trace", "../../testdata/trace_small.csv", "-cluster", "2x4", "-policy", "fifo"}
	out, err := exec.Command(bin, append(args, "-explain", "d")...).Output()
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	for _, want := range []string{"wait by reason (share of all waiting):\n  fifo: ", "\njob d under fifo (", " submitted, needs "} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	out, err = exec.Command(bin, append(args, "-explain", "d", "-json")...).Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	var tl struct {
		Policy, Job string
		Timeline    []struct{ Event string }
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &tl); err != nil || tl.Job != "d" || tl.Policy != "fifo" || tl.Timeline[0].Event != "submitted" {
		t.Errorf("last JSON line %q: %v, want d's timeline under fifo", lines[len(lines)-1], err)
	}
	msg, code := runBin(t, bin, append(args, "-explain", "d,nope")...)
	if code != 2 || !strings.Contains(msg, `-explain: no job "nope" in the workload`) {
		t.Errorf("unknown job: exit %d, %q; want 2 and the id named", code, msg)
	}
}
