package policies

import (
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/world"
	"schedlab/policies/scenario"
)

// TestFIFOByHandOnTraces runs fifo through the same path as the runner on small ITP and Philly
// traces whose schedules were worked out by hand.
func TestFIFOByHandOnTraces(t *testing.T) {
	tests := []struct {
		name, trace, cluster string
		wantJCT              map[string]core.Time // job id -> JCT
		wantMean, wantSpan   float64
	}{
		{
			// 1x4: a runs 100-150; b (4 GPUs) waits for a, runs 150-180; c (1 GPU) is blocked behind
			// b although 2 GPUs are free at 120 (head-of-line blocking), runs 180-190.
			name:     "itp",
			trace:    "job_id,submission_time,duration,num_gpu\na,100,50,2\nb,110,30,4\nc,120,10,1\n",
			cluster:  "1x4",
			wantJCT:  map[string]core.Time{"a": 50 * core.Second, "b": 70 * core.Second, "c": 70 * core.Second},
			wantMean: 63.333, wantSpan: 90,
		},
		{
			// Rows out of time order; submits are offsets from the earliest (07:00:00). 1x2: L3 (2 GPUs)
			// runs 0-30, L4 (2 GPUs, at 5 s) 30-40, L2 (1 GPU, at 10 s) 40-60.
			name: "philly",
			trace: "timestamp,duration,num_gpus,gpu_time,cluster\n" +
				"2017-10-09 07:00:10,20.0,1,20.0,vc\n2017-10-09 07:00:00,30.0,2,60.0,vc\n2017-10-09 07:00:05,10.0,2,20.0,vc\n",
			cluster:  "1x2",
			wantJCT:  map[string]core.Time{"L2": 50 * core.Second, "L3": 30 * core.Second, "L4": 35 * core.Second},
			wantMean: 38.333, wantSpan: 60,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			spec := scenario.Spec{Trace: tc.name + ".csv", Cluster: tc.cluster, Policies: []string{"fifo"}, Seed: 1}
			models := world.Models()
			jobs, _, err := Jobs(spec, strings.NewReader(tc.trace), models)
			if err != nil {
				t.Fatal(err)
			}
			c, err := core.ParseCluster(tc.cluster)
			if err != nil {
				t.Fatal(err)
			}
			outs, err := Execute(Builtin(), spec, jobs, c, models)
			if err != nil {
				t.Fatal(err)
			}
			o := outs[0]
			for _, j := range o.Result.Jobs {
				if got := j.End - j.Job.Submit; got != tc.wantJCT[j.Job.ID] {
					t.Errorf("job %s: JCT %v, want %v", j.Job.ID, got, tc.wantJCT[j.Job.ID])
				}
			}
			if s := o.Summary; *s.MeanJCT != tc.wantMean || *s.Makespan != tc.wantSpan || s.Workload != tc.name+".csv" {
				t.Errorf("mean JCT %v makespan %v workload %q; want %v, %v", *s.MeanJCT, *s.Makespan, s.Workload, tc.wantMean, tc.wantSpan)
			}
		})
	}
}
