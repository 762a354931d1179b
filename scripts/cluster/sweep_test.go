package cluster

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

	script := filepath.Join(root, "scripts", "cluster", "sweep.sbatch")
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
	t.Logf("the Slurm sweep test took %.1f s", time.Since(start).Seconds())
}
