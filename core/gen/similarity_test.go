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
