package script

import (
	"errors"
	"strings"
	"testing"
)

// hostile are scripts a user may write by mistake or on purpose. Each must end its dry run with
// an *Error at the named line whose message contains want — never a crash, an out-of-memory or a
// hang (the test's own deadline would be the hang). Their cost is bounded by counted steps and
// units, never by a clock; BenchmarkHostile measures how long each takes to fail, natively and
// under Node.
var hostile = []struct {
	name, src string
	line      int
	want      string
}{
	{"endless loop", "def schedule(s):\n    n = 0\n    while True:\n        n += 1\n", 4, "step limit per call"},
	{"endless loop with an empty body", "def schedule(s):\n    n = 0\n    x = 1\n    while True:\n        pass\n", 4, "step limit per call"},
	{"endless loop in priority", "def priority(job, s):\n    n = 0\n    while True:\n        x = 1\n", 3, "a call of priority may take 500000 steps;"},
	{"endless loop at the top level", "n = 0\nwhile True:\n    pass\ndef schedule(s):\n    return None\n", 2, "the file's top level may take"},
	{"a key moving with no field", "preempt = True\ndef priority(job, s):\n    return (1, 0, (\"remaining\", 1))\n", 2, "want None, \"falls\", a time in seconds or (\"remaining_ms\" or \"attained_ms\", a rate)"},
	{"a key moving at no rate", "preempt = True\ndef priority(job, s):\n    return (1, 0, (\"attained_ms\", \"fast\"))\n", 2, "is (\"attained_ms\", \"fast\")"},
	{"endless loop over a range", "def schedule(s):\n    n = 0\n    for i in range(4000000):\n        for k in range(4000000): n += 1\n", 4, "step limit per call"},
	{"busy in every call", "def schedule(s):\n    n = 0\n    for i in range(30000): n += 1\n", 3, "step limit per run"},
	{"recursion", "def f(n):\n    return f(n + 1)\n\ndef schedule(s):\n    f(0)\n", 2, "called recursively"},
	{"mutual recursion", "def f(n):\n    return g(n)\n\ndef g(n):\n    return f(n)\n\ndef schedule(s):\n    f(0)\n", 2, "called recursively"},
	{"huge list", "def schedule(s):\n    x = [0] * 1000000000\n", 2, "allocation budget"},
	{"huge string", "def schedule(s):\n    x = \"x\" * 1000000000\n", 2, "allocation budget"},
	{"huge list at the top level", "x = [0] * 1000000000\ndef schedule(s):\n    return None\n", 1, "allocation budget"},
	{"doubling a list", "def schedule(s):\n    x = [0]\n    for i in range(40):\n        x = x + x\n", 4, "allocation budget"},
	{"doubling in place", "def schedule(s):\n    x = [0]\n    for i in range(40):\n        x += x\n", 4, "allocation budget"},
	{"doubling an element", "def schedule(s):\n    x = [\"ab\"]\n    for i in range(40):\n        x[0] *= 2\n", 4, "allocation budget"},
	{"a list in a loop", "def schedule(s):\n    x = []\n    for i in range(4000000): x.append(i)\n", 3, "step limit per call"},
	{"list of a range", "def schedule(s):\n    x = list(range(100000000))\n", 2, "range of"},
	{"join", "def schedule(s):\n    x = \"y\" * 100000\n    z = \"\".join([x] * 1000)\n", 3, "allocation budget"},
	{"replace", "def schedule(s):\n    x = \"y\" * 100000\n    z = x.replace(\"y\", \"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\")\n", 3, "allocation budget"},
	{"str of a self-similar list", "def schedule(s):\n    x = [1]\n    for i in range(60):\n        x = [x, x]\n    return str(x)\n", 5, "allocation budget"},
	{"big integers", "def schedule(s):\n    x = 3\n    for i in range(100):\n        x = x * x\n", 4, "bit limit"},
	{"syntax error", "def schedule(s)\n    return s.queue\n", 2, "got newline"},
	{"undefined name", "def schedule(s):\n    return queue\n", 2, "undefined: queue"},
	{"runtime error", "def schedule(s):\n    return s.queue[0].nope\n", 2, "no .nope field"},
	{"division by zero", "def priority(job, s):\n    return job.gpus / 0\n", 2, "division by zero"},
	{"wrong return type", "def schedule(s):\n    return {\"a\": 1}\n", 1, "schedule returned dict"},
	{"wrong element", "def schedule(s):\n    return [1, 2]\n", 1, "element 0 is int"},
	{"wrong priority", "def priority(job, s):\n    return \"high\"\n", 1, "priority returned string"},
	{"job listed twice", "def schedule(s):\n    return s.queue + s.queue\n", 1, "twice"},
	{"busy GPUs", "def schedule(s):\n    for j in s.queue:\n        s.start(j, gpus=list(range(j.gpus)))\n", 3, "busy"},
	{"not a GPU", "def schedule(s):\n    for j in s.queue:\n        s.start(j, gpus=[99] * j.gpus)\n", 3, "does not exist"},
	{"started twice", "def schedule(s):\n    for j in s.queue:\n        if s.start(j):\n            s.start(j)\n", 4, "already running"},
	{"unknown job", "def schedule(s):\n    s.start(\"no-such-job\")\n", 2, "unknown job"},
	{"unknown job index", "def schedule(s):\n    s.start(100000)\n", 2, "unknown job"},
	{"preempt a waiting job", "def schedule(s):\n    for j in s.queue:\n        s.preempt(j)\n", 3, "not running"},
	{"action in priority", "def priority(job, s):\n    s.start(job)\n    return 0\n", 2, "actions are for schedule"},
	{"no function", "x = 1\n", 1, "neither priority"},
	{"bad placement", "placement = \"nowhere\"\ndef schedule(s):\n    return s.queue\n", 1, "unknown placement"},
	{"bad setting", "preempt = \"yes\"\ndef schedule(s):\n    return s.queue\n", 1, "want True or False"},
	{"misspelled setting", "x = 1\npremept = True\ndef schedule(s):\n    return s.queue\n", 2, "premept is not a setting: did you mean preempt?"},
	{"setting in other case", "Backfill = False\ndef schedule(s):\n    return s.queue\n", 1, "did you mean backfill?"},
	{"wrong arity", "def schedule():\n    return None\n", 1, "must take exactly the parameters (s)"},
	{"fail", "def schedule(s):\n    fail(\"no GPUs for me\")\n", 2, "no GPUs for me"},
}

func TestHostile(t *testing.T) {
	for _, tc := range hostile {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Check("bad.star", []byte(tc.src))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v (%T), want a script error", err, err)
			}
			if e.File != "bad.star" || e.Line != tc.line || !strings.Contains(e.Msg, tc.want) {
				t.Errorf("got %q, want bad.star:%d: …%s…", err, tc.line, tc.want)
			}
			if !strings.HasPrefix(err.Error(), "bad.star:") {
				t.Errorf("%q does not start with the file", err)
			}
		})
	}
}

// BenchmarkHostile is the time each hostile script takes to end with its error.
func BenchmarkHostile(b *testing.B) {
	for _, tc := range hostile {
		b.Run(strings.ReplaceAll(tc.name, " ", "-"), func(b *testing.B) {
			for b.Loop() {
				if _, err := Check("bad.star", []byte(tc.src)); err == nil {
					b.Fatal("no error")
				}
			}
		})
	}
}
