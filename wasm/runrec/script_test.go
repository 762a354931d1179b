package runrec

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"schedlab/policies/scenario"
)

func TestLinkCarriesScripts(t *testing.T) {
	spec := scenario.Spec{Generate: "philly:jobs=20", Cluster: "2x8", Policies: []string{"fifo", "mine"}, Seed: 3}
	ss := []Script{
		{Name: "mine", File: "mine.star", Source: "name = \"mine\"\n\ndef priority(job, s):\n    return job.submit\n"},
		{Name: "other", File: "other.star", Source: "def priority(job, s):\n    return (job.gpus, job.submit)\n\x00 é"},
	}
	q, err := EncodeQueryScripts(spec, "", ss)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ScriptsOfQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != ss[0] || got[1] != ss[1] {
		t.Fatalf("scripts through a link: got %q, want %q", got, ss)
	}
	back, _, ok, err := DecodeQuery(q)
	if err != nil || !ok || strings.Join(back.Policies, ",") != "fifo,mine" {
		t.Errorf("the rest of the link: got %+v, %v, %v", back, ok, err)
	}
	if none, err := ScriptsOfQuery(EncodeQuery(spec, "")); err != nil || none != nil {
		t.Errorf("a link without scripts: got %v, %v, want none", none, err)
	}
}

func TestLinkRefusesLongScripts(t *testing.T) {
	// Random text does not compress: 8,000 bytes of it cannot fit in MaxLinkScripts characters.
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, 8000)
	for i := range b {
		b[i] = byte('a' + r.IntN(26))
	}
	q, err := EncodeQueryScripts(scenario.Spec{Generate: "philly:jobs=2", Cluster: "1x8", Policies: []string{"x"}}, "", []Script{{File: "x.star", Source: string(b)}})
	var long ErrLinkTooLong
	if !errors.As(err, &long) || long.Chars <= MaxLinkScripts || !strings.Contains(err.Error(), "more than a link may carry") {
		t.Fatalf("got %v, want ErrLinkTooLong", err)
	}
	if strings.Contains(q, "script=") {
		t.Errorf("the query still carries the script: %s", q)
	}
}

func TestLinkScriptsDamaged(t *testing.T) {
	for _, v := range []string{"%%%", "AAAA", strings.Repeat("A", MaxLinkScripts+1)} {
		if _, err := ScriptsOfQuery("generate=x&script=" + v); err == nil {
			t.Errorf("script=%.20s…: no error", v)
		}
	}
}
