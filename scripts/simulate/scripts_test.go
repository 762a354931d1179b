package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const lasScript = "../../policies/script/examples/las.star"

// TestPolicyFile: a script runs beside a built-in (and matches it), joins a figure as a series, and
// a bad one stops the runner with its file and line.
func TestPolicyFile(t *testing.T) {
	bin := buildRunner(t)
	out, err := exec.Command(bin, "-generate", "philly:jobs=60,rate=20", "-cluster", "2x8", "-policy", "las",
		"-policy-file", lasScript, "-json").Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 2 || !strings.Contains(lines[1], `"policy":"las-script"`) {
		t.Fatalf("want las then las-script, got\n%s", out)
	}
	// (The decisions match; the reasons for waiting are worded by each walk in its own way.)
	noWhy := regexp.MustCompile(`"wait_by_reason":\{[^}]*\},`)
	a := noWhy.ReplaceAllString(strings.Replace(lines[0], `"policy":"las"`, "", 1), "")
	if b := noWhy.ReplaceAllString(strings.Replace(lines[1], `"policy":"las-script"`, "", 1), ""); a != b {
		t.Errorf("las-script differs from las:\n%s\n%s", b, a)
	}

	dir := t.TempDir()
	csv := filepath.Join(dir, "fig.csv")
	if msg, code := runBin(t, bin, "-figure", "baselines-smoke", "-policy-file", lasScript, "-figure-out", csv); code != 0 {
		t.Fatalf("-figure with a script: exit %d: %s", code, msg)
	}
	if b, _ := os.ReadFile(csv); !bytes.Contains(b, []byte(",las-script,")) {
		t.Errorf("the figure's CSV has no las-script series:\n%s", b)
	}

	bad := map[string]string{
		"syntax.star":  "def schedule(s):\n    return (\n", // the unclosed bracket is on line 2
		"runtime.star": "def schedule(s):\n    x = 1\n    return s.queue[0].nope\n",
		"busy.star":    "def schedule(s):\n    for j in s.queue:\n        s.start(j, gpus=[0] * j.gpus)\n",
	}
	want := map[string]string{"syntax.star": ":2: ", "runtime.star": ":3: ", "busy.star": ":3: "}
	for name, src := range bad {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		msg, code := runBin(t, bin, "-generate", "philly:jobs=30,rate=20", "-cluster", "1x8", "-policy-file", p)
		if code == 0 || !strings.Contains(msg, p+want[name]) {
			t.Errorf("%s: exit %d, %q; want an error at %s%s", name, code, msg, p, want[name])
		}
	}
}

// TestScriptedShards: parts of a run with a script carry its hash; they merge to the unsharded
// bytes with the same script and are refused with another.
func TestScriptedShards(t *testing.T) {
	bin := buildRunner(t)
	dir := t.TempDir()
	target := []string{"-figure", "baselines-smoke", "-policy-file", lasScript}
	full := filepath.Join(dir, "full.csv")
	if msg, code := runBin(t, bin, append(target, "-figure-out", full)...); code != 0 {
		t.Fatalf("unsharded: exit %d: %s", code, msg)
	}
	parts := shardAll(t, bin, dir, 3, target...)
	head, _ := os.ReadFile(parts[0])
	if first, _, _ := strings.Cut(string(head), "\n"); !strings.Contains(first, " scripts=") {
		t.Errorf("a part's header does not hash the script: %s", first)
	}
	merged := filepath.Join(dir, "merged.csv")
	if msg, code := runBin(t, bin, append(append(target, "-merge"), append(parts, "-figure-out", merged)...)...); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, msg)
	}
	want, _ := os.ReadFile(full)
	got, _ := os.ReadFile(merged)
	if !bytes.Equal(got, want) {
		t.Errorf("merged\n%s\nwant\n%s", got, want)
	}
	other := filepath.Join(dir, "las.star") // the same policy, one more comment: another source
	src, _ := os.ReadFile(lasScript)
	os.WriteFile(other, append(src, "# changed\n"...), 0o644)
	msg, code := runBin(t, bin, append([]string{"-figure", "baselines-smoke", "-policy-file", other, "-merge"}, append(parts, "-figure-out", merged)...)...)
	if code == 0 || !strings.Contains(msg, "other -policy-file scripts") {
		t.Errorf("a merge with a changed script: exit %d, %q", code, msg)
	}
}

// TestJudgeScriptSeries: a figure CSV with a script's series is judged with that script's
// -policy-file, which shows the script's series (name, hash, means) beside the figure's table.
func TestJudgeScriptSeries(t *testing.T) {
	csvPath := filepath.Join(t.TempDir(), "fig.csv")
	star := "../../policies/script/examples/srsf.star"
	var out, errb bytes.Buffer
	if err := run([]string{"-figure", "baselines-smoke", "-seeds", "1", "-j", "1", "-policy-file", star, "-figure-out", csvPath}, &out, &errb); err != nil {
		t.Fatal(err, errb.String())
	}
	out.Reset()
	if err := run([]string{"-judge", csvPath, "-policy-file", star}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "also run: srsf-script, yours (sha256 ") {
		t.Errorf("-judge with the script shows no script series:\n%s", out.String())
	}
}

// TestScriptLimitFlags: -script-memory and -script-steps reach the script, which then ends the run
// at its line with exit status 2; bad values are refused.
func TestScriptLimitFlags(t *testing.T) {
	bin := buildRunner(t)
	grow := filepath.Join(t.TempDir(), "grow.star")
	src := "def priority(job, s):\n    for i in range(3000):\n        s.store[(job.index, i)] = [i]\n    return job.index\n"
	if err := os.WriteFile(grow, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-script-memory", "2"}, ": memory budget of 2 MB spent"},
		{[]string{"-script-steps", "200000"}, ": stopped after"},
		{[]string{"-script-memory", "0"}, "-script-memory 0: want 1 to"},
		{[]string{"-script-steps", "0"}, "-script-steps 0: want a positive number"},
	} {
		args := append([]string{"-generate", "philly:jobs=40,rate=20", "-policy-file", grow}, tc.args...)
		msg, code := runBin(t, bin, args...)
		if code != 2 || !strings.Contains(msg, tc.want) || (strings.HasPrefix(tc.want, ":") && !strings.Contains(msg, "grow.star:")) {
			t.Errorf("%v: exit %d, %q; want 2 and …%s…", tc.args, code, msg, tc.want)
		}
	}
	if msg, code := runBin(t, bin, "-generate", "philly:jobs=40,rate=20", "-policy-file", grow); code != 0 {
		t.Errorf("within the default limits: exit %d: %s", code, msg)
	}
}
