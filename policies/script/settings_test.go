package script

import (
	"strings"
	"testing"
)

// TestPlacementReplacedIsSaid: a run's placement that replaces the script's own is a warning of
// the run; the same placement, or a script that sets none, says nothing.
func TestPlacementReplacedIsSaid(t *testing.T) {
	for _, tc := range []struct {
		src, params string
		said        bool
	}{
		{"placement = \"consolidate\"\ndef schedule(s):\n    return s.queue\n", `{"placement": "spread"}`, true},
		{"placement = \"spread\"\ndef schedule(s):\n    return s.queue\n", `{"placement": "spread"}`, false},
		{"def schedule(s):\n    return s.queue\n", `{"placement": "spread"}`, false},
	} {
		prog, err := Compile("p.star", []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		pol, err := prog.New([]byte(tc.params))
		if err != nil {
			t.Fatal(err)
		}
		res, err := runDry(pol.(*Policy))
		if err != nil {
			t.Fatal(err)
		}
		said := false
		for _, w := range res.Warnings {
			said = said || strings.Contains(w.Text, `replaces the script's placement = "consolidate"`)
		}
		if said != tc.said {
			t.Errorf("%q with %s: warned %v, want %v (%v)", tc.src, tc.params, said, tc.said, res.Warnings)
		}
	}
}

// TestPrintsInOrder: print lines stay in the order the script wrote them, each with its time.
func TestPrintsInOrder(t *testing.T) {
	src := "def schedule(s):\n    n = s.store.get(\"n\", 0) + 1\n    s.store[\"n\"] = n\n    if n <= 12:\n        print(\"call\", n)\n    return s.queue\n"
	prog, err := Compile("p.star", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	res, err := DryRun(prog)
	if err != nil {
		t.Fatal(err)
	}
	var calls []string
	for _, w := range res.Warnings {
		if i := strings.Index(w.Text, "call "); i >= 0 {
			calls = append(calls, w.Text[i:])
		}
	}
	if len(calls) != 12 || calls[1] != "call 2" || calls[9] != "call 10" {
		t.Errorf("print lines %q, want call 1 … call 12 in order", calls)
	}
}

// TestFirst: s.first(n) is the head of s.queue, at most the whole of it, and refuses n < 0.
func TestFirst(t *testing.T) {
	src := "def schedule(s):\n    q = list(s.queue)\n    if s.first(3) != q[:3] or s.first(100) != q or s.first(0) != []:\n        fail(\"first differs from the queue\")\n    return s.queue\n"
	prog, err := Compile("f.star", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DryRun(prog); err != nil {
		t.Fatal(err)
	}
	bad, err := Compile("b.star", []byte("def schedule(s):\n    s.first(-1)\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DryRun(bad); err == nil || !strings.Contains(err.Error(), "b.star:2: first: want n ≥ 0") {
		t.Errorf("s.first(-1): got %v", err)
	}
}
