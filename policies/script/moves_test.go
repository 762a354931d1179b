package script

import (
	"testing"

	"schedlab/core"
	"schedlab/core/gen"
	"schedlab/core/sim"
)

// srsfFalls is srsf.star with "falls": the same keys, each asked of the script at every full
// computation.
const srsfFalls = `
preempt = True
def priority(job, s):
    key = job.remaining_ms * job.gpus
    if job.status != "running":
        return (key, 1)
    return (key, 0, "falls")
`

// TestMovingKeys: a running key that moves with a field of its job ranks as the script would if
// asked every time, and the script is asked once per start instead. srsf.star against the same
// key with "falls" on one and two GPU types, and continuous LAS (a key of attained_ms, which
// rises) against the same key with no third element.
func TestMovingKeys(t *testing.T) {
	jobs, err := gen.Generate("philly:jobs=400,rate=6", 1, core.BuiltinModels())
	if err != nil {
		t.Fatal(err)
	}
	las := func(third string) []byte {
		return []byte("preempt = True\ndef priority(job, s):\n    if job.status != \"running\":\n        return (job.attained_ms, 1)\n    return (job.attained_ms, 0" + third + ")\n")
	}
	for _, tc := range []struct {
		name, cluster string
		moving, asked []byte
	}{
		{"srsf", "8x8", nil, []byte(srsfFalls)},
		{"srsf on two GPU types", "4x8+4x4:K80", nil, []byte(srsfFalls)},
		{"continuous LAS", "8x8", las(`, ("attained_ms", 1)`), las("")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var mp *Policy
			var got *sim.Result
			if tc.moving == nil {
				mp, got = runExample(t, "examples/srsf.star", "", jobs, tc.cluster)
			} else {
				mp, got = runSource(t, "moving.star", tc.moving, "", jobs, tc.cluster)
			}
			ap, want := runSource(t, "asked.star", tc.asked, "", jobs, tc.cluster)
			starts, stops := 0, 0
			for i, g := range got.Jobs {
				w := want.Jobs[i]
				if g.FirstStart != w.FirstStart || g.End != w.End || g.Preemptions != w.Preemptions || g.GPUType != w.GPUType {
					t.Fatalf("job %d: started %d, ended %d, preempted %d times on %s; asked every time: %d, %d, %d, %s",
						i, g.FirstStart, g.End, g.Preemptions, g.GPUType, w.FirstStart, w.End, w.Preemptions, w.GPUType)
				}
				if g.FirstStart >= 0 {
					starts += 1 + g.Preemptions
				}
				stops += g.Preemptions
			}
			if stops == 0 {
				t.Error("no job was preempted: the workload does not test running keys")
			}
			if most := len(jobs) + stops + starts; mp.calls > most {
				t.Errorf("moving key: %d calls of priority, want at most one per arrival, stop and start (%d)", mp.calls, most)
			}
			if ap.calls <= 2*mp.calls {
				t.Errorf("the script asked every time: %d calls, the moving key %d: the test does not tell them apart", ap.calls, mp.calls)
			}
		})
	}
}
