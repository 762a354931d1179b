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
		"syntax.star":  "def schedule(s):\n    return (\n",
		"runtime.star": "def schedule(s):\n    x = 1\n    return s.queue[0].nope\n",
		"busy.star":    "def schedule(s):\n    for j in s.queue:\n        s.start(j, gpus=[0] * j.gpus)\n",
	}
	want := map[string]string{"syntax.star": ":3: ", "runtime.star": ":3: ", "busy.star": ":3: "}
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
