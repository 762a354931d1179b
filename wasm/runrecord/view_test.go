package runrecord

import (
	"cmp"
	"math/rand/v2"
	"reflect"
	"slices"
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
			run, _ := newRun(t, tc.spec, tc.policy)
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
			for n := 0; n < len(b); n += 1 + n/64 { // every short cut, then fewer
				if back.UnmarshalBinary(b[:n]) == nil {
					t.Fatalf("a view cut to %d of %d bytes decoded", n, len(b))
				}
			}
		})
	}
}

// TestSortTimes: the radix sort gives slices.Sort's order, for small and large times, a time
// past 2⁴⁸ (four passes) and, with a negative time, through the comparison sort.
func TestSortTimes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		n   int
		top int64
		neg bool
	}{{10, 100, false}, {5000, 1 << 12, false}, {5000, 1 << 40, false}, {3000, 1 << 62, false}, {3000, 1 << 30, true}} {
		v := make([]int64, tc.n)
		for i := range v {
			v[i] = rng.Int64N(tc.top)
			if tc.neg && i%7 == 0 {
				v[i] = -v[i]
			}
		}
		want := slices.Clone(v)
		slices.Sort(want)
		sortTimes(v)
		if !slices.Equal(v, want) {
			t.Errorf("%d times below %d (negative: %v): not in order", tc.n, tc.top, tc.neg)
		}
	}
}

// TestMergedSpans: the one-pass merge gives what sorting every GPU's spans by start and merging
// them gives, on a run's record with preemptions, in windows, and with its intervals shuffled.
func TestMergedSpans(t *testing.T) {
	spec := scenario.Spec{Generate: "philly:jobs=400,rate=60", Cluster: "2x8", Seed: 4, Policies: []string{"las"}}
	run, _ := newRun(t, spec, "las")
	rec := run.record()
	shuffled := *rec
	shuffled.Intervals = slices.Clone(rec.Intervals)
	rand.New(rand.NewPCG(3, 4)).Shuffle(len(shuffled.Intervals), func(i, j int) {
		shuffled.Intervals[i], shuffled.Intervals[j] = shuffled.Intervals[j], shuffled.Intervals[i]
	})
	for _, w := range [][2]int64{{0, 0}, {rec.End / 3, rec.End / 2}, {rec.End / 2, rec.End/2 + rec.End/8}} {
		want := naiveSpans(rec, w[0], w[1])
		if len(want.GPU) < 20 {
			t.Fatalf("window %v: %d spans, want a window with more", w, len(want.GPU))
		}
		for _, r := range []*Record{rec, &shuffled} {
			if got := r.MergedSpans(w[0], w[1]); !reflect.DeepEqual(got, want) {
				t.Errorf("window %v: got %d spans, want %d:\n got %v\nwant %v", w, len(got.GPU), len(want.GPU), got, want)
			}
		}
	}
}

// naiveSpans is MergedSpans by sorting every GPU's spans.
func naiveSpans(rec *Record, from, to int64) Spans {
	if to <= from {
		from, to = 0, max(rec.End, 1)
	}
	var all []span
	for _, iv := range rec.Intervals {
		if iv.To >= from && iv.From <= to {
			for _, g := range iv.GPUs {
				all = append(all, span{g, iv.From, iv.To})
			}
		}
	}
	slices.SortFunc(all, func(a, b span) int { return cmp.Or(cmp.Compare(a.gpu, b.gpu), cmp.Compare(a.f, b.f)) })
	gap := (to - from) / 200
	var out Spans
	for i := 0; i < len(all); {
		cur := all[i]
		for i++; i < len(all) && all[i].gpu == cur.gpu && all[i].f <= cur.t+gap; i++ {
			cur.t = max(cur.t, all[i].t)
		}
		out.GPU, out.From, out.To = append(out.GPU, cur.gpu), append(out.From, cur.f), append(out.To, cur.t)
	}
	return out
}
