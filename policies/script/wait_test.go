package script_test

import (
	"errors"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/sim"
	"schedlab/policies/script"
)

// TestScriptWait, worked by hand: on one server of 4 GPUs, job a (4 GPUs, 0–100 s) runs at once;
// b (2 GPUs) arrives at 10 s and waits until a ends. With s.wait the script's words are b's
// reason (class script) from 10 s to 100 s; without, the engine's own: capacity, 2 needed and 0
// free.
func TestScriptWait(t *testing.T) {
	jobs := []core.Job{
		{ID: "a", GPUs: 4, Submit: 0, Duration: 100 * core.Second},
		{ID: "b", GPUs: 2, Submit: 10 * core.Second, Duration: 50 * core.Second},
	}
	c, err := core.ParseCluster("1x4")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, src string
		class     sim.Class
		text      string
	}{
		{"with s.wait", "name = \"w\"\ndef schedule(s):\n    for j in s.queue:\n        if not s.start(j):\n            s.wait(j, \"  waits for all four GPUs to drain \")\n",
			sim.Script, "waits for all four GPUs to drain"},
		{"without", "name = \"w\"\ndef schedule(s):\n    for j in s.queue:\n        s.start(j)\n",
			sim.Capacity, "needs 2 GPUs; 0 free in the cluster"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := script.Compile("w.star", []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			pol, err := prog.Factory()(nil)
			if err != nil {
				t.Fatal(err)
			}
			s, err := sim.New(sim.Config{Cluster: c, Jobs: jobs, Policy: pol})
			if err != nil {
				t.Fatal(err)
			}
			r := s.Run()
			var got []string
			for _, e := range r.Timeline(1) {
				got = append(got, e.Kind.String()+" "+e.Class.String()+" "+e.Text)
			}
			want := []string{"submitted  submitted, needs 2 GPUs", "waiting " + tc.class.String() + " " + tc.text,
				"started  started on 2 GPUs on 1 server: GPUs 0-1", "finished  finished"}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("b's timeline\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if by := r.WaitBy(1); by[tc.class] != 90*core.Second {
				t.Errorf("b waited %v by class, want 90 s of %s", by, tc.class)
			}
			if by := r.WaitBy(0); by != ([sim.NumClasses]core.Time{}) {
				t.Errorf("a never waited, got %v", by)
			}
		})
	}
}

// TestScriptWaitErrors: s.wait's misuses end the dry run with an error at their line.
func TestScriptWaitErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
		line            int
	}{
		{"in priority", "def priority(job, s):\n    s.wait(job, \"no\")\n    return 0\n", "reasons are for schedule", 2},
		{"empty", "def schedule(s):\n    for j in s.queue:\n        s.wait(j, \"  \")\n", "the reason is empty", 3},
		{"running job", "def schedule(s):\n    for j in s.queue:\n        if s.start(j):\n            s.wait(j, \"x\")\n", "not waiting", 4},
		{"too long", "def schedule(s):\n    for j in s.queue:\n        s.wait(j, \"x\" * 300)\n", "at most 200", 3},
		{"too many", "def schedule(s):\n    for j in s.queue:\n        for i in range(300):\n            s.wait(j, \"r\" + str(i))\n", "distinct reasons", 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := script.Check("bad.star", []byte(tc.src))
			var e *script.Error
			if !errors.As(err, &e) || e.Line != tc.line || !strings.Contains(e.Msg, tc.want) {
				t.Errorf("got %v, want bad.star:%d: …%s…", err, tc.line, tc.want)
			}
		})
	}
}
