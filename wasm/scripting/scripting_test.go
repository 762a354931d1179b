package scripting

import (
	"strings"
	"testing"

	"schedlab/wasm/runrecord"
)

func TestCheck(t *testing.T) {
	var s Scripts
	good := "name = \"mine\"\n\ndef priority(job, s):\n    return job.submit\n"
	if c := s.check("mine.star", good); c.Err != "" || c.Name != "mine" || len(c.Hash) != 64 {
		t.Errorf("good script: got %+v", c)
	}
	c := s.check("bad.star", "def schedule(s):\n    n = 0\n    while True:\n        n += 1\n")
	if c.Line != 4 || !strings.HasPrefix(c.Err, "bad.star:4: ") {
		t.Errorf("endless loop: got %+v, want bad.star:4", c)
	}
	// An empty body: the steps count at the while's line, which the page marks.
	c = s.check("bad.star", "def schedule(s):\n    n = 0\n    x = 1\n    while True:\n        pass\n")
	if c.Line != 4 || c.Col == 0 || !strings.HasPrefix(c.Err, "bad.star:4: ") {
		t.Errorf("endless loop with an empty body: got %+v, want bad.star:4 with a column", c)
	}
	if c := s.check("fifo.star", "def priority(job, s):\n    return job.submit\n"); !strings.Contains(c.Err, "built-in") {
		t.Errorf("a built-in's name: got %+v, want it refused", c)
	}
	if c := s.check("odd.star", "name = \"a,b\"\ndef priority(job, s):\n    return 0\n"); !strings.Contains(c.Err, "use letters") {
		t.Errorf("a name a link cannot carry: got %+v", c)
	}
	if c := s.check("big.star", strings.Repeat("#", MaxSource+1)); !strings.Contains(c.Err, "at most") {
		t.Errorf("too big: got %+v", c)
	}
}

func TestRegistry(t *testing.T) {
	var s Scripts
	ex := s.Examples()
	if len(ex) < 3 {
		t.Fatalf("examples: got %d", len(ex))
	}
	reg, got, err := s.Registry(ex)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range got {
		if !reg.Has(g.Name) || g.Hash == "" || g.Source == "" {
			t.Errorf("compiled %+v: not registered, or without hash or source", g)
		}
	}
	if !reg.Has("fifo") {
		t.Error("the built-ins are missing")
	}
	// A recorded hash must still match: a changed source is refused.
	changed := []runrecord.Script{{File: got[0].File, Hash: got[0].Hash, Source: got[0].Source + "\n# edited\n"}}
	if _, _, err := s.Registry(changed); err == nil || !strings.Contains(err.Error(), "not the one recorded") {
		t.Errorf("changed source: got %v", err)
	}
	if _, _, err := s.Registry([]runrecord.Script{ex[0], ex[0]}); err == nil || !strings.Contains(err.Error(), "taken") {
		t.Errorf("the same script twice: got %v", err)
	}
}
