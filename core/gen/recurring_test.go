package gen

import (
	"testing"

	"schedlab/core"
)

func TestRecurring(t *testing.T) {
	a, err := Generate("recurring:jobs=300,rate=4,sigma=0.5", 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Generate("recurring:jobs=300,rate=4,sigma=0.5", 7, nil)
	groups := map[string]int{}
	for i := range a {
		j := &a[i]
		if err := j.Validate(); err != nil {
			t.Fatalf("job %d: %v", i, err)
		}
		if j.Recurrence == "" || j.Par == (core.Parallelism{}) || j.IterTime <= 0 {
			t.Fatalf("job %d: got %+v, want a group tag, parallelism and iteration time", i, *j)
		}
		if j.Iterations != b[i].Iterations || j.Submit != b[i].Submit || j.Recurrence != b[i].Recurrence {
			t.Fatalf("job %d differs between two runs with seed 7", i)
		}
		groups[j.Recurrence]++
	}
	if len(groups) != len(RecurringGroups()) {
		t.Errorf("got %d groups, want %d", len(groups), len(RecurringGroups()))
	}
	for _, spec := range []string{"recurring:sigma=0.1", "recurring:groups=13", "recurring:rate=0"} {
		if _, err := Generate(spec, 1, nil); err == nil {
			t.Errorf("%s: got no error, want one", spec)
		}
	}
}
