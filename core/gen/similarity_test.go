package gen

import (
	"reflect"
	"testing"

	"schedlab/core"
	"schedlab/core/hetero"
)

func TestSimilarityDeterministicAndChecked(t *testing.T) {
	a, err := Generate("similarity:jobs=30,rate=4,maxh=2", 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Generate("similarity:jobs=30,rate=4,maxh=2", 7, nil)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same seed gave different workloads")
	}
	cl, _ := core.ParseCluster("2x8:K80+2x8:P100+2x8:V100")
	if _, err := (hetero.Speed{Table: hetero.Gavel()}).Check("", a, cl, true); err != nil {
		t.Errorf("generated workload fails Check: %v", err)
	}
	for _, bad := range []string{"similarity:jobs=0", "similarity:minh=3,maxh=1", "similarity:foo=1", "similarity:seed=3"} {
		if _, err := Generate(bad, 1, nil); err == nil {
			t.Errorf("Generate(%q): got no error, want one", bad)
		}
	}
}

// profiles=zeus draws Zeus' job types, only from the upper half of each model's batch sizes, and
// every job passes Check on the four-type cluster; another profile set is refused.
func TestSimilarityZeusProfiles(t *testing.T) {
	jobs, err := Generate("similarity:jobs=200,profiles=zeus", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	z := hetero.Zeus()
	small := map[string]bool{"shufflenetv2/cifar100-bs8": true, "ncf/movielens1m-bs8": true, "bert/squad-bs8": true}
	for name := range small {
		if _, ok := z.Profile(name); !ok {
			t.Fatalf("no Zeus profile %s", name)
		}
	}
	for _, j := range jobs {
		if _, ok := z.Profile(j.Model); !ok {
			t.Fatalf("job %s: model %q is not a Zeus job type", j.ID, j.Model)
		}
		if small[j.Model] {
			t.Errorf("job %s: %s is in the lower half of its batch sizes", j.ID, j.Model)
		}
	}
	cl, _ := core.ParseCluster("2x8:A40+2x8:V100+2x8:RTX6000+2x8:P100")
	if _, err := (hetero.Speed{Table: z}).Check("", jobs, cl, true); err != nil {
		t.Errorf("Zeus workload fails Check: %v", err)
	}
	if _, err := Generate("similarity:profiles=sia", 1, nil); err == nil {
		t.Error("profiles=sia accepted")
	}
}
