package asrpt

import (
	"encoding/json"
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
)

// TestEASYHoldsBackAJobThatWouldDelayTheHead: on one 8-GPU server a 6-GPU job runs for an hour,
// an 8-GPU job waits for the whole server, and a 2-GPU job of ten hours arrives behind it. Free
// backfilling starts the 2-GPU job at once and the 8-GPU job waits ten hours; with a reservation
// (EASY) the 2-GPU job, predicted to outlast the reservation, waits, and the 8-GPU job starts when
// the first finishes. A 2-GPU job of half an hour, finishing before the reservation, still starts.
func TestEASYHoldsBackAJobThatWouldDelayTheHead(t *testing.T) {
	c, _ := core.ParseCluster("1x8")
	jobs := func(short bool) []core.Job {
		d := 10 * core.Hour
		if short {
			d = core.Hour / 2
		}
		return []core.Job{
			{ID: "run", GPUs: 6, Duration: core.Hour},
			{ID: "head", Submit: core.Second, GPUs: 8, Duration: core.Hour},
			{ID: "fill", Submit: 2 * core.Second, GPUs: 2, Duration: d},
		}
	}
	start := func(params string, short bool) (head, fill core.Time) {
		var p sim.Policy
		for _, e := range Entries() {
			if e.Name == "srpt-oracle" {
				var err error
				if p, err = e.New(json.RawMessage(params)); err != nil {
					t.Fatal(err)
				}
			}
		}
		s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs(short), Policy: p})
		if err != nil {
			t.Fatal(err)
		}
		r := s.Run()
		return r.Jobs[1].FirstStart, r.Jobs[2].FirstStart
	}
	if head, fill := start(`{}`, false); fill != 2*core.Second || head < 10*core.Hour {
		t.Errorf("free backfilling: head starts at %v, fill at %v; want fill at once and head after it", head, fill)
	}
	if head, fill := start(`{"reserve": true}`, false); head != core.Hour || fill < 2*core.Hour {
		t.Errorf("EASY: head starts at %v, fill at %v; want head at 1 h and fill after it", head, fill)
	}
	if head, fill := start(`{"reserve": true}`, true); head != core.Hour || fill != 2*core.Second {
		t.Errorf("EASY, short fill: head starts at %v, fill at %v; want fill at once, head at 1 h", head, fill)
	}
	for _, e := range Entries() {
		if e.Name == "a-srpt" {
			if _, err := e.New(json.RawMessage(`{"reserve": true, "backfill": false}`)); err == nil {
				t.Error("reserve without backfilling accepted")
			}
		}
	}
}
