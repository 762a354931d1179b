package export

import (
	"bytes"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
)

// TestWriteJobsCSVNormTput: the norm_tput column appears only when a run shares GPUs, holds
// Effective ÷ Held for that run's jobs, and stays empty for non-sharing runs and unstarted jobs.
func TestWriteJobsCSVNormTput(t *testing.T) {
	jobs := []core.Job{{ID: "a", GPUs: 1}, {ID: "b", GPUs: 1}}
	result := func(sharing bool) *sim.Result {
		return &sim.Result{Sharing: sharing, Jobs: []sim.JobRecord{
			{Job: &jobs[0], Status: sim.Done, FirstStart: 0, End: 4000, Held: 4000, Effective: 2500},
			{Job: &jobs[1], Status: sim.Rejected, FirstStart: -1, End: -1},
		}}
	}
	tests := []struct {
		name string
		runs []Run
		want string
	}{
		{"no sharing", []Run{{"fifo", result(false)}},
			"policy,job_id,submit_s,first_start_s,end_s,gpus,gpu_type,preemptions,queue_s,status,wait_s,wait_capacity_s,wait_shape_s,wait_order_s,wait_held_s,wait_script_s\n" +
				"fifo,a,0,0,4,1,,0,0,done,0,0,0,0,0,0\nfifo,b,0,,,1,,0,,rejected,,,,,,\n"},
		{"sharing", []Run{{"pack", result(true)}},
			"policy,job_id,submit_s,first_start_s,end_s,gpus,gpu_type,preemptions,queue_s,status,wait_s,wait_capacity_s,wait_shape_s,wait_order_s,wait_held_s,wait_script_s,norm_tput\n" +
				"pack,a,0,0,4,1,,0,0,done,0,0,0,0,0,0,0.625000\npack,b,0,,,1,,0,,rejected,,,,,,,\n"},
		{"mixed", []Run{{"fifo", result(false)}, {"pack", result(true)}},
			"policy,job_id,submit_s,first_start_s,end_s,gpus,gpu_type,preemptions,queue_s,status,wait_s,wait_capacity_s,wait_shape_s,wait_order_s,wait_held_s,wait_script_s,norm_tput\n" +
				"fifo,a,0,0,4,1,,0,0,done,0,0,0,0,0,0,\nfifo,b,0,,,1,,0,,rejected,,,,,,,\n" +
				"pack,a,0,0,4,1,,0,0,done,0,0,0,0,0,0,0.625000\npack,b,0,,,1,,0,,rejected,,,,,,,\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteJobsCSV(&buf, tc.runs); err != nil {
				t.Fatal(err)
			}
			if got := buf.String(); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
	if strings.Join(JobsHeader, ",") != "policy,job_id,submit_s,first_start_s,end_s,gpus,gpu_type,preemptions,queue_s,status,wait_s,wait_capacity_s,wait_shape_s,wait_order_s,wait_held_s,wait_script_s" {
		t.Errorf("got JobsHeader %v, want the contract header unchanged", JobsHeader)
	}
}
