package similarity

import (
	"cmp"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/hetero"
	"schedlab/core/sim"
	"schedlab/core/trace"
	"schedlab/core/world"
)

// rerunDir holds Gavel's physical-cluster traces and the per-job outputs of Gavel's simulator
// re-run on them (stanford-futuredata/gavel at c4fa400; scripts/gavelrerun makes and checks them).
const rerunDir = "testdata/gavel-rerun"

// gavelTrace reads one of Gavel's physical-cluster traces kept in rerunDir.
func gavelTrace(t testing.TB, name string) []core.Job {
	t.Helper()
	path := filepath.Join(rerunDir, name+".trace")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	jobs, _, err := trace.Read(path, f, "gavel", world.Models())
	if err != nil {
		t.Fatal(err)
	}
	return jobs
}

// readCSV reads a recorded CSV of rerunDir without its header.
func readCSV(t testing.TB, name string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join(rerunDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows[1:]
}

func atof(t testing.TB, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestMaxMinAllocationAtZero solves gavel-maxmin's LP for the jobs of Gavel's max_min_fairness
// trace that arrive at t = 0 on one 8-GPU server each of K80, P100 and V100, and compares the
// fractions with the allocation Gavel's simulator logs, to two decimals, for every job it starts
// in its first round (max_min_fairness_perf, ECOS). Gavel weights each job's normalised throughput
// by its GPU count (scheduler/policies/max_min_fairness.py, MaxMinFairnessPolicyWithPerf): without
// that factor every one of the 19 gets other fractions.
func TestMaxMinAllocationAtZero(t *testing.T) {
	jobs := gavelTrace(t, "max_min_fairness")
	types := []core.GPUType{"K80", "P100", "V100"}
	tab := hetero.Gavel()
	var thr [][]float64
	var gpus []int
	var index []int // LP row → Gavel's job id (the trace's line - 1)
	for i, j := range jobs {
		if j.Submit != 0 {
			continue
		}
		row := make([]float64, len(types))
		for k, typ := range types {
			row[k], _ = tab.Throughput(j.Model, typ, j.GPUs, false)
		}
		thr, gpus, index = append(thr, row), append(gpus, j.GPUs), append(index, i)
	}
	x, _, err := SolveMaxMin(thr, gpus, []int{8, 8, 8})
	if err != nil {
		t.Fatal(err)
	}
	row := map[int]int{}
	for r, id := range index {
		row[id] = r
	}
	logged := readCSV(t, "max_min_fairness.max_min_fairness_perf.t0.csv")
	if len(logged) != 19 {
		t.Fatalf("got %d logged jobs, want 19", len(logged))
	}
	for _, rec := range logged {
		id, _ := strconv.Atoi(rec[0])
		r, ok := row[id]
		if !ok {
			t.Fatalf("job %d: not among the jobs at t = 0", id)
		}
		for k := range types {
			if want := atof(t, rec[2+k]); math.Abs(x[r][k]-want) > 0.005+1e-9 {
				t.Errorf("job %d on %s: got %.4f, Gavel logged %.2f", id, types[k], x[r][k], want)
			}
		}
	}
}

// gavelRun is one recorded run of Gavel's simulator: its trace, its policy, the registry name of
// ours, and "" for Gavel's code as it is or "rounded6" for the copy whose allocations are rounded
// to six decimals (scripts/gavelrerun: it takes away ECOS's residue in fractions that are zero).
type gavelRun struct {
	trace, theirs, ours, variant string
}

var gavelRuns = []gavelRun{
	{"max_min_fairness", "max_min_fairness_perf", "gavel-maxmin", ""},
	{"max_min_fairness", "max_min_fairness", "gavel-maxmin-agnostic", ""},
	{"minimize_makespan", "max_min_fairness_perf", "gavel-maxmin", ""},
	{"minimize_makespan", "max_min_fairness", "gavel-maxmin-agnostic", ""},
	{"max_min_fairness", "max_min_fairness_perf", "gavel-maxmin", "rounded6"},
	{"max_min_fairness", "max_min_fairness", "gavel-maxmin-agnostic", "rounded6"},
	{"minimize_makespan", "max_min_fairness_perf", "gavel-maxmin", "rounded6"},
	{"minimize_makespan", "max_min_fairness", "gavel-maxmin-agnostic", "rounded6"},
}

// label names the variant of Gavel's code in the test's log.
func (r gavelRun) label() string {
	if r.variant != "" {
		return " with fractions rounded"
	}
	return ""
}

// file is the name of r's recorded JCTs.
func (r gavelRun) file() string {
	if r.variant != "" {
		return r.trace + "." + r.theirs + "." + r.variant + ".jct.csv"
	}
	return r.trace + "." + r.theirs + ".jct.csv"
}

// agreed is ours against one recorded run: the jobs within 1 % of Gavel's JCT out of jobs, both
// mean JCTs in seconds, and (mechanism gavel) the re-solves and how many had several optima.
type agreed struct {
	within, jobs    int
	ours, theirs    float64
	solves, several int
}

// agreement runs ours with params (and with perJob, the LP per job: lpOptions) on r's trace on Gavel's cluster (one 8-GPU server each of K80,
// P100 and V100, rounds of 360 s as --time_per_iteration, no checkpoint cost: Gavel's simulator
// charges none) and compares each job's JCT with the recorded one. Against the copy of Gavel's
// code that rounds its fractions to six decimals, ours rounds them the same way.
func agreement(t testing.TB, r gavelRun, params string, perJob bool) agreed {
	t.Helper()
	jobs := gavelTrace(t, r.trace)
	rec := readCSV(t, r.file())
	if len(rec) != len(jobs) {
		t.Fatalf("%s: %d recorded JCTs for %d jobs", r.trace, len(rec), len(jobs))
	}
	cl, _ := core.ParseCluster("1x8:K80+1x8:P100+1x8:V100")
	pol := newPolicy(t, r.ours, params)
	pol.(*MaxMin).opts.perJob = perJob
	if r.variant == "rounded6" {
		pol.(*MaxMin).decimals = 6 // ours rounds as that copy of Gavel's code does
	}
	res := runRounds(t, pol, jobs, cl, 360*core.Second)
	out := agreed{jobs: len(jobs)}
	if g := pol.(*MaxMin).g; g != nil {
		out.solves, out.several = g.solves, g.several
	}
	for _, row := range rec {
		id, _ := strconv.Atoi(row[0])
		want := atof(t, row[1])
		jr := res.Jobs[id]
		if jr.End < 0 {
			t.Fatalf("%s %s: job %d did not finish", r.trace, r.ours, id)
		}
		got := (jr.End - jr.Job.Submit).Seconds()
		if math.Abs(got-want) <= 0.01*want {
			out.within++
		}
		out.ours += got / float64(len(rec))
		out.theirs += want / float64(len(rec))
	}
	return out
}

// TestGavelReruns pins ours under Gavel's round mechanism (mechanism "gavel") to the recorded
// re-runs of Gavel's simulator (as it is, and with its fractions rounded to six decimals): per run, the jobs whose JCT is within 1 % of Gavel's and our mean
// JCT (to 0.1 s), and how many of our re-solves had several optima. It logs the same for our own
// mechanism, and for mechanism gavel with the LP solved per job instead of per class: that must
// agree with Gavel on no more jobs than the class LP does, which is why the policy solves over
// classes. Where a recorded number moves, the log has the new one; the family's document quotes
// them from it (go test -run TestGavelReruns -v ./policies/similarity).
func TestGavelReruns(t *testing.T) {
	want := []struct {
		within          int
		mean            float64
		solves, several int
	}{
		{35, 30505.3, 39, 4},
		{30, 27746.7, 42, 39},
		{80, 55174.5, 40, 0},
		{80, 60050.5, 41, 34},
		{88, 30505.3, 39, 4}, // Gavel's fractions rounded to six decimals
		{92, 27756.0, 42, 39},
		{100, 55177.9, 40, 0},
		{100, 60082.3, 40, 33},
	}
	for k, r := range gavelRuns {
		a := agreement(t, r, `{"mechanism":"gavel"}`, false)
		b := agreement(t, r, "", false)
		c := agreement(t, r, `{"mechanism":"gavel"}`, true)
		t.Logf("%s, %s%s (Gavel's mean JCT %.1f s): mechanism gavel %d/%d within 1 %%, mean %.1f s (%+.1f %%), %d re-solves, %d with several optima; ours %d/%d, mean %.1f s (%+.1f %%); mechanism gavel with the LP per job %d/%d, mean %.1f s (%+.1f %%)",
			r.trace, r.theirs, r.label(), a.theirs, a.within, a.jobs, a.ours, (a.ours/a.theirs-1)*100, a.solves, a.several,
			b.within, b.jobs, b.ours, (b.ours/b.theirs-1)*100, c.within, c.jobs, c.ours, (c.ours/c.theirs-1)*100)
		if c.within > a.within {
			t.Errorf("%s %s%s: the LP per job agrees with Gavel on %d jobs, the class LP on %d: the class LP is no longer the more faithful", r.trace, r.ours, r.label(), c.within, a.within)
		}
		w := want[k]
		if a.within != w.within || math.Abs(a.ours-w.mean) > 0.05 || a.solves != w.solves || a.several != w.several {
			t.Errorf("%s %s: got %d within 1 %%, mean %.1f s, %d re-solves, %d with several optima; want %d, %.1f s, %d, %d",
				r.trace, r.ours, a.within, a.ours, a.solves, a.several, w.within, w.mean, w.solves, w.several)
		}
	}
}

// newPolicy builds one policy of Entries.
func newPolicy(t testing.TB, name, params string) sim.Policy {
	t.Helper()
	for _, e := range Entries() {
		if e.Name == name {
			p, err := e.New(json.RawMessage(params))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return p
		}
	}
	t.Fatalf("policy %s not in Entries", name)
	return nil
}

// runRounds runs pol with Gavel's measured speeds, no checkpoint cost (Gavel's simulator charges
// none), rounds of the given length from t = 0 and the policy's own progress accounting, as the
// runner gives it.
func runRounds(t testing.TB, pol sim.Policy, jobs []core.Job, cl *core.Cluster, round core.Time) *sim.Result {
	t.Helper()
	cfg := sim.Config{Cluster: cl, Jobs: jobs, Speed: hetero.Speed{Table: hetero.Gavel()}, Policy: pol, Seed: 1, Round: round}
	if pp, ok := pol.(sim.ProgressPolicy); ok {
		cfg.Progress = pp.Progress()
	}
	s, err := sim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s.Run()
}

// roundLog is gavel-maxmin(-agnostic) under mechanism gavel, keeping each round it starts: its
// start on Gavel's clock, its jobs as "job:type" by job id, and when a re-solve first had several
// optima (-1: none yet).
type roundLog struct {
	*MaxMin
	starts       []float64
	rounds       []string
	firstSeveral float64
}

func (r *roundLog) Decide(v *sim.View, why sim.Trigger) {
	several := 0
	if r.g != nil {
		several = r.g.several
	}
	r.MaxMin.Decide(v, why)
	g := r.g
	if g == nil {
		return
	}
	if g.several > several && r.firstSeveral < 0 {
		r.firstSeveral = g.lastReset
	}
	if len(g.ran) == 0 || (len(r.starts) > 0 && r.starts[len(r.starts)-1] == g.clock) {
		return // no round began
	}
	ran := slices.Clone(g.ran)
	slices.SortFunc(ran, func(a, b ranOn) int { return cmp.Compare(a.job, b.job) })
	jobs := make([]string, len(ran))
	for k, x := range ran {
		jobs[k] = strconv.Itoa(x.job) + ":" + strings.ToLower(string(r.types[x.typ]))
	}
	r.starts, r.rounds = append(r.starts, g.clock), append(r.rounds, strings.Join(jobs, " "))
}

// TestGavelRounds compares ours under mechanism gavel with the schedules Gavel's simulator logs,
// round by round: the rounds, from the first, whose jobs, types and start (on Gavel's clock, to the
// last bit) are the same. Against the runs with fractions rounded to six decimals (ours rounded
// alike), where the LP's optimum is unique the schedules must not part: they may only part after
// a re-solve whose LP has several optima. Where every round is the same, every JCT must be within
// 3 s of Gavel's.
func TestGavelRounds(t *testing.T) {
	want := []struct{ same, rounds int }{
		{0, 235}, {7, 274}, {34, 311}, {0, 365},
		{190, 235}, {214, 272}, {313, 313}, {366, 366}, // Gavel's fractions rounded to six decimals
	}
	for k, r := range gavelRuns {
		name := strings.TrimSuffix(r.file(), ".jct.csv") + ".rounds.csv"
		rec := readCSV(t, name)
		jobs := gavelTrace(t, r.trace)
		cl, _ := core.ParseCluster("1x8:K80+1x8:P100+1x8:V100")
		pol := &roundLog{MaxMin: newPolicy(t, r.ours, `{"mechanism":"gavel"}`).(*MaxMin), firstSeveral: -1}
		if r.variant == "rounded6" {
			pol.decimals = 6
		}
		res := runRounds(t, pol, jobs, cl, 360*core.Second)
		same := sameRounds(t, rec, pol)
		parted := "never"
		if same < len(rec) {
			parted = rec[same][0] + " s"
		}
		t.Logf("%s, %s%s: %d of Gavel's %d rounds the same from the first (ours %d); they part at %s; first re-solve with several optima %s",
			r.trace, r.theirs, r.label(), same, len(rec), len(pol.rounds), parted, at(pol.firstSeveral))
		if w := want[k]; same != w.same || len(rec) != w.rounds {
			t.Errorf("%s %s%s: %d of %d rounds the same, want %d of %d", r.trace, r.ours, r.label(), same, len(rec), w.same, w.rounds)
		}
		if same == len(rec) && same == len(pol.rounds) {
			// the same rounds: the JCTs differ only by the engine's 360 s rounds (Gavel's end with
			// their longest job) and a job's last round ending up to a step later
			worst := 0.0
			for _, row := range readCSV(t, r.file()) {
				id, _ := strconv.Atoi(row[0])
				worst = max(worst, math.Abs((res.Jobs[id].End-res.Jobs[id].Job.Submit).Seconds()-atof(t, row[1])))
			}
			t.Logf("%s, %s%s: every JCT within %.3f s of Gavel's", r.trace, r.theirs, r.label(), worst)
			if worst > 3 {
				t.Errorf("%s %s%s: a JCT differs from Gavel's by %.3f s, want at most 3 s where every round is the same", r.trace, r.ours, r.label(), worst)
			}
		}
		if r.variant == "rounded6" && same < len(rec) && (pol.firstSeveral < 0 || atof(t, rec[same][0]) <= pol.firstSeveral) {
			t.Errorf("%s %s%s: the schedules part at %s s, before any re-solve with several optima (%.1f s)", r.trace, r.ours, r.label(), rec[same][0], pol.firstSeveral)
		}
	}
}
