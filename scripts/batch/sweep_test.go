package batch

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"schedlab/core/shareddata"
)

// TestSlurmSweep runs sweep.sbatch on a real one-node Slurm as README.md tells a user to: a small
// figure split four ways as an array job, the merge as a job depending on it, the merged CSV compared
// byte for byte with the unsharded run; then one part is deleted and only its index resubmitted.
func TestSlurmSweep(t *testing.T) {
	start := time.Now()
	s := startSlurm(t)
	root := shareddata.Root(t)
	dir := t.TempDir()
	bin := filepath.Join(dir, "simulate")
	if out, err := exec.Command("go", "build", "-o", bin, filepath.Join(root, "scripts", "simulate")).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	const fig = "baselines-smoke"
	full := filepath.Join(dir, "full.csv")
	if out, err := exec.Command(bin, "-figure", fig, "-figure-out", full).CombinedOutput(); err != nil {
		t.Fatalf("the unsharded run: %v\n%s", err, out)
	}
	want, err := os.ReadFile(full)
	if err != nil {
		t.Fatal(err)
	}

	script := filepath.Join(root, "scripts", "batch", "sweep.sbatch")
	parts := filepath.Join(dir, "parts")
	merged := filepath.Join(dir, "merged.csv")
	env := []string{"SIMULATE=" + bin}
	mergeCmd := bin + " -figure " + fig + " -merge " + parts + "/part-*-of-4.csv -figure-out " + merged
	array := s.submit(t, dir, env, "--array=0-3", script, fig, parts)
	merge := s.submit(t, dir, env, "--dependency=afterok:"+array, "--wrap="+mergeCmd)
	s.wait(t, array, merge)
	same := func(when string) {
		got, err := os.ReadFile(merged)
		if err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: the merged CSV differs from the unsharded run:\n%s\nwant:\n%s", when, got, want)
		}
	}
	same("four array tasks merged")

	lost := filepath.Join(parts, "part-2-of-4.csv")
	if err := os.Remove(lost); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(merged); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("sh", "-c", mergeCmd).CombinedOutput(); err == nil {
		t.Fatalf("a merge without part 2 succeeded: %s", out)
	} else if !bytes.Contains(out, []byte("no part for shard 2/4")) {
		t.Errorf("a merge without part 2: got %q, want it to name shard 2/4", out)
	}
	again := s.submit(t, dir, append(env, "SHARDS=4"), "--array=2", script, fig, parts)
	merge = s.submit(t, dir, env, "--dependency=afterok:"+again, "--wrap="+mergeCmd)
	s.wait(t, again, merge)
	same("part 2 resubmitted alone")
	scriptedSweep(t, s, root, dir, bin)
	t.Logf("the Slurm sweep test took %.1f s", time.Since(start).Seconds())
}

// scriptedSweep runs a sweep file whose policies include one written as a script (the shipped
// las example, given by POLICY_FILES) and which declares a choice of its own, under one of its
// readings (READING), three ways on the same cluster, merges the parts, and compares the CSV byte
// for byte with the unsharded run; a merge without the script refuses.
func scriptedSweep(t *testing.T, s *slurm, root, dir, bin string) {
	sweepFile := filepath.Join(dir, "scripted.json")
	const sweep = `{
  "id": "scripted",
  "generate": "philly:jobs=40,rate=20",
  "policies": ["las", "las-script"],
  "sweep": {"param": "cluster", "label": "cluster", "values": ["1x8", "2x8"]},
  "seeds": "1-2",
  "metrics": ["mean_jct_s", "makespan_s"],
  "choices": [{"name": "thresholds", "values": [
    {"name": "one", "set": {"params.las.thresholds_gpu_s": [3600]}},
    {"name": "three", "set": {"params.las.thresholds_gpu_s": [600, 3600, 36000]}}]}]
}`
	if err := os.WriteFile(sweepFile, []byte(sweep), 0o644); err != nil {
		t.Fatal(err)
	}
	las := filepath.Join(root, "policies", "script", "examples", "las.star")
	full := filepath.Join(dir, "scripted-full.csv")
	if out, err := exec.Command(bin, "-sweep", sweepFile, "-reading", "thresholds=three", "-policy-file", las, "-figure-out", full).CombinedOutput(); err != nil {
		t.Fatalf("the unsharded scripted sweep: %v\n%s", err, out)
	}
	want, err := os.ReadFile(full)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(want, []byte(",las-script,")) || !bytes.Contains(want, []byte("\nscripted,thresholds=three,")) ||
		bytes.Contains(want, []byte(",thresholds=one,")) {
		t.Fatalf("the scripted sweep's CSV has no las-script rows, or not reading thresholds=three alone:\n%s", want)
	}
	script := filepath.Join(root, "scripts", "batch", "sweep.sbatch")
	parts := filepath.Join(dir, "scripted-parts")
	merged := filepath.Join(dir, "scripted-merged.csv")
	env := []string{"SIMULATE=" + bin, "POLICY_FILES=" + las, "READING=thresholds=three"}
	mergeArgs := " -sweep " + sweepFile + " -reading thresholds=three -merge " + parts + "/part-*-of-3.csv -figure-out " + merged
	array := s.submit(t, dir, env, "--array=0-2", script, sweepFile, parts)
	merge := s.submit(t, dir, env, "--dependency=afterok:"+array, "--wrap="+bin+" -policy-file "+las+mergeArgs)
	s.wait(t, array, merge)
	got, err := os.ReadFile(merged)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("the merged scripted sweep differs from the unsharded run:\n%s\nwant:\n%s", got, want)
	}
	head, _, _ := bytes.Cut(mustRead(t, filepath.Join(parts, "part-0-of-3.csv")), []byte("\n"))
	if !bytes.Contains(head, []byte(" scripts=")) || !bytes.Contains(head, []byte(" readings=thresholds=three")) {
		t.Errorf("a scripted part's header does not hash the script or name the reading: %s", head)
	}
	os.Remove(merged)
	out, err := exec.Command("sh", "-c", bin+mergeArgs).CombinedOutput()
	if err == nil || !bytes.Contains(out, []byte("las-script")) {
		t.Errorf("a merge without the script: got %v, %q; want a refusal naming las-script", err, out)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
