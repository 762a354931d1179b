package similarity

import (
	"encoding/json"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/gen"
	"schedlab/core/hetero"
)

func TestCosine(t *testing.T) {
	tests := []struct {
		a, b []float64
		want float64
	}{
		{[]float64{1, 0}, []float64{2, 0}, 1},
		{[]float64{1, 0}, []float64{0, 3}, 0},
		{[]float64{1, 1}, []float64{-1, -1}, -1},
		{[]float64{0, 0}, []float64{1, 1}, 0},
	}
	for _, tc := range tests {
		if got := Cosine(tc.a, tc.b); got < tc.want-1e-12 || got > tc.want+1e-12 {
			t.Errorf("Cosine(%v, %v): got %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestEveryReferenceHasADescriptor(t *testing.T) {
	refs := References(hetero.Gavel())
	if len(refs) != 26 {
		t.Fatalf("got %d references, want Gavel's 26 job types", len(refs))
	}
	for _, f := range Families() {
		if f.Source == "" || f.Desc.ParamsM <= 0 || f.Desc.GMACs <= 0 || f.Desc.Depth <= 0 {
			t.Errorf("family %s: descriptor %+v or source missing", f.Name, f.Desc)
		}
	}
}

func TestNeighboursHideOwnModel(t *testing.T) {
	tests := []struct {
		ex       Exclude
		model    string
		wantFam  string // family of the nearest neighbour
		wantName string // "" = any
	}{
		{ExcludeNone, "resnet18-bs64", "ResNet-18", "resnet18-bs64"},
		{ExcludeModel, "resnet18-bs64", "ResNet-18", ""},
		{ExcludeModel, "transformer-bs32", "Transformer", ""},
		{ExcludeFamily, "resnet50-bs32", "ResNet-18", ""},
	}
	for _, tc := range tests {
		p := NewPredictor(hetero.Gavel(), 3, tc.ex)
		q, ok := p.Lookup(tc.model)
		if !ok {
			t.Fatalf("%s: no reference", tc.model)
		}
		nb := p.Neighbours(q, "", 1, false)
		for _, n := range nb {
			r := p.Refs[n.Ref]
			if (tc.ex == ExcludeModel && r.Name == q.Name) || (tc.ex == ExcludeFamily && r.Family == q.Family) {
				t.Errorf("%s exclude=%v: neighbour %s should be hidden", tc.model, tc.ex, r.Name)
			}
		}
		top := p.Refs[nb[0].Ref]
		if top.Family != tc.wantFam || (tc.wantName != "" && top.Name != tc.wantName) {
			t.Errorf("%s exclude=%v: got nearest %s (%s), want family %s %s", tc.model, tc.ex, top.Name, top.Family, tc.wantFam, tc.wantName)
		}
	}
}

// TestTransferError pins the leave-one-out accuracy reported in README.md.
func TestTransferError(t *testing.T) {
	tests := []struct {
		ex                 Exclude
		minHits, maxRegret float64
	}{
		{ExcludeModel, 0.70, 0.04},
		{ExcludeFamily, 0.50, 0.15},
	}
	for _, tc := range tests {
		r := EvaluateTransfer(NewPredictor(hetero.Gavel(), 3, tc.ex))
		t.Logf("exclude=%s k=3: %d points, median APE %.3f, mean APE %.3f; best type right in %d/%d cases, mean regret %.3f",
			r.Exclude, r.Points, r.MedianAPE, r.MeanAPE, r.BestHits, r.Cases, r.Regret)
		if hits := float64(r.BestHits) / float64(r.Cases); hits < tc.minHits || r.Regret > tc.maxRegret {
			t.Errorf("exclude=%s: got hit rate %.3f and regret %.3f, want ≥ %.2f and ≤ %.2f", r.Exclude, hits, r.Regret, tc.minHits, tc.maxRegret)
		}
	}
}

func TestEntriesParams(t *testing.T) {
	tests := []struct {
		name, params, wantErr string
	}{
		{"model-similarity", `{"k":5,"order":"lpt","exclude":"family"}`, ""},
		{"model-similarity", `{"placement":"consolidate"}`, ""},
		{"model-similarity", `{"placement":"spread"}`, "placement"},
		{"model-similarity", `{"exclude":"none"}`, "oracle"},
		{"model-similarity", `{"migration_cost_s":5}`, "unknown key"},
		{"model-similarity+rounds", `{"migration_cost_s":5,"min_gain":0.2}`, ""},
		{"model-similarity-oracle", `{"k":2}`, "unknown key"},
		{"model-similarity-oracle", `{"packing":true,"min_combined":1.1}`, ""},
		{"model-similarity+packing", `{"min_combined":1.05,"exclude":"family"}`, ""},
		{"model-similarity+packing", `{"min_combined":2}`, "min_combined"},
		{"model-similarity+rounds", `{"min_combined":1}`, "unknown key"},
		{"gavel-maxmin", ``, ""},
		{"gavel-maxmin", `{"throughputs":"similarity","exclude":"family","k":5}`, ""},
		{"gavel-maxmin", `{"exclude":"family"}`, "throughputs=similarity"},
		{"gavel-maxmin", `{"throughputs":"guess"}`, "throughputs"},
		{"gavel-maxmin", `{"order":"lpt"}`, "unknown key"},
		{"gavel-maxmin", `{"throughputs":"similarity","exclude":"none"}`, "throughputs=measured"},
		{"gavel-maxmin", `{"zz":1,"aa":2,"mm":3}`, `unknown key "aa"`},
		{"first-fit-any", `{"order":"lpt"}`, "unknown key"},
		{"random-type", ``, ""},
		{"fastest-gpu-first", `null`, ""},
		{"model-similarity", `{"order":"sjf"}`, "order"},
	}
	for _, tc := range tests {
		var err error
		for _, e := range Entries() {
			if e.Name == tc.name {
				_, err = e.New(json.RawMessage(tc.params))
			}
		}
		if (tc.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.wantErr)) {
			t.Errorf("%s %s: got error %v, want %q", tc.name, tc.params, err, tc.wantErr)
		}
	}
}

// genJobs draws a workload through the generator registry.
func genJobs(t testing.TB, spec string, seed uint64) []core.Job {
	t.Helper()
	jobs, err := gen.Generate(spec, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	return jobs
}

// TestSmokeRuns runs every policy on the smoke scenario: all jobs finish, similarity matches are
// recorded, and a re-run is identical.
func TestSmokeRuns(t *testing.T) {
	sc, ok := Scenarios().Find("similarity-smoke")
	if !ok {
		t.Fatal("similarity-smoke missing")
	}
	jobs := genJobs(t, sc.Spec.Generate, sc.Spec.Seed)
	cl, _ := core.ParseCluster(sc.Spec.Cluster)
	for _, name := range sc.Spec.Policies {
		s1, r1, pol := run(t, name, "", jobs, cl, sc.Spec.Seed, 60*core.Second)
		if s1.Completed != len(jobs) {
			t.Errorf("%s: got %d completed, want %d", name, s1.Completed, len(jobs))
		}
		if len(r1.Warnings) != 0 {
			t.Errorf("%s: got warnings %v, want none", name, r1.Warnings)
		}
		if strings.HasPrefix(name, "model-similarity") {
			m := pol.(*Policy).Match(0)
			if m.Reference == "" || m.Best == "" {
				t.Errorf("%s: job 0 match %+v, want a reference and a type", name, m)
			}
			if name != "model-similarity-oracle" && m.Reference == jobs[0].Model {
				t.Errorf("%s: job 0 matched its own model %s", name, m.Reference)
			}
		}
		s2, _, _ := run(t, name, "", jobs, cl, sc.Spec.Seed, 60*core.Second)
		if *s1.Makespan != *s2.Makespan || *s1.MeanJCT != *s2.MeanJCT {
			t.Errorf("%s: re-run differs: makespan %v vs %v", name, *s1.Makespan, *s2.Makespan)
		}
	}
}

// TestRoundsMigrates checks that the re-matching variant moves jobs (Stop + Start) to faster
// GPUs as they free up, and that the engine charges the checkpoint cost.
func TestRoundsMigrates(t *testing.T) {
	jobs := genJobs(t, "similarity:jobs=48", 3)
	cl, _ := core.ParseCluster(gavelCluster)
	s, _, _ := run(t, "model-similarity+rounds", "", jobs, cl, 3, 60*core.Second)
	if s.Preemptions == 0 {
		t.Errorf("got 0 migrations, want some")
	}
	if s.Completed != len(jobs) {
		t.Errorf("got %d completed, want %d", s.Completed, len(jobs))
	}
}

func BenchmarkSimilarityMakespan(b *testing.B) {
	jobs := genJobs(b, "similarity:jobs=48", 1)
	cl, _ := core.ParseCluster(gavelCluster)
	for b.Loop() {
		run(b, "model-similarity", "", jobs, cl, 1, 60*core.Second)
	}
}

// BenchmarkSimilarityOnline runs every policy of the family that re-decides as jobs come and go
// (rounds of re-placement, and gavel-maxmin's linear program over the job classes at every
// decision) on 300 jobs arriving online, so that the cost per decision shows.
func BenchmarkSimilarityOnline(b *testing.B) {
	jobs := genJobs(b, "similarity:jobs=300,rate=40", 1)
	cl, _ := core.ParseCluster(gavelCluster)
	for _, name := range []string{"model-similarity", "model-similarity+rounds", "gavel-maxmin"} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				run(b, name, "", jobs, cl, 1, 60*core.Second)
			}
		})
	}
}

// TestOneGPUServers: on servers of one GPU a gang can only run spread; every policy of the
// family places every job (the consolidated speed of the best type is out of reach, and waiting
// for it used to keep a job pending forever — a hang with rounds).
func TestOneGPUServers(t *testing.T) {
	jobs, err := gen.Generate("similarity:jobs=24", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	cl, err := core.ParseCluster("12x1:K80+12x1:P100+12x1:V100")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"model-similarity", "model-similarity+rounds", "model-similarity+packing", "model-similarity-oracle", "gavel-maxmin"} {
		sum, r, _ := run(t, name, "", jobs, cl, 1, 0)
		if sum.Completed != len(jobs) || len(r.Warnings) != 0 {
			t.Errorf("%s: %d of %d jobs completed, warnings %+v", name, sum.Completed, len(jobs), r.Warnings)
		}
	}
}
