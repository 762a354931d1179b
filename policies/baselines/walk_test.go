package baselines

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
	"schedlab/policies/placement"
)

// TestKeySet checks the block list against a sorted slice over random inserts and removals, with
// blocks split and merged many times.
func TestKeySet(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var s keySet
	var ref []key
	gpus := map[int32]int{}
	for step := range 20000 {
		if len(ref) == 0 || (rng.IntN(100) < 55 && len(ref) < 700) {
			k := key{a: int64(rng.IntN(20)), b: int64(rng.IntN(50)), job: int32(step)}
			g := 1 + rng.IntN(8)
			s.insert(k, g)
			gpus[k.job] = g
			i, _ := slices.BinarySearchFunc(ref, k, cmpKey)
			ref = slices.Insert(ref, i, k)
		} else {
			i := rng.IntN(len(ref))
			s.remove(ref[i])
			ref = slices.Delete(ref, i, i+1)
		}
		if s.len() != len(ref) {
			t.Fatalf("step %d: len %d, want %d", step, s.len(), len(ref))
		}
		if len(ref) == 0 {
			continue
		}
		if l, _ := s.last(); l != ref[len(ref)-1] {
			t.Fatalf("step %d: last %v, want %v", step, l, ref[len(ref)-1])
		}
		pos := key{a: int64(rng.IntN(20)), b: int64(rng.IntN(50)), job: int32(rng.IntN(step + 1))}
		checkQueries(t, step, &s, ref, func(j int32) int { return gpus[j] }, pos, rng.IntN(4*len(ref)))
	}
}

// fullLAS is LAS made to take the full computation of the other rankers: every running job
// re-keyed and sorted at every slow decision, one step per job in the walk.
type fullLAS struct{ *LAS }

func (f fullLAS) Init(v *sim.View) {
	f.LAS.Init(v)
	f.core.stable = false
}

// TestStableWalk runs LAS both ways, on clusters of one and of several GPU types, with and
// without starvation promotions, with more running jobs than a block holds, and requires the
// same schedule.
func TestStableWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	specs := []string{"2x4", "3x2+1x4", "1x4:K80+2x4:V100", "40x8", "20x8:K80+20x8:V100"}
	for trial := range 40 {
		spec := specs[trial%len(specs)]
		c, err := core.ParseCluster(spec)
		if err != nil {
			t.Fatal(err)
		}
		n := 5 + rng.IntN(60)
		if c.NumGPUs() > 100 {
			n = 600 + rng.IntN(600)
		}
		jobs := randomJobs(rng, n, c.Types())
		o := runOpts{round: core.Time(5+rng.IntN(60)) * core.Second, checkpoint: core.Time(rng.IntN(3)) * core.Second, seed: uint64(trial)}
		pl := placement.Names()[trial%len(placement.Names())]
		p := LASParams{Common: Common{Placement: pl}, Thresholds: []float64{float64(10 + rng.IntN(50)), float64(100 + rng.IntN(200))}}
		if trial%2 == 1 {
			p.Starve = 0.5 + rng.Float64()
		}
		a, err := NewLASFrom(p)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := NewLASFrom(p)
		ra, rb := mustRun(t, a, spec, jobs, o), mustRun(t, fullLAS{b}, spec, jobs, o)
		name := fmt.Sprintf("%d/%s/%s/%v", trial, spec, pl, p.Starve)
		for i := range ra.Jobs {
			x, y := ra.Jobs[i], rb.Jobs[i]
			if x.FirstStart != y.FirstStart || x.End != y.End || x.Preemptions != y.Preemptions || x.GPUType != y.GPUType {
				t.Fatalf("%s: job %d: stable walk %v–%v (%d preemptions), full %v–%v (%d)", name, i,
					x.FirstStart, x.End, x.Preemptions, y.FirstStart, y.End, y.Preemptions)
			}
		}
		if len(ra.Intervals) != len(rb.Intervals) || a.Promotions() != b.Promotions() {
			t.Fatalf("%s: %d intervals and %d promotions, full walk %d and %d", name, len(ra.Intervals), a.Promotions(), len(rb.Intervals), b.Promotions())
		}
		for i := range ra.Intervals {
			if x, y := ra.Intervals[i], rb.Intervals[i]; x.Job != y.Job || x.From != y.From || x.To != y.To || !slices.Equal(x.GPUs, y.GPUs) {
				t.Fatalf("%s: interval %d: %v, full walk %v", name, i, x, y)
			}
		}
	}
}

// tickedLAS is LAS deciding at every round tick as well: with ticks finer than any two event
// times can differ, it decides at every instant something could change.
type tickedLAS struct{ *LAS }

func (tickedLAS) Rounds() sim.Rounds { return sim.RoundsToo }

// TestOnTimeDemotions checks that LAS acts on a demotion or a starvation promotion at the
// millisecond it falls due: its schedule is the same under rounds of 300 s and of 1 s, and the
// same as when it also decides every 125 ms. Arrivals, lengths and thresholds are whole seconds
// and gangs of 1-8 GPUs, so every event falls on a multiple of 125 ms. srsf, whose keys only fall
// while a job runs, must not depend on the round either.
func TestOnTimeDemotions(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	run := func(p sim.Policy, spec string, jobs []core.Job, round core.Time) *sim.Result {
		c, err := core.ParseCluster(spec)
		if err != nil {
			t.Fatal(err)
		}
		s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs, Policy: p, Round: round, CheckpointCost: 2 * core.Second})
		if err != nil {
			t.Fatal(err)
		}
		return s.Run()
	}
	same := func(name string, a, b *sim.Result) {
		t.Helper()
		for i := range a.Jobs {
			x, y := a.Jobs[i], b.Jobs[i]
			if x.FirstStart != y.FirstStart || x.End != y.End || x.Preemptions != y.Preemptions {
				t.Fatalf("%s: job %d: %v–%v (%d preemptions), against %v–%v (%d)", name, i,
					x.FirstStart, x.End, x.Preemptions, y.FirstStart, y.End, y.Preemptions)
			}
		}
	}
	demoted := 0
	for trial := range 12 {
		spec := []string{"1x1", "2x4", "4x8"}[trial%3]
		jobs := randomJobs(rng, 10+rng.IntN(30), nil)
		p := LASParams{Thresholds: []float64{float64(10 + rng.IntN(50)), float64(100 + rng.IntN(200))}}
		if trial%2 == 1 {
			p.Starve = float64(1 + rng.IntN(2))
		}
		mk := func() *LAS {
			l, err := NewLASFrom(p)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}
		name := fmt.Sprintf("%d/%s/%v", trial, spec, p)
		def := run(mk(), spec, jobs, 300*core.Second)
		same(name+" round 1 s", def, run(mk(), spec, jobs, core.Second))
		same(name+" every 125 ms", def, run(tickedLAS{mk()}, spec, jobs, 125))
		for _, j := range def.Jobs {
			demoted += j.Preemptions
		}
		srsf, _ := NewSRSF(nil)
		srsf1, _ := NewSRSF(nil)
		same(name+" srsf", run(srsf, spec, jobs, 300*core.Second), run(srsf1, spec, jobs, core.Second))
	}
	if demoted == 0 {
		t.Fatal("no job was ever preempted: the workloads test nothing")
	}
}

// TestRunSetCold checks a runSet of three segments against a sorted slice while it goes cold and
// warm at random: keys mostly enter their segment above the others there (as LAS's do), now and
// then below (a resumed job), and jobs leave and change keys as LAS's demotions do.
func TestRunSetCold(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const jobs = 400
	keyOf := make([]key, jobs)
	calm := 0
	s := newRunSet(3, func(k key) int { return int(min(max(k.a>>1, 0), 2)) }, keyOf, &calm)
	var ref []key
	gpus := make([]int, jobs)
	running := make([]bool, jobs)
	clock := int64(0)
	for step := range 30000 {
		clock += int64(rng.IntN(3))
		j := int32(rng.IntN(jobs))
		switch {
		case !running[j]:
			q := int64(rng.IntN(3))
			b := clock
			if rng.IntN(20) == 0 {
				b -= int64(rng.IntN(100)) // below the others of its segment
			}
			k := key{a: 2 * q, b: b, job: j}
			gpus[j] = 1 + rng.IntN(8)
			s.insert(k, gpus[j])
			keyOf[j] = k
			running[j] = true
			i, _ := slices.BinarySearchFunc(ref, k, cmpKey)
			ref = slices.Insert(ref, i, k)
		case rng.IntN(2) == 0:
			old := keyOf[j]
			s.remove(old)
			i, _ := slices.BinarySearchFunc(ref, old, cmpKey)
			ref = slices.Delete(ref, i, i+1)
			if old.a < 4 && rng.IntN(2) == 0 { // demoted: re-keyed into the next segment, now
				k := key{a: old.a + 2, b: clock, job: j}
				s.insert(k, gpus[j])
				keyOf[j] = k
				i, _ := slices.BinarySearchFunc(ref, k, cmpKey)
				ref = slices.Insert(ref, i, k)
			} else {
				running[j] = false
				if rng.IntN(2) == 0 {
					keyOf[j] = key{a: old.a + 1, b: old.b, job: j} // waiting (an odd a), as LAS's keys
				}
			}
		}
		switch rng.IntN(50) {
		case 0:
			s.chill()
		case 1:
			s.warm()
		}
		l, ok := s.last()
		if ok != (len(ref) > 0) || ok && l != ref[len(ref)-1] {
			t.Fatalf("step %d (cold %v): last %v %v, want %v", step, s.cold, l, ok, ref[len(ref)-1:])
		}
		if rng.IntN(10) > 0 {
			continue
		}
		pos := key{a: int64(rng.IntN(7)) - 1, b: clock - int64(rng.IntN(200)), job: int32(rng.IntN(jobs))}
		checkQueries(t, step, &s, ref, func(j int32) int { return gpus[j] }, pos, rng.IntN(4*len(ref)+1))
	}
}

// orderedSums is what a walk asks of a keySet and of a runSet: the first key after a position,
// the GPUs of the keys before it, and the first key at which the GPUs summed in order exceed x.
type orderedSums interface {
	after(pos key) (key, int, bool)
	sumTo(pos key) int
	exceeding(x int) (key, int, bool)
}

// checkQueries compares s's answers at pos and x with those read off ref, the same keys sorted;
// gpus gives a job's GPUs.
func checkQueries(t *testing.T, step int, s orderedSums, ref []key, gpus func(int32) int, pos key, x int) {
	t.Helper()
	i := indexAfter(ref, pos)
	k, _, ok := s.after(pos)
	if ok != (i < len(ref)) || ok && k != ref[i] {
		t.Fatalf("step %d: after %v gave %v %v, want index %d of %d", step, pos, k, ok, i, len(ref))
	}
	sum := 0
	for _, r := range ref[:i] {
		sum += gpus(r.job)
	}
	if got := s.sumTo(pos); got != sum {
		t.Fatalf("step %d: sumTo %v = %d, want %d", step, pos, got, sum)
	}
	sum, want := 0, -1
	for n, r := range ref {
		if sum += gpus(r.job); sum > x {
			want = n
			break
		}
	}
	k, _, ok = s.exceeding(x)
	if ok != (want >= 0) || ok && k != ref[want] {
		t.Fatalf("step %d: exceeding %d gave %v %v, want index %d", step, x, k, ok, want)
	}
}
