package script

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// fuzzLimits keep one fuzz input to a few milliseconds however it loops or allocates.
var fuzzLimits = Limits{CallSteps: 20_000, SeenSteps: 100, RunSteps: 100_000, CallUnits: 1 << 14,
	SeenUnits: 100, RunUnits: 1 << 16, Memory: 16 << 20, IntBits: 1024}

// FuzzScript: whatever the source, compiling and dry-running it ends either with a result or with
// an *Error naming the file — never a panic, a hang or an error without its file — and twice the
// same way (no clock, no map order).
func FuzzScript(f *testing.F) {
	for _, e := range Examples() {
		f.Add(string(e.Source))
	}
	for _, h := range hostile {
		f.Add(h.src)
	}
	f.Add("def schedule(s):\n    for j in sorted(s.queue, key=lambda j: -j.gpus):\n        s.start(j, placement=\"spread\")\n")
	f.Add("preempt = True\ndef schedule(s):\n    return sorted(s.running + s.queue, key=lambda j: (j.attained, j.index))\n")
	f.Add("def priority(job, s):\n    return (s.random(), job.gpus)\n")
	f.Fuzz(func(t *testing.T, src string) {
		first := fuzzOnce(src)
		if second := fuzzOnce(src); second != first {
			t.Fatalf("two runs differ:\n%s\n%s", first, second)
		}
	})
}

func fuzzOnce(src string) string {
	p, err := CompileWith("f.star", []byte(src), fuzzLimits)
	if err == nil {
		r, rerr := DryRun(p)
		if rerr == nil {
			return fmt.Sprintf("ok %d %d", r.Events, r.End)
		}
		err = rerr
	}
	var e *Error
	if !errors.As(err, &e) || e.File != "f.star" || !strings.HasPrefix(err.Error(), "f.star") || e.Line < 0 {
		panic(fmt.Sprintf("an error that is not the script's: %v (%T)", err, err))
	}
	return err.Error()
}
