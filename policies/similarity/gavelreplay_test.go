package similarity

import (
	"compress/gzip"
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
)

// loggedSolve is one re-solve of Gavel's simulator as its logging copy records it
// (TRACE.POLICY.alloc.csv.gz, scripts/gavelrerun): the time on Gavel's clock, the jobs of the
// allocation (ascending) and each one's fractions by type name.
type loggedSolve struct {
	t    float64
	jobs []int
	x    []map[string]float64
}

// readAllocations reads the recorded allocations of one run of Gavel as it is.
func readAllocations(t testing.TB, name string) []loggedSolve {
	t.Helper()
	f, err := os.Open(filepath.Join(rerunDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(z).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	head := rows[0][2:] // Gavel's type names
	var out []loggedSolve
	for _, row := range rows[1:] {
		at := atof(t, row[0])
		if len(out) == 0 || out[len(out)-1].t != at {
			out = append(out, loggedSolve{t: at})
		}
		s := &out[len(out)-1]
		id, err := strconv.Atoi(row[1])
		if err != nil {
			t.Fatal(err)
		}
		x := map[string]float64{}
		for k, typ := range head {
			x[typ] = atof(t, row[2+k])
		}
		s.jobs, s.x = append(s.jobs, id), append(s.x, x)
	}
	return out
}

// replay is an allocSource that gives mechanism gavel, at each re-solve, the allocation Gavel's
// simulator computed at its re-solve of the same rank, provided it was at the same time (to 1 µs)
// for the same jobs; otherwise it counts a miss and gives the LP's. Gavel's simulator stops when
// its last job ends, so a re-solve of no jobs after its last is no miss. At each re-solve it also
// solves our LP for the same jobs (lp, per job index), and counts the re-solves where Gavel's
// allocation is another optimum than ours: some fraction differs by more than 10⁻⁶ (far), and
// where our LP has several optima (several).
type replay struct {
	p            *MaxMin
	solves       []loggedSolve
	next         int
	misses       int
	miss         string // the first miss
	lp           [][]float64
	far, several int
	firstFar     float64 // -1: none
	firstSeveral float64 // -1: none
}

func (r *replay) allocate(v *sim.View, t float64, set []int) [][]float64 {
	k := r.next
	r.next++
	if len(set) == 0 && k >= len(r.solves) {
		r.next--
		return nil
	}
	several := r.p.g.several
	ours := r.p.allocate(v, t, set)
	if r.lp == nil {
		r.lp = make([][]float64, v.NumJobs())
	}
	clear(r.lp)
	for j, i := range set {
		r.lp[i] = ours[j]
	}
	if k >= len(r.solves) || math.Abs(r.solves[k].t-t) > 1e-6 || !slices.Equal(r.solves[k].jobs, set) {
		r.misses++
		if r.miss == "" {
			r.miss = "re-solve " + strconv.Itoa(k) + " at " + strconv.FormatFloat(t, 'f', 3, 64) + " s"
		}
		return ours
	}
	if r.p.g.several > several {
		r.several++
		if r.firstSeveral < 0 {
			r.firstSeveral = t
		}
	}
	x := make([][]float64, len(set))
	far := false
	for j := range set {
		x[j] = make([]float64, len(r.p.types))
		for ti, typ := range r.p.types {
			x[j][ti] = r.solves[k].x[j][strings.ToLower(string(typ))]
			far = far || math.Abs(x[j][ti]-ours[j][ti]) > 1e-6
		}
	}
	if far {
		r.far++
		if r.firstFar < 0 {
			r.firstFar = t
		}
	}
	return x
}

// noiseLog is roundLog that also asks, at each round of a replay, what our LP's allocation (the
// replay's lp) would have given in the same state (the same times, deficits and type order), and
// why it differs where it does: the round gives GPUs of a type to a job whose fraction there is
// below 10⁻⁶ in Gavel's allocation (ECOS's residue of a zero); else the allocations are far apart
// (another optimum); else they differ only beyond the sixth decimal (ECOS's last digits, e.g.
// between identical jobs). It also counts the rounds that give GPUs to a residue at all.
type noiseLog struct {
	*roundLog
	rp                                    *replay
	residue                               int     // rounds that give GPUs to a fraction below 10⁻⁶
	differ, byResidue, byOptimum, byDigit int     // rounds where our LP's allocation gives another assignment, by cause
	firstDiffer                           float64 // the first one's start on Gavel's clock (-1: none)
	differRound                           int     // its rank (-1: none)
	firstCause                            string  // its cause
	firstResidue                          float64 // the first round giving GPUs to a residue (-1: none)
}

func (r *noiseLog) Decide(v *sim.View, why sim.Trigger) {
	n := len(r.rounds)
	r.roundLog.Decide(v, why)
	if len(r.rounds) == n {
		return // no round began
	}
	g := r.g
	given := false
	for _, x := range g.ran {
		given = given || g.alloc[x.job][x.typ] < 1e-6
	}
	if given {
		r.residue++
		if r.firstResidue < 0 {
			r.firstResidue = g.clock
		}
	}
	as, _ := r.assignGavel(v, g.order, g.alloc)
	bs, _ := r.assignGavel(v, g.order, r.rp.lp)
	if sameAssignment(as, bs) {
		return
	}
	r.differ++
	cause := "last digits"
	far := false
	for _, i := range g.set {
		for ti := range r.types {
			if g.alloc[i] != nil {
				far = far || math.Abs(g.alloc[i][ti]-r.rp.lp[i][ti]) > 1e-6
			}
		}
	}
	for j, ti := range as {
		if u, ok := bs[j]; (!ok || u != ti) && g.alloc[j] != nil && g.alloc[j][ti] < 1e-6 {
			cause = "residue"
		}
	}
	switch {
	case cause == "residue":
		r.byResidue++
	case far:
		cause = "another optimum"
		r.byOptimum++
	default:
		r.byDigit++
	}
	if r.firstDiffer < 0 {
		r.firstDiffer, r.differRound, r.firstCause = g.clock, n, cause
	}
}

// sameAssignment reports whether two rounds give every job the same type.
func sameAssignment(a, b map[int]int) bool {
	if len(a) != len(b) {
		return false
	}
	for j, t := range a {
		if u, ok := b[j]; !ok || u != t {
			return false
		}
	}
	return true
}

// TestGavelReplay runs ours under mechanism gavel with the allocations Gavel's simulator computed
// (as it is, with ECOS) replayed at its re-solves, and compares every round and every JCT with
// Gavel's. Given Gavel's allocations, ours must make every one of Gavel's rounds, and every JCT must
// be within 3 s of Gavel's (the engine's rounds last 360 s where Gavel's end with their longest
// job): what parts ours from Gavel as it is is then only the allocation. Along Gavel's schedule it
// counts the re-solves where Gavel's allocation is another optimum than our LP's and where our
// LP's optimum is not unique, the rounds that give GPUs to ECOS's residue of a zero, and the
// rounds our LP's allocation would assign otherwise in the same state, by cause (noiseLog). Ours
// with its own LP must make Gavel's rounds exactly up to the first of those, and it pins them all
// (go test -run TestGavelReplay -v ./policies/similarity prints them).
func TestGavelReplay(t *testing.T) {
	type counts struct {
		far, several                          int // re-solves: Gavel's point not ours, our optimum not unique
		residue                               int // rounds giving GPUs to a fraction below 10⁻⁶
		differ, byResidue, byOptimum, byDigit int // rounds our LP would assign otherwise, by cause
		differRound, before                   int // the first such round, and the jobs Gavel finished before it
		within1s                              int // replaying: jobs within 1 s of Gavel's JCT
	}
	want := []counts{
		{6, 6, 90, 100, 67, 30, 3, 0, 0, 34},
		{4, 39, 0, 53, 0, 7, 46, 7, 3, 72},
		{0, 0, 58, 35, 31, 0, 4, 34, 0, 79},
		{0, 33, 0, 134, 0, 0, 134, 0, 0, 25},
	}
	wantMean := []float64{30407.0, 27808.7, 55094.6, 59945.6} // replaying: our mean JCT
	for k, r := range gavelRuns[:4] {
		base := r.trace + "." + r.theirs
		jobs := gavelTrace(t, r.trace)
		cl, _ := core.ParseCluster("1x8:K80+1x8:P100+1x8:V100")
		p := newPolicy(t, r.ours, `{"mechanism":"gavel"}`).(*MaxMin)
		rp := &replay{p: p, solves: readAllocations(t, base+".alloc.csv.gz"), firstFar: -1, firstSeveral: -1}
		residues := "none"
		if lo, hi := residueRange(rp.solves); hi > 0 {
			residues = strconv.FormatFloat(lo, 'e', 1, 64) + " to " + strconv.FormatFloat(hi, 'e', 1, 64)
		}
		p.source = rp
		pol := &noiseLog{roundLog: &roundLog{MaxMin: p, firstSeveral: -1}, rp: rp, firstResidue: -1, firstDiffer: -1, differRound: -1}
		res := runRounds(t, pol, jobs, cl, 360*core.Second)
		if rp.misses > 0 || rp.next != len(rp.solves) {
			t.Errorf("%s: %d of Gavel's %d re-solves replayed, %d missed (first: %s)", base, rp.next-rp.misses, len(rp.solves), rp.misses, rp.miss)
		}
		rec := readCSV(t, base+".rounds.csv")
		same := sameRounds(t, rec, pol.roundLog)
		within1s, within1pc, worst, mean, theirs, before := 0, 0, 0.0, 0.0, 0.0, 0
		var earlier []int // the jobs Gavel finished before the first round our LP assigns otherwise
		theirJCT := map[int]float64{}
		for _, row := range readCSV(t, base+".jct.csv") {
			id, _ := strconv.Atoi(row[0])
			want := atof(t, row[1])
			theirJCT[id] = want
			got := (res.Jobs[id].End - res.Jobs[id].Job.Submit).Seconds()
			d := math.Abs(got - want)
			worst = max(worst, d)
			if d <= 1 {
				within1s++
			}
			if d <= 0.01*want {
				within1pc++
			}
			mean += got / float64(len(jobs))
			theirs += want / float64(len(jobs))
			if pol.firstDiffer >= 0 && jobs[id].Submit.Seconds()+want <= pol.firstDiffer {
				before++
				earlier = append(earlier, id)
			}
		}
		// ours with its own LP, against the same record: the same rounds up to the first that our
		// LP's allocation assigns otherwise, and the jobs Gavel finished before it within 1 %
		lp := &roundLog{MaxMin: newPolicy(t, r.ours, `{"mechanism":"gavel"}`).(*MaxMin), firstSeveral: -1}
		lpRes := runRounds(t, lp, jobs, cl, 360*core.Second)
		lpSame := sameRounds(t, rec, lp)
		for _, id := range earlier {
			want := theirJCT[id]
			if got := (lpRes.Jobs[id].End - lpRes.Jobs[id].Job.Submit).Seconds(); math.Abs(got-want) > 0.01*want {
				t.Errorf("%s: job %d, finished by Gavel before the first round our LP assigns otherwise: ours %.1f s, Gavel %.1f s", base, id, got, want)
			}
		}
		t.Logf("%s, Gavel's allocations replayed: %d of %d rounds the same (ours %d); %d/%d jobs within 1 s, %d within 1 %%, worst %.3f s; mean %.1f s (Gavel %.1f s)",
			base, same, len(rec), len(pol.rounds), within1s, len(jobs), within1pc, worst, mean, theirs)
		t.Logf("%s: of %d re-solves, %d give another point than our LP (a fraction more than 1e-6 apart; first %s), %d have several optima in our LP (first %s); Gavel's fractions in (0, 1e-6): %s; %d rounds give GPUs to a fraction below 1e-6 (first %s); %d rounds our LP's allocation would assign otherwise in the same state: %d by a residue, %d by another optimum, %d by digits beyond the sixth decimal (first: round %d %s, %s); %d jobs Gavel finished before it; ours with its LP makes Gavel's first %d rounds",
			base, rp.next, rp.far, at(rp.firstFar), rp.several, at(rp.firstSeveral), residues, pol.residue, at(pol.firstResidue), pol.differ, pol.byResidue, pol.byOptimum, pol.byDigit, pol.differRound, at(pol.firstDiffer), pol.firstCause, before, lpSame)
		if same != len(rec) || len(pol.rounds) != len(rec) || worst > 3 {
			t.Errorf("%s: with Gavel's allocations, %d of %d rounds the same (ours %d), worst JCT %.3f s off: want every round and every JCT within 3 s", base, same, len(rec), len(pol.rounds), worst)
		}
		if pol.differRound >= 0 && lpSame != pol.differRound {
			t.Errorf("%s: ours with its LP makes Gavel's first %d rounds; the first round its allocation assigns otherwise in Gavel's state is round %d", base, lpSame, pol.differRound)
		}
		got := counts{rp.far, rp.several, pol.residue, pol.differ, pol.byResidue, pol.byOptimum, pol.byDigit, pol.differRound, before, within1s}
		if got != want[k] || math.Abs(mean-wantMean[k]) > 0.05 {
			t.Errorf("%s: got %+v, mean %.1f s; want %+v, %.1f s", base, got, mean, want[k], wantMean[k])
		}
	}
}

// residueRange is the smallest and the largest of the recorded fractions above 0 and below 10⁻⁶
// (ECOS's residues of zeros), 0 and 0 when there are none.
func residueRange(solves []loggedSolve) (lo, hi float64) {
	for _, s := range solves {
		for _, x := range s.x {
			for _, f := range x {
				if f > 0 && f < 1e-6 {
					if hi == 0 || f < lo {
						lo = f
					}
					hi = max(hi, f)
				}
			}
		}
	}
	return lo, hi
}

// at is "at T s" for a time T, "none" for none (-1).
func at(t float64) string {
	if t < 0 {
		return "none"
	}
	return "at " + strconv.FormatFloat(t, 'f', 1, 64) + " s"
}

// sameRounds counts the recorded rounds rec that ours (log) made too, from the first: the same
// jobs on the same types, starting at the same time on Gavel's clock, to the last bit.
func sameRounds(t testing.TB, rec [][]string, log *roundLog) int {
	same := 0
	for same < len(rec) && same < len(log.rounds) && rec[same][1] == log.rounds[same] && atof(t, rec[same][0]) == log.starts[same] {
		same++
	}
	return same
}
