package asrpt

import (
	"encoding/json"
	"fmt"
	"runtime"
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
	"schedlab/core/world"
)

// ticked is a policy deciding at every round tick as well as at its own events.
type ticked struct{ *Policy }

func (ticked) Rounds() sim.Rounds { return sim.RoundsToo }

// TestOnTimeEvictions: the preempting members evict at the moment the virtual order changes, not
// at round ticks, so their schedules are the same under the default round (300 s) and under a
// round of 1 s, and the same again when the policy also decides at every 1 s tick: a decision
// between its own (arrivals, completions, the corrections it wakes up for) changes nothing. The
// workloads evict (the test counts the preemptions), so it cannot pass by never preempting; the
// reading with a reservation ({"reserve": true}) is run too.
func TestOnTimeEvictions(t *testing.T) {
	type config struct {
		spec, cluster string
		seed          uint64
	}
	configs := []config{
		{"recurring:jobs=60,rate=4", "4x8", 1},                     // asrpt-smoke
		{"recurring:jobs=40,rate=8,sigma=0.5", "2x8,bw=400/25", 3}, // a small cluster, overloaded: evictions
	}
	switch {
	case raceEnabled || runtime.GOOS == "js":
		configs = configs[:1] // the smoke workload evicts too
	case !testing.Short(): // about 10 s more
		configs = append(configs, config{"recurring:jobs=60,rate=6,sigma=1", "2x8", 2}, config{workloadSpec, "8x8", 1}) // and asrpt-jct
	}
	members := []struct{ name, params string }{
		{"a-srpt-preempt", `{}`}, {"srpt-oracle", `{"preempt": true}`}, {"a-srpt", `{}`},
		{"a-srpt", `{"reserve": true}`}, {"a-srpt-preempt", `{"reserve": true}`},
	}
	run := func(p sim.Policy, c *core.Cluster, jobs []core.Job, round core.Time, seed uint64) *sim.Result {
		s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs, Speed: world.Speed(world.Models()), Policy: p,
			Seed: seed, CheckpointCost: 60 * core.Second, Round: round, FirstRound: -1})
		if err != nil {
			t.Fatal(err)
		}
		return s.Run()
	}
	evicted := map[string]int{}
	for _, cf := range configs {
		c, err := core.ParseCluster(cf.cluster)
		if err != nil {
			t.Fatal(err)
		}
		jobs := workload(t, cf.spec, cf.seed)
		for _, m := range members {
			mk := func() *Policy { return entryPolicy(t, m.name, json.RawMessage(m.params)) }
			name := fmt.Sprintf("%s on %s, %s %s", cf.spec, cf.cluster, m.name, m.params)
			def := run(mk(), c, jobs, 0, cf.seed)
			for _, other := range []struct {
				what string
				r    *sim.Result
			}{
				{"round 1 s", run(mk(), c, jobs, core.Second, cf.seed)},
				{"deciding at every 1 s tick too", run(ticked{mk()}, c, jobs, core.Second, cf.seed)},
			} {
				for i := range def.Jobs {
					x, y := def.Jobs[i], other.r.Jobs[i]
					if x.FirstStart != y.FirstStart || x.End != y.End || x.Preemptions != y.Preemptions {
						t.Fatalf("%s: job %d: %v–%v (%d preemptions) under the default round, %v–%v (%d) %s",
							name, i, x.FirstStart, x.End, x.Preemptions, y.FirstStart, y.End, y.Preemptions, other.what)
					}
				}
			}
			n := 0
			for _, j := range def.Jobs {
				n += j.Preemptions
			}
			evicted[m.name+" "+m.params] += n
			// No job is started and evicted in the same millisecond; count the evicted jobs that
			// restart at once on GPUs left over (a move, which the decision allows).
			moved, end := 0, map[int32]core.Time{}
			for _, iv := range def.Intervals {
				if iv.To <= iv.From {
					t.Fatalf("%s: job %d started and stopped at %v", name, iv.Job, iv.From)
				}
				if e, ok := end[iv.Job]; ok && e == iv.From {
					moved++
				}
				end[iv.Job] = iv.To
			}
			t.Logf("%s: %d jobs, %d evictions (%d restarted in the same millisecond), identical", name, len(def.Jobs), n, moved)
		}
	}
	for _, m := range members[:2] {
		if evicted[m.name+" "+m.params] == 0 {
			t.Errorf("%s %s never evicted: the workloads test nothing", m.name, m.params)
		}
	}
	for _, name := range []string{"a-srpt {}", `a-srpt {"reserve": true}`} {
		if n := evicted[name]; n != 0 {
			t.Errorf("%s evicted %d times; it never preempts", name, n)
		}
	}
}
