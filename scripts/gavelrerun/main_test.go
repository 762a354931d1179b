package main

import (
	"os"
	"strings"
	"testing"
)

// output is the shape of the simulator's output that the parsers read.
const output = "scheduler:INFO [0] Running scheduler in simulation\n" +
	"scheduler:INFO [0.0] [Micro-task scheduled]\tJob ID: 22\tWorker type: v100\tWorker ID(s): 16\tPriority: 15.93\tDeficit: 0.00\tAllocation:  [ k80 0.00] [p100 0.00] [v100 0.44]\n" +
	"scheduler:INFO [0.0] [Micro-task scheduled]\tJob ID: 105\tWorker type: k80\tWorker ID(s): 0,1\tPriority: 0.00\tDeficit: 0.00\tAllocation:  [ k80 0.00] [p100 0.00] [v100 0.21]\n" +
	"scheduler:INFO [359.99] [Micro-task scheduled]\tJob ID: 23\tWorker type: v100\tWorker ID(s): 16\tPriority: 15.93\tDeficit: 0.00\tAllocation:  [ k80 0.00] [p100 0.00] [v100 0.44]\n" +
	"scheduler:INFO [0.0] [Allocation computed] 0.0 3,k80=2.7603346909434805e-10,v100=0.4412590133840538 17\n" +
	"Job completion times:\nJob 0: 83299.709\nJob 1: 27443.177\n" +
	"Average job completion time: 55371.443 seconds (15.38 hours)\n"

func TestParse(t *testing.T) {
	jobs, mean, err := parseJCTs(output)
	if err != nil {
		t.Fatal(err)
	}
	if got := jctCSV(jobs); got != "job,jct_s\n0,83299.709\n1,27443.177\n" || mean != "55371.443" {
		t.Errorf("got %q, mean %q", got, mean)
	}
	if n := sameJCTs("job,jct_s\n0,83299.709\n1,27443.178\n", jobs); n != 1 {
		t.Errorf("got %d same JCTs, want 1", n)
	}
	t0, err := parseFirstRound(output)
	if err != nil || t0 != "job,type,k80,p100,v100\n22,v100,0.00,0.00,0.44\n105,k80,0.00,0.00,0.21\n" {
		t.Errorf("got %q, %v", t0, err)
	}
	rounds, err := parseRounds(output)
	if err != nil || rounds != "start_s,jobs\n0.0,22:v100 105:k80\n359.99,23:v100\n" {
		t.Errorf("got %q, %v", rounds, err)
	}
	allocs, err := parseAllocations(output)
	if err != nil || allocs != "time_s,job,k80,p100,v100\n0.0,3,2.7603346909434805e-10,0,0.4412590133840538\n0.0,17,0,0,0\n" {
		t.Errorf("got %q, %v", allocs, err)
	}
	if _, err := parseAllocations("scheduler:INFO [0.0] [Allocation computed] 0.0 3,a100=0.5\n"); err == nil || !strings.Contains(err.Error(), "a100=0.5") {
		t.Errorf("got %v, want an error naming the entry", err)
	}
	if _, _, err := parseJCTs("Traceback (most recent call last):\nModuleNotFoundError: x\n"); err == nil || !strings.Contains(err.Error(), "ModuleNotFoundError") {
		t.Errorf("got %v, want the output's last lines", err)
	}
}

// TestEditsDocumented checks that the recorded runs' README shows both copies' changes as
// scripts/gavelrerun makes them.
func TestEditsDocumented(t *testing.T) {
	readme, err := os.ReadFile("../../policies/similarity/testdata/gavel-rerun/README.md")
	if err != nil {
		t.Fatal(err)
	}
	added := strings.TrimSpace(strings.TrimPrefix(loggedEdit[1], loggedEdit[0]))
	for _, line := range []string{added, strings.TrimSuffix(strings.TrimPrefix(rounded6Edit[1], "return super().unflatten("), ", index)")} {
		if !strings.Contains(string(readme), line) {
			t.Errorf("the README does not show %q", line)
		}
	}
}
