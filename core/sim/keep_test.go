package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"schedlab/core"
)

// churner is a lease-round policy that mixes every way a kept lease can be met: each round it
// walks the waiting jobs in a random order and gives a job its last lease back, or a lease on
// other GPUs or with fewer cores, or nothing, asking the View's GPU and host queries as it goes
// (FreeCPU lets every kept lease go). Every Start's answer and every host query is logged.
type churner struct {
	last  map[int]Alloc     // each job's last lease
	at    map[int]core.Time // when it was given
	log   []string
	same  int // leases given back unchanged
	fewer int // on the same GPUs with fewer cores
}

func (*churner) Name() string   { return "test-churner" }
func (*churner) Rounds() Rounds { return LeaseRounds }

func (p *churner) Decide(v *View, _ Trigger) {
	rng := v.Rand()
	cl := v.Cluster()
	for _, j := range shuffledPending(v) {
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
		checkTightest(v) // kept GPUs count as idle: TightestServer scans while a lease is kept
		a, had := p.last[j.Index]
		had = had && p.at[j.Index] == v.Now()-v.Round() // (a lease that has just ended)
		same, fewer := false, false
		switch k := rng.IntN(10); {
		case k < 7 && had: // the same lease again
			same = true
		case k < 9 && had && a.CPUPerGPU > 0: // the same GPUs and memory, fewer cores
			a.CPUPerGPU /= 2
			fewer = true
		case k < 9: // any idle GPUs of one server, with proportional, half or 1.5 times proportional cores
			sv := rng.IntN(len(cl.Servers))
			if rng.IntN(4) == 0 {
				p.log = append(p.log, fmt.Sprintf("server %d: %.6g cores, %.6g GB free", sv, v.FreeCPU(sv), v.FreeMem(sv)))
			}
			a = Alloc{}
			for g := cl.Servers[sv].FirstGPU; g < cl.Servers[sv].FirstGPU+cl.Servers[sv].GPUs && len(a.GPUs) < j.Job.GPUs; g++ {
				if v.IsFree(g) && v.Owner(g) < 0 && v.Sharing(g) == 0 && v.CanShare(j, g) {
					a.GPUs = append(a.GPUs, g)
				}
			}
			if len(a.GPUs) < j.Job.GPUs && rng.IntN(8) > 0 {
				continue // (now and then a short gang, to be refused)
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
			if same {
				p.same++
			}
			if fewer {
				p.fewer++
			}
			p.last[j.Index] = Alloc{GPUs: append([]int(nil), a.GPUs...), CPUPerGPU: a.CPUPerGPU, MemPerGPU: a.MemPerGPU}
			p.at[j.Index] = v.Now()
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
	for i := range 300 {
		j := core.Job{ID: fmt.Sprintf("J%d", i), Submit: core.Time(rng.IntN(36000)) * core.Second, GPUs: 1 << rng.IntN(3)}
		if rng.IntN(2) == 0 {
			j.Duration = core.Time(600+rng.IntN(3600)) * core.Second
		} else {
			j.Iterations, j.Model = int64(1000+rng.IntN(20000)), "res18"
		}
		jobs = append(jobs, j)
	}
	run := func(keep bool) (*Result, *churner) {
		p := &churner{last: map[int]Alloc{}, at: map[int]core.Time{}}
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
	starts, refused := 0, 0
	for _, l := range kp.log {
		if !strings.HasPrefix(l, "server ") {
			starts++
		}
		if strings.Contains(l, ": start job") {
			refused++
		}
	}
	t.Logf("%d starts: %d leases given back unchanged, %d on the same GPUs with fewer cores, %d refused", starts, kp.same, kp.fewer, refused)
	if refused == 0 || kp.same == 0 || kp.fewer == 0 {
		t.Fatalf("the churner should meet refusals (%d), renewals (%d) and changed charges (%d)", refused, kp.same, kp.fewer)
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
