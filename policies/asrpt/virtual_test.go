package asrpt

import (
	"math/rand/v2"
	"slices"
	"testing"

	"schedlab/core"
)

// TestVirtualSRPT: the virtual machine runs the shortest remaining job, ranks virtually finished
// jobs by completion time, and puts a finished job whose prediction grew back on the machine.
func TestVirtualSRPT(t *testing.T) {
	m := newVirtual()
	m.Add(0, 10_000) // long
	m.Add(1, 2_000)  // short
	m.Advance(3 * core.Second)
	// Job 1 ran 0–2 s and finished; job 0 has 9 s left.
	if !m.Less(1, 0) {
		t.Errorf("got job 0 before job 1, want the virtually finished job 1 first")
	}
	if got, want := m.Spans(), []Span{{1, 0, 2000}, {0, 2000, 3000}}; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("got spans %v, want %v", got, want)
	}
	// Job 1 outlived its prediction: 1.5 s more virtual work puts it back, ahead of job 0.
	m.Extend(1, 1_500)
	if p := m.prio(1); p.done || p.a != 1_500 {
		t.Errorf("got job 1 done=%v rem=%v, want back on the machine with 1500 ms", p.done, p.a)
	}
	m.Advance(5 * core.Second)
	if !m.prio(1).done {
		t.Errorf("got job 1 unfinished at 5 s, want finished again at 4.5 s")
	}
	if got := m.Spans(); got[len(got)-2] != (Span{1, 3000, 4500}) {
		t.Errorf("got spans %v, want job 1 again from 3 s to 4.5 s", got)
	}
}

// TestVirtualSameAsScan: on random arrivals (ties in remaining time included), extensions of
// running and finished jobs and advances, the heap runs the job a scan of every unfinished job
// picks (remaining time, then arrival index), so the schedules and priorities are the same.
func TestVirtualSameAsScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 7))
	m := newVirtual()
	type job struct {
		rem  float64
		done bool
		end  core.Time
	}
	var ref []job
	var spans []Span
	now := core.Time(0)
	for step := range 3000 {
		switch rng.IntN(4) {
		case 0, 1:
			rem := float64(1000 * (1 + rng.IntN(20))) // coarse: equal remaining times are common
			m.Add(len(ref), rem)
			ref = append(ref, job{rem: rem})
		case 2:
			if len(ref) > 0 {
				i, extra := rng.IntN(len(ref)), float64(500*rng.IntN(6))
				m.Extend(i, extra)
				if extra > 0 {
					if ref[i].done {
						ref[i] = job{rem: max(extra, 1)}
					} else {
						ref[i].rem += extra
					}
				}
			}
		default:
			t1 := now + core.Time(rng.IntN(5000))
			m.Advance(t1)
			for now < t1 {
				best := -1
				for i, j := range ref {
					if !j.done && (best < 0 || j.rem < ref[best].rem) {
						best = i
					}
				}
				if best < 0 {
					now = t1
					break
				}
				j := &ref[best]
				end := min(now+core.Time(j.rem+0.5), t1)
				if n := len(spans); n > 0 && spans[n-1].Job == best && spans[n-1].To == now {
					spans[n-1].To = end
				} else {
					spans = append(spans, Span{best, now, end})
				}
				j.rem -= float64(end - now)
				now = end
				if j.rem <= 0.5 {
					j.rem, j.done, j.end = 0, true, end
				}
			}
		}
		for i, j := range ref {
			want := prio{a: j.rem, idx: i}
			if j.done {
				want = prio{done: true, a: float64(j.end), idx: i}
			}
			if got := m.prio(i); got != want {
				t.Fatalf("step %d: job %d: got priority %+v, want %+v", step, i, got, want)
			}
		}
	}
	if got := m.Spans(); !slices.Equal(got, spans) {
		t.Fatalf("got %d spans, want %d; first difference at %d", len(got), len(spans), firstDiff(got, spans))
	}
}

func firstDiff(a, b []Span) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
