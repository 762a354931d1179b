package baselines

import (
	"encoding/json"
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
)

// want is one job's expected outcome in seconds; preempt < 0 skips the preemption check.
type want struct {
	start, end float64
	preempt    int
}

type runOpts struct {
	round, checkpoint core.Time
	seed              uint64
}

func mustRun(t *testing.T, p sim.Policy, spec string, jobs []core.Job, o runOpts) *sim.Result {
	t.Helper()
	c, err := core.ParseCluster(spec)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs, Policy: p, Verify: true, Seed: o.seed,
		Round: o.round, CheckpointCost: o.checkpoint})
	if err != nil {
		t.Fatal(err)
	}
	return s.Run()
}

func mustPolicy(t *testing.T, f func(json.RawMessage) (sim.Policy, error), params string) sim.Policy {
	t.Helper()
	var raw json.RawMessage
	if params != "" {
		raw = json.RawMessage(params)
	}
	p, err := f(raw)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// job makes a duration job: gpus GPUs, submitted at sub seconds, running dur seconds.
func job(id string, gpus int, sub, dur float64) core.Job {
	return core.Job{ID: id, GPUs: gpus, Submit: core.FromSeconds(sub), Duration: core.FromSeconds(dur)}
}

func check(t *testing.T, r *sim.Result, wants map[string]want) {
	t.Helper()
	for _, j := range r.Jobs {
		w, ok := wants[j.Job.ID]
		if !ok {
			continue
		}
		gs, ge := j.FirstStart.Seconds(), j.End.Seconds()
		if j.Status != sim.Done || gs != w.start || ge != w.end {
			t.Errorf("job %s: got %v start %gs end %gs, want done start %gs end %gs", j.Job.ID, j.Status, gs, ge, w.start, w.end)
		}
		if w.preempt >= 0 && j.Preemptions != w.preempt {
			t.Errorf("job %s: got %d preemptions, want %d", j.Job.ID, j.Preemptions, w.preempt)
		}
	}
}

func TestByHand(t *testing.T) {
	// Head-of-line blocking on 1x4: A holds 3 GPUs until 10 s; B (2 GPUs) cannot start before
	// then; C (1 GPU) could, but strict FIFO keeps it behind B.
	hol := []core.Job{job("A", 3, 0, 10), job("B", 2, 1, 5), job("C", 1, 2, 3)}
	// SJF on 1x2: when A ends at 10 s the shortest waiting jobs go first (D, then C and B).
	sjf := []core.Job{job("A", 2, 0, 10), job("B", 1, 1, 8), job("C", 1, 1, 2), job("D", 2, 1, 1)}
	// SJF skips a short job that does not fit (B needs both GPUs while A runs).
	sjfSkip := []core.Job{job("A", 1, 0, 10), job("B", 2, 1, 1), job("C", 1, 2, 5)}
	// SRTF on 1x1: B (3 s) arrives when A has 8 s left and preempts it.
	srtf := []core.Job{job("A", 1, 0, 10), job("B", 1, 2, 3)}
	// A tie in remaining time does not preempt: C has 8 s, exactly A's remaining at 2 s.
	srtfTie := []core.Job{job("A", 1, 0, 10), job("C", 1, 2, 8)}
	// SRTF on 1x4 with gangs: at 1 s B (4 GPUs, 2 s left) is shortest and preempts both A (9 s
	// left) and C (19 s); at 3 s A and C resume and D (30 s, 1 GPU) waits for a free GPU.
	srtfGang := []core.Job{job("A", 2, 0, 10), job("C", 2, 0, 20), job("B", 4, 1, 2), job("D", 1, 1, 30)}
	// SRTF skips a gang that does not fit: at 2 s X (3 GPUs, 5 s) is next after A (2 GPUs, 3 s
	// left) but only 2 GPUs remain, so Y (1 GPU, 10 s) starts; X starts when A ends.
	srtfSkip := []core.Job{job("A", 2, 0, 5), job("X", 3, 2, 5), job("Y", 1, 2, 10)}
	// SRSF weighs time by GPUs: at 1 s B (4 GPUs, 3 s: 12 GPU-s) would preempt A under SRTF (9 s
	// left) but not under SRSF (A has 9 GPU-s left), so B waits until A ends.
	srsf := []core.Job{job("A", 1, 0, 10), job("B", 4, 1, 3)}
	// LAS on 1x1 (one threshold at 50 GPU-s, rounds of 20 s): A is demoted the moment its service
	// reaches 50 GPU-s, at 50 s (a round tick would come at 60 s), and B, waiting in the top queue
	// since 10 s, preempts it.
	las := []core.Job{job("A", 1, 0, 200), job("B", 1, 10, 30)}
	// LAS starvation: threshold 10 GPU-s, rounds of 10 s. Without the guard B, once started,
	// keeps the GPU in the low queue (running first within a queue) until it ends; with
	// starve = 1 each job is promoted after waiting as long as it last ran, so they alternate.
	starve := []core.Job{job("A", 1, 0, 100), job("B", 1, 5, 100)}
	// LAS queue orders on 1x4 (threshold 100 GPU-s, rounds of 1 s): A (2 GPUs) is demoted at 50 s
	// and preempted by B (4 GPUs, waiting in the top queue); B is demoted at 75 s. Running first,
	// B keeps the GPUs ahead of A in the low queue; in Tiresias' order B is appended behind A,
	// which was waiting there, so A resumes and B, which no longer fits, is preempted.
	order := []core.Job{job("A", 2, 0, 2000), job("B", 4, 1, 2000)}

	tests := []struct {
		name   string
		f      func(json.RawMessage) (sim.Policy, error)
		params string
		spec   string
		jobs   []core.Job
		o      runOpts
		want   map[string]want
	}{
		{"fifo blocks", NewFIFO, "", "1x4", hol, runOpts{},
			map[string]want{"A": {0, 10, 0}, "B": {10, 15, 0}, "C": {10, 13, 0}}},
		{"fifo-backfill skips", NewFIFOBackfill, "", "1x4", hol, runOpts{},
			map[string]want{"A": {0, 10, 0}, "B": {10, 15, 0}, "C": {2, 5, 0}}},
		{"fifo order", NewFIFO, "", "1x2", sjf, runOpts{},
			map[string]want{"A": {0, 10, 0}, "B": {10, 18, 0}, "C": {10, 12, 0}, "D": {18, 19, 0}}},
		{"sjf order", NewSJF, "", "1x2", sjf, runOpts{},
			map[string]want{"A": {0, 10, 0}, "D": {10, 11, 0}, "C": {11, 13, 0}, "B": {11, 19, 0}}},
		{"sjf skips", NewSJF, "", "1x2", sjfSkip, runOpts{},
			map[string]want{"A": {0, 10, 0}, "C": {2, 7, 0}, "B": {10, 11, 0}}},
		{"srtf preempts", NewSRTF, "", "1x1", srtf, runOpts{},
			map[string]want{"A": {0, 13, 1}, "B": {2, 5, 0}}},
		{"srtf checkpoint cost", NewSRTF, "", "1x1", srtf, runOpts{checkpoint: core.Second},
			map[string]want{"A": {0, 14, 1}, "B": {2, 5, 0}}},
		{"srtf tie keeps running", NewSRTF, "", "1x1", srtfTie, runOpts{},
			map[string]want{"A": {0, 10, 0}, "C": {10, 18, 0}}},
		{"srtf gang", NewSRTF, "", "1x4", srtfGang, runOpts{},
			map[string]want{"B": {1, 3, 0}, "A": {0, 12, 1}, "C": {0, 22, 1}, "D": {12, 42, 0}}},
		{"srtf skips", NewSRTF, "", "1x4", srtfSkip, runOpts{},
			map[string]want{"A": {0, 5, 0}, "X": {5, 10, 0}, "Y": {2, 12, 0}}},
		{"srsf weighs gpus", NewSRSF, "", "1x4", srsf, runOpts{},
			map[string]want{"A": {0, 10, 0}, "B": {10, 13, 0}}},
		{"srtf for contrast", NewSRTF, "", "1x4", srsf, runOpts{},
			map[string]want{"A": {0, 13, 1}, "B": {1, 4, 0}}},
		{"sjf is not preemptive", NewSJF, "", "1x1", srtf, runOpts{},
			map[string]want{"A": {0, 10, 0}, "B": {10, 13, 0}}},
		{"las demotes", NewLAS, `{"thresholds_gpu_s": [50]}`, "1x1", las, runOpts{round: 20 * core.Second},
			map[string]want{"A": {0, 230, 1}, "B": {50, 80, 0}}}, // demoted at 50 s, not at the 60 s tick
		{"las without starvation guard", NewLAS, `{"thresholds_gpu_s": [10]}`, "1x1", starve, runOpts{round: 10 * core.Second},
			map[string]want{"A": {0, 200, 1}, "B": {10, 110, 0}}},
		{"las running first", NewLAS, `{"thresholds_gpu_s": [100]}`, "1x4", order, runOpts{round: core.Second},
			map[string]want{"A": {0, 4000, 1}, "B": {50, 2050, 0}}},
		{"las tiresias order", NewLAS, `{"thresholds_gpu_s": [100], "queue_order": "tiresias"}`, "1x4", order, runOpts{round: core.Second},
			map[string]want{"A": {0, 2025, 1}, "B": {50, 4000, 1}}},
		{"las starvation guard", NewLAS, `{"thresholds_gpu_s": [10], "starve": 1}`, "1x1", starve, runOpts{round: 10 * core.Second},
			map[string]want{"A": {0, 190, 9}, "B": {10, 200, 9}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := mustRun(t, mustPolicy(t, tc.f, tc.params), tc.spec, tc.jobs, tc.o)
			check(t, r, tc.want)
		})
	}
}
