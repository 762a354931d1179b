package script

import (
	"fmt"
	"os"
	"testing"

	"go.starlark.net/starlark"

	"schedlab/core"
	"schedlab/core/gen"
	"schedlab/core/sim"
	"schedlab/policies/baselines"
)

// runExample runs the shipped example file on jobs and cluster (seed 1, rounds of 300 s) and
// returns the policy and its result.
func runExample(t *testing.T, file string, params string, jobs []core.Job, cluster string) (*Policy, *sim.Result) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return runSource(t, file, src, params, jobs, cluster)
}

// runSource is runExample on a script's source.
func runSource(t *testing.T, file string, src []byte, params string, jobs []core.Job, cluster string) (*Policy, *sim.Result) {
	t.Helper()
	prog, err := Compile(file, src)
	if err != nil {
		t.Fatal(err)
	}
	var raw []byte
	if params != "" {
		raw = []byte(params)
	}
	pol, err := prog.New(raw)
	if err != nil {
		t.Fatal(err)
	}
	c, err := core.ParseCluster(cluster)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs, Policy: pol, Seed: 1, Round: 300 * core.Second, FirstRound: -1})
	if err != nil {
		t.Fatal(err)
	}
	res := s.Run()
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return pol.(*Policy), res
}

// TestEasyKeepsReservations: EASY never delays the head job: every job that was ever the head
// of the queue with a reservation starts by it.
func TestEasyKeepsReservations(t *testing.T) {
	jobs, err := gen.Generate("philly:jobs=400,rate=12", 1, core.BuiltinModels())
	if err != nil {
		t.Fatal(err)
	}
	p, res := runExample(t, "examples/easy.star", "", jobs, "8x8")
	v, found, _ := p.store.Get(starlark.String("reserved"))
	if !found {
		t.Fatal("no head ever waited: the workload does not test the reservation")
	}
	reserved := v.(*starlark.Dict)
	late := 0
	for _, kv := range reserved.Items() {
		j := kv[0].(*job).st.Index
		at, _ := kv[1].(starlark.Int).Int64()
		if start := res.Jobs[j].FirstStart; int64(start) > at {
			late++
			if late < 5 {
				t.Errorf("job %d reserved for %d ms started at %d ms", j, at, start)
			}
		}
	}
	backfilled := 0
	for i := 1; i < len(res.Jobs); i++ {
		if res.Jobs[i].FirstStart < res.Jobs[i-1].FirstStart {
			backfilled++
		}
	}
	t.Logf("%d reservations, %d late, %d jobs started before an earlier arrival", reserved.Len(), late, backfilled)
	if reserved.Len() < 10 || backfilled == 0 {
		t.Errorf("%d reservations and %d backfilled jobs: the workload does not exercise EASY", reserved.Len(), backfilled)
	}
}

// TestFairShareFavoursTheLightUser: a user who submits a few small jobs behind another user's
// flood waits less under fair share than in arrival order (fifo.star).
func TestFairShareFavoursTheLightUser(t *testing.T) {
	var jobs []core.Job
	for i := range 30 {
		jobs = append(jobs, core.Job{ID: fmt.Sprintf("a%d", i), User: "heavy", GPUs: 8, Submit: core.Time(i) * core.Second, Duration: core.Hour})
	}
	for i := range 5 {
		jobs = append(jobs, core.Job{ID: fmt.Sprintf("b%d", i), User: "light", GPUs: 1, Submit: core.Time(100+i) * core.Second, Duration: 10 * core.Minute})
	}
	wait := func(file string) core.Time {
		_, res := runExample(t, file, "", jobs, "2x8")
		var w core.Time
		for _, r := range res.Jobs {
			if r.Job.User == "light" {
				w += r.FirstStart - r.Job.Submit
			}
		}
		return w
	}
	fair, fifo := wait("examples/fairshare.star"), wait("examples/fifo.star")
	t.Logf("light user's total wait: %v s fair share, %v s in arrival order", fair.Seconds(), fifo.Seconds())
	if fair >= fifo {
		t.Errorf("the light user waited %v s under fair share, not less than %v s in arrival order", fair.Seconds(), fifo.Seconds())
	}
}

// TestTiresiasIsTwoQueueLAS: tiresias.star is the built-in las with one threshold (two queues),
// job for job.
func TestTiresiasIsTwoQueueLAS(t *testing.T) {
	jobs, err := gen.Generate("philly:jobs=1000,rate=9", 1, core.BuiltinModels())
	if err != nil {
		t.Fatal(err)
	}
	_, got := runExample(t, "examples/tiresias.star", "", jobs, "16x8")
	las, err := baselines.NewLAS([]byte(`{"thresholds_gpu_s": [3250]}`))
	if err != nil {
		t.Fatal(err)
	}
	c, _ := core.ParseCluster("16x8")
	s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs, Policy: las, Seed: 1, Round: 300 * core.Second, FirstRound: -1})
	if err != nil {
		t.Fatal(err)
	}
	want := s.Run()
	preempted := 0
	for i := range want.Jobs {
		g, w := got.Jobs[i], want.Jobs[i]
		if g.FirstStart != w.FirstStart || g.End != w.End || g.Preemptions != w.Preemptions {
			t.Fatalf("job %d: started %d, ended %d, preempted %d times; las with two queues: %d, %d, %d",
				i, g.FirstStart, g.End, g.Preemptions, w.FirstStart, w.End, w.Preemptions)
		}
		preempted += w.Preemptions
	}
	if preempted == 0 {
		t.Error("no job was preempted: the workload does not test the queues")
	}
}

// fairShareBySorting is fairshare.star's rule written the obvious way, sorting the whole queue at
// every decision: the example's own queues must start the same jobs at the same times.
const fairShareBySorting = `
def schedule(s):
    users = s.users
    def attained(u):
        if u in users:
            return users[u].attained_ms
        return 0
    free = s.free
    for job in sorted(s.queue, key = lambda j: (attained(j.user), j.user, j.index)):
        if free == 0:
            break
        if job.gpus <= free and s.start(job):
            free -= job.gpus
`

// TestFairShareQueuesAreTheSortedQueue: fairshare.star's per-user queues give the same run as
// sorting the queue by the users' attained GPU time at every decision, on four users, on one GPU
// type and on two.
func TestFairShareQueuesAreTheSortedQueue(t *testing.T) {
	jobs, err := gen.Generate("philly:jobs=300,rate=14", 1, core.BuiltinModels())
	if err != nil {
		t.Fatal(err)
	}
	for i := range jobs {
		jobs[i].User = []string{"ann", "bob", "cy", "dee"}[(i*7)%4]
	}
	ref, err := Compile("sorted.star", []byte(fairShareBySorting))
	if err != nil {
		t.Fatal(err)
	}
	for _, cluster := range []string{"8x8", "4x8+4x4:K80"} {
		_, got := runExample(t, "examples/fairshare.star", "", jobs, cluster)
		pol, err := ref.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := core.ParseCluster(cluster)
		s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs, Policy: pol, Seed: 1, Round: 300 * core.Second, FirstRound: -1})
		if err != nil {
			t.Fatal(err)
		}
		want := s.Run()
		if err := s.Err(); err != nil {
			t.Fatal(err)
		}
		for i := range want.Jobs {
			if got.Jobs[i].FirstStart != want.Jobs[i].FirstStart {
				t.Fatalf("%s: job %d started at %d ms, sorting the queue at %d ms", cluster, i, got.Jobs[i].FirstStart, want.Jobs[i].FirstStart)
			}
		}
	}
}
