package sim

import (
	"fmt"
	"slices"

	"schedlab/core"
)

// BusyLog is what a lean run (Config.Lean) keeps instead of its allocation intervals for
// gpu_util: the GPU-milliseconds held since the start of the run, in total and per GPU type,
// sampled at every instant where a measured job arrives and at the last one where a measured job
// finished. Those are the only instants the summary's makespan window can start or end at (the
// first measured arrival, the last measured end), so the busy time in the window is a difference
// of two samples, in exact integer arithmetic: the same number metrics.BusyGPUTime computes from
// the intervals of a full run. (Only the last end is kept: a sample per measured end doubled the
// log, and its growth by append was a fifth of a million-job run's allocation.)
type BusyLog struct {
	T     []core.Time // the measured arrivals' instants, strictly increasing
	Types int         // GPU types, in core.Cluster.Types() order
	// Held has Types values per sample: the GPU-ms each type's GPUs were held in [run start, T[i]],
	// a GPU shared by several jobs counted once.
	Held []core.Time
	// EndT is the last instant at which a measured job finished (-1 none yet), EndHeld its Types
	// values.
	EndT    core.Time
	EndHeld []core.Time
}

// Between is the GPU-ms held in [from, to], in total and per GPU type. from and to must be
// sampled instants (a measured job's arrival, or the last measured end); any other is an engine
// bug and panics.
func (b *BusyLog) Between(from, to core.Time) (core.Time, []core.Time) {
	a, b2 := b.at(from), b.at(to)
	byType := make([]core.Time, b.Types)
	var total core.Time
	for k := range byType {
		byType[k] = b2[k] - a[k]
		total += byType[k]
	}
	return total, byType
}

// at is the sample at t, Types values.
func (b *BusyLog) at(t core.Time) []core.Time {
	if t == b.EndT {
		return b.EndHeld
	}
	i, ok := slices.BinarySearch(b.T, t)
	if !ok {
		panic(fmt.Sprintf("sim: a lean run's busy log has no sample at %d ms (only measured arrivals and the last measured end are sampled)", t))
	}
	return b.Held[i*b.Types : (i+1)*b.Types]
}

// busyAcc integrates the GPUs held per type between instants for a lean run.
type busyAcc struct {
	on     []int       // GPUs held now, per type
	held   []core.Time // GPU-ms held since the start, per type
	server []int       // server → type index
	log    BusyLog
}

func (s *Sim) initBusy() {
	types := s.cl.Types()
	b := &s.busy
	b.on, b.held = make([]int, len(types)), make([]core.Time, len(types))
	b.server = make([]int, len(s.cl.Servers))
	for i, sv := range s.cl.Servers {
		b.server[i] = slices.Index(types, sv.Type)
	}
	// One sample per measured arrival at most: sized once, the log is never copied as it grows.
	b.log = BusyLog{Types: len(types), T: make([]core.Time, 0, s.windowLeft),
		Held: make([]core.Time, 0, s.windowLeft*len(types)), EndT: -1, EndHeld: make([]core.Time, len(types))}
}

// accrue adds the GPU time held from the current instant to the next one at t (the state at the
// end of an instant holds until the next).
func (s *Sim) accrue(t core.Time) {
	d := t - s.now
	if d <= 0 {
		return
	}
	for k, n := range s.busy.on {
		s.busy.held[k] += core.Time(n) * d
	}
}

// markArrival samples the held GPU time at a measured job's arrival (once per instant).
func (s *Sim) markArrival() {
	l := &s.busy.log
	if n := len(l.T); n > 0 && l.T[n-1] == s.now {
		return
	}
	l.T = append(l.T, s.now)
	l.Held = append(l.Held, s.busy.held...)
}

// markEnd samples the held GPU time at a measured job's end, in place of the last end's sample.
func (s *Sim) markEnd() {
	l := &s.busy.log
	l.EndT = s.now
	copy(l.EndHeld, s.busy.held)
}
