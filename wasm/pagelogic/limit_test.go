package pagelogic

import (
	"strings"
	"testing"
)

func TestGeneratorProblem(t *testing.T) {
	for spec, want := range map[string]string{
		"philly:jobs=10000000,rate=9": "generator philly:jobs=10000000,rate=9: jobs: 10,000,000 jobs; the page runs at most 1,000,000",
		"philly:jobs=1000001":         "jobs: 1,000,001 jobs",
		"philly:jobs=1e300":           "jobs: 1e300 jobs",
		"philly:jobs=Inf":             "jobs: Inf jobs",
		"philly:jobs=1000000,rate=9":  "",
		"philly:rate=9":               "",
		"philly:jobs=x":               "", // the generator's own check names it
		":":                           "",
	} {
		got := GeneratorProblem(spec)
		if (want == "") != (got == "") || !strings.Contains(got, want) {
			t.Errorf("GeneratorProblem(%q) = %q, want it to contain %q", spec, got, want)
		}
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", -1234567: "-1,234,567", 10000000: "10,000,000"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
