package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"schedlab/core"
)

// churner is a lease-round policy that mixes every way a kept lease can be met: each round it
// walks the waiting jobs in a random order and gives a job its last lease back, or a lease on
// other GPUs or with other charges, or nothing, asking the View's GPU and host queries as it goes
// (FreeCPU lets every kept lease go). Every Start's answer is logged.
type churner struct {
	last map[int]Alloc
	log  []string
}

func (*churner) Name() string   { return "test-churner" }
func (*churner) Rounds() Rounds { return LeaseRounds }

func (p *churner) Decide(v *View, _ Trigger) {
	rng := v.Rand()
	var waiting []*JobState
	for j := range v.Pending() {
		waiting = append(waiting, j)
	}
	rng.Shuffle(len(waiting), func(a, b int) { waiting[a], waiting[b] = waiting[b], waiting[a] })
	cl := v.Cluster()
	for _, j := range waiting {
		if len(j.GPUsHeld()) != 0 {
			panic(fmt.Sprintf("waiting job %s lists GPUs %v", j.Job.ID, j.GPUsHeld()))
		}
		free := 0
		for sv := range cl.Servers {
			free += v.FreeOn(sv)
		}
		if free != v.FreeGPUs() {
			panic(fmt.Sprintf("free GPUs %d, per server %d", v.FreeGPUs(), free))
		}
		a, had := p.last[j.Index]
		switch k := rng.IntN(10); {
		case k < 5 && had: // the same lease again
		case k < 6 && had: // the same GPUs, other charges
			a.CPUPerGPU, a.MemPerGPU = cl.Servers[0].CPUs/float64(cl.Servers[0].GPUs)*1.5, 10
		case k < 8: // any idle GPUs of one server, with proportional, half or 1.5 times proportional cores
			sv := rng.IntN(len(cl.Servers))
			if rng.IntN(4) == 0 {
				_ = v.FreeCPU(sv)
			}
			a = Alloc{}
			for g := cl.Servers[sv].FirstGPU; g < cl.Servers[sv].FirstGPU+cl.Servers[sv].GPUs && len(a.GPUs) < j.Job.GPUs; g++ {
				if v.IsFree(g) && v.Owner(g) < 0 && v.Sharing(g) == 0 && v.CanShare(j, g) {
					a.GPUs = append(a.GPUs, g)
				}
			}
			if f := []float64{0, 0.5, 1.5}[rng.IntN(3)]; f > 0 {
				a.CPUPerGPU, a.MemPerGPU = cl.Servers[sv].CPUs/float64(cl.Servers[sv].GPUs)*f, 10
			}
		default:
			continue
		}
		err := v.Start(j, a)
		p.log = append(p.log, fmt.Sprintf("%d %s %v: %v", v.Now(), j.Job.ID, a, err))
		if err == nil {
			p.last[j.Index] = Alloc{GPUs: append([]int(nil), a.GPUs...), CPUPerGPU: a.CPUPerGPU, MemPerGPU: a.MemPerGPU}
		}
	}
}

// TestKeptLeases runs the churner with kept leases and again with every lease released at its
// end (the engine before keep.go): the Starts' answers, jobs, intervals and busy GPUs must be the
// same, and the used cores and GB equal but for the order of their floating-point sums. Verify
// checks the books after every instant.
func TestKeptLeases(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 5))
	var jobs []core.Job
	for i := range 120 {
		j := core.Job{ID: fmt.Sprintf("J%d", i), Submit: core.Time(rng.IntN(7200)) * core.Second, GPUs: 1 << rng.IntN(3)}
		if rng.IntN(2) == 0 {
			j.Duration = core.Time(600+rng.IntN(3600)) * core.Second
		} else {
			j.Iterations, j.Model = int64(1000+rng.IntN(20000)), "res18"
		}
		jobs = append(jobs, j)
	}
	run := func(keep bool) (*Result, *churner) {
		p := &churner{last: map[int]Alloc{}}
		s, err := New(Config{Cluster: mustCluster(t, "3x4"), Jobs: jobs, Policy: p, Seed: 9, Progress: RoundCredit, Verify: true})
		if err != nil {
			t.Fatal(err)
		}
		if !s.keep {
			t.Fatal("lease rounds with round credit and no sharing should keep leases")
		}
		s.keep = keep
		return s.Run(), p
	}
	kr, kp := run(true)
	rr, rp := run(false)
	if !reflect.DeepEqual(kp.log, rp.log) {
		for i := range min(len(kp.log), len(rp.log)) {
			if kp.log[i] != rp.log[i] {
				t.Fatalf("start %d: kept %q, released %q", i, kp.log[i], rp.log[i])
			}
		}
		t.Fatalf("%d starts kept, %d released", len(kp.log), len(rp.log))
	}
	resumed, refused := 0, 0
	for _, l := range kp.log {
		if l[len(l)-5:] != ": <nil>" {
			refused++
		}
	}
	for i := range kr.Intervals {
		if kr.Intervals[i].To == -1 || kr.Intervals[i].To-kr.Intervals[i].From > 300*core.Second {
			resumed++
		}
	}
	if refused == 0 || resumed == 0 {
		t.Fatalf("the churner should meet refusals (%d) and renewals (%d)", refused, resumed)
	}
	if !reflect.DeepEqual(kr.Jobs, rr.Jobs) || !reflect.DeepEqual(kr.Intervals, rr.Intervals) || kr.Events != rr.Events {
		t.Fatal("jobs, intervals or event counts differ between kept and released leases")
	}
	ks, rs := kr.Series, rr.Series
	if !reflect.DeepEqual(ks.T, rs.T) || !reflect.DeepEqual(ks.BusyGPUs, rs.BusyGPUs) || !reflect.DeepEqual(ks.Queue, rs.Queue) ||
		!reflect.DeepEqual(ks.RunningJ, rs.RunningJ) {
		t.Fatal("series differ between kept and released leases")
	}
	for i := range ks.CPUUsed {
		if math.Abs(ks.CPUUsed[i]-rs.CPUUsed[i]) > 1e-9 || math.Abs(ks.MemUsed[i]-rs.MemUsed[i]) > 1e-9 {
			t.Fatalf("series point %d: %g cores %g GB kept, %g and %g released", i, ks.CPUUsed[i], ks.MemUsed[i], rs.CPUUsed[i], rs.MemUsed[i])
		}
	}
}
