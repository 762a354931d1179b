package gen

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// FuzzGenerate: any generator spec either fails with a "gen: " error or yields valid jobs in
// submission order, the same ones on a second call with the same seed; never a panic. Specs
// asking for more than 2,000 jobs are skipped (the size bound is tested, not the generation).
func FuzzGenerate(f *testing.F) {
	for _, s := range []string{"philly", "philly:jobs=50,rate=9", "philly:jobs=20,multigpu=false,start=100",
		"synergy:jobs=30,split=20/70/10", "synergy:jobs=10,split=100/0/0,multigpu=true", "synergy:jobs=40,stream=authors,ratio=5", "similarity:jobs=12,rate=2,single=true",
		"recurring:jobs=40", "interference:jobs=25,minh=0.1,maxh=1", "philly:jobs=0", "philly:seed=1", "nope:x=1",
		"philly:jobs=10,jobs=11", "philly:rate=1e-300", ":", "similarity:minh=5,maxh=1"} {
		f.Add(s, uint64(1))
	}
	f.Fuzz(func(t *testing.T, spec string, seed uint64) {
		_, pairs, err := ParseSpec(spec)
		if err == nil {
			for _, kv := range pairs {
				if n, err := strconv.ParseFloat(kv[1], 64); kv[0] == "jobs" && err == nil && n > 2000 {
					t.Skip("too many jobs for a fuzz iteration")
				}
			}
		}
		jobs, err := Generate(spec, seed, nil)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "gen: ") {
				t.Fatalf("%q: error %q does not start with gen:", spec, err)
			}
			return
		}
		if len(jobs) == 0 {
			t.Fatalf("%q: no jobs and no error", spec)
		}
		for i := range jobs {
			if err := jobs[i].Validate(); err != nil {
				t.Fatalf("%q: job %d: %v", spec, i, err)
			}
			if i > 0 && jobs[i].Submit < jobs[i-1].Submit {
				t.Fatalf("%q: job %d submitted at %d, before job %d at %d", spec, i, jobs[i].Submit, i-1, jobs[i-1].Submit)
			}
		}
		again, err := Generate(spec, seed, nil)
		if err != nil || !reflect.DeepEqual(jobs, again) {
			t.Fatalf("%q: a second call with seed %d differs (%v)", spec, seed, err)
		}
	})
}
