package synergy

import "fmt"

// replays lets a round skip the first-fit walk for the jobs whose plans repeat the last round's.
//
// A round is a function of the sequence of jobs it considers (Policy.consider, past its free-GPU
// test): it starts from an idle cluster (every lease ends at a tick), and each consider reads only
// the round so far and the job's fixed demand (the GPU ids come after the walk: assign). So while
// a round considers the same jobs in the same order as the last one, each does exactly what it did
// then. A job that the last round placed at the first try (at its ideal demand under TUNE and
// GREEDY, at its proportional share otherwise) gets the same plan again: the same servers, GPU
// counts and shares. Its plan is still in its slot, plans being built in consider order, unless
// TUNE shrank it later in the last round (plan.adjusted). replay applies that plan instead of
// walking the servers for it. A round that one arrival or completion changed repeats its prefix: under FIFO, every job
// that arrived before the one that finished or arrived.
type replays struct {
	log, last []int32 // the jobs considered this round and in the last, in order (^i: not replayable)
	pos       int     // consider calls so far this round while same
	same      bool    // every call so far matched the last round's, both rounds having begun idle
	idle      bool    // the last round began with every GPU free
	tries     int     // place calls in the current consider
	replayed  int     // plans replayed in the run
	off       bool    // consider every job afresh (tests compare the two)
}

// begin starts a round's log; idle says whether every GPU is free.
func (r *roundState) begin(idle bool) {
	r.last, r.log = r.log, r.last[:0]
	r.same = idle && r.idle && !r.off
	r.idle = idle
	r.pos = 0
}

// record notes that job i was considered afresh; ok says whether it was placed at the first try.
func (r *roundState) record(i int32, ok bool) {
	if !ok {
		i = ^i
	}
	r.log = append(r.log, i)
}

// replay applies job i's plan from the last round when the round so far repeats the last one and
// that plan can be replayed (see replays); it reports whether it did.
func (r *roundState) replay(i int32) bool {
	k := r.pos
	r.pos++
	if r.same && (k >= len(r.last) || (r.last[k] != i && r.last[k] != ^i)) {
		r.same = false
	}
	idx := len(r.plans)
	if !r.same || r.last[k] != i || idx == cap(r.plans) || r.plans[:idx+1][idx].adjusted {
		return false
	}
	r.plans = r.plans[:idx+1]
	pl := &r.plans[idx]
	if pl.job != i {
		panic(fmt.Sprintf("synergy: replaying job %d, plan %d is job %d's", i, idx, pl.job))
	}
	for k, s := range pl.servers {
		r.nFree[s] -= pl.nOn[k]
		r.sched[s] = append(r.sched[s], idx)
	}
	r.charge(pl, 1)
	r.nfree -= len(pl.gpus)
	pl.replayed = true
	r.log = append(r.log, i)
	r.replayed++
	return true
}
