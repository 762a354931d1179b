package runrecord

import (
	"reflect"
	"testing"

	"schedlab/policies/scenario"
)

// TestRunViewIsItsRecordsView: the view a worker builds from a run in place (Run.View) is the
// view the page builds from the run's record after the binary round trip (Record.View), and the
// view itself survives its own binary form; a run above MaxDetail intervals has merged spans
// covering every GPU it used, a small one none; A-SRPT's axis reaches its drained virtual queue.
func TestRunViewIsItsRecordsView(t *testing.T) {
	tests := []struct {
		policy string
		spec   scenario.Spec
		merged bool
	}{
		{"fifo", scenario.Spec{Generate: "philly:jobs=6000,rate=400", Cluster: "4x8", Seed: 1}, true},
		{"las", scenario.Spec{Generate: "philly:jobs=60,rate=30", Cluster: "2x8", Seed: 2}, false},
		{"a-srpt", scenario.Spec{Generate: "recurring:jobs=20,rate=4", Cluster: "4x8", CheckpointCost: 60, Seed: 1}, false},
	}
	for _, tc := range tests {
		t.Run(tc.policy, func(t *testing.T) {
			tc.spec.Policies = []string{tc.policy}
			c, o := runSpec(t, tc.spec, tc.policy)
			run, err := NewRun(tc.spec, c, o)
			if err != nil {
				t.Fatal(err)
			}
			run.Head.ID, run.Head.Name = "r1", "a run"
			got := run.View()
			rec := roundTrip(t, run.record())
			want := rec.View()
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("the run's view differs from its record's:\n got %+v\nwant %+v", got, want)
			}
			if got.Jobs != len(rec.Jobs) || got.Intervals != len(rec.Intervals) || len(got.CDF) == 0 || len(got.Util.T) == 0 {
				t.Errorf("view: %d jobs, %d intervals, %d CDF points, %d series points", got.Jobs, got.Intervals, len(got.CDF), len(got.Util.T))
			}
			if got.Head.Summary == nil || got.Head.Name != "a run" || got.Head.Jobs != nil {
				t.Errorf("view head: %+v", got.Head)
			}
			if (got.Gantt != nil) != tc.merged {
				t.Errorf("merged spans: %v, want %v (%d intervals)", got.Gantt != nil, tc.merged, got.Intervals)
			}
			if got.Gantt != nil {
				used := map[int32]bool{}
				for _, iv := range rec.Intervals {
					for _, g := range iv.GPUs {
						used[g] = true
					}
				}
				rows := map[int32]bool{}
				for _, g := range got.Gantt.GPU {
					rows[g] = true
				}
				if !reflect.DeepEqual(used, rows) || len(got.Gantt.GPU) >= got.Intervals {
					t.Errorf("merged spans: %d on %d GPUs, want fewer than %d intervals on the %d GPUs used", len(got.Gantt.GPU), len(rows), got.Intervals, len(used))
				}
			}
			if got.Virtual != len(rec.Virtual) {
				t.Errorf("view: %d virtual spans, want %d", got.Virtual, len(rec.Virtual))
			}
			if len(rec.Virtual) > 0 && got.End <= rec.End {
				t.Errorf("A-SRPT view ends at %d, the run at %d: want the drained virtual queue's end", got.End, rec.End)
			}
			b, err := got.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var back View
			if err := back.UnmarshalBinary(b); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(&back, got) {
				t.Errorf("view after its binary round trip:\n got %+v\nwant %+v", &back, got)
			}
			for n := range len(b) {
				if back.UnmarshalBinary(b[:n]) == nil {
					t.Fatalf("a view cut to %d of %d bytes decoded", n, len(b))
				}
			}
		})
	}
}
