package script

import (
	"errors"
	"strings"
	"testing"
)

// memLimits are the default limits with a budget of 4 MB and calls long enough to fill it.
var memLimits = func() Limits {
	l := DefaultLimits
	l.Memory = 4 << 20
	l.CallSteps = 50_000_000
	return l
}()

// TestMemoryBudget: a script that holds more than its budget ends its run at the line that
// passed it, whether it keeps the values in s.store across calls, in a local within one call, or
// builds them in one guarded step.
func TestMemoryBudget(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		line      int
	}{
		{"a store that grows in every call", "def priority(job, s):\n    for i in range(4000):\n        s.store[(job.index, i)] = [i]\n    return 0\n", 3},
		{"a local list in one call", "def schedule(s):\n    x = []\n    while True:\n        x.append([1, 2, 3])\n", 4},
		{"one guarded step", "def schedule(s):\n    x = [0] * 400000\n", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := CompileWith("mem.star", []byte(tc.src), memLimits)
			if err != nil {
				t.Fatal(err)
			}
			_, err = DryRun(prog)
			var e *Error
			if !errors.As(err, &e) || e.Line != tc.line || !strings.Contains(e.Msg, "memory budget of 4 MB") {
				t.Fatalf("got %v, want mem.star:%d: memory budget of 4 MB …", err, tc.line)
			}
		})
	}
}

// TestMemoryCounted: what a script keeps is counted, each shared value once, and a script well
// within its budget runs to the end with its peak recorded.
func TestMemoryCounted(t *testing.T) {
	src := "def priority(job, s):\n    s.store[job] = [job.index, \"x\" * 100]\n    s.store[\"all\"] = s.store\n    return job.index\n"
	prog, err := CompileWith("keep.star", []byte(src), memLimits)
	if err != nil {
		t.Fatal(err)
	}
	pol, err := prog.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	p := pol.(*Policy)
	p.dry = true
	if _, err := runDry(p); err != nil {
		t.Fatal(err)
	}
	p.mem.count()
	// 20 entries of a job and a list of an int and a 100-byte string, plus the "all" entry.
	entry := int64(perEntry + sizeList + 2*perElement + sizeScalar + sizeString + 100)
	want := int64(sizeDict) + 20*entry + perEntry + sizeString + 3
	if p.MemoryPeak() != want {
		t.Errorf("peak %d bytes, want %d", p.MemoryPeak(), want)
	}
}
