package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// smokeSweep is a small sweep file: two policies over two cluster sizes, three seeds.
const smokeSweep = `{
  "id": "my-clusters",
  "generate": "philly:jobs=40,rate=20",
  "policies": ["fifo", "las"],
  "sweep": {"param": "cluster", "label": "cluster", "values": ["1x8", "2x8"]},
  "seeds": "1-3",
  "metrics": ["mean_jct_s", "makespan_s", "gpu_util"]
}`

// runBin runs the built runner and returns its stderr and exit code.
func runBin(t *testing.T, bin string, args ...string) (string, int) {
	t.Helper()
	var stderr bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stderr = &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return stderr.String(), 0
	case errors.As(err, &ee):
		return stderr.String(), ee.ExitCode()
	}
	t.Fatal(err)
	return "", 0
}

// shardAll runs every shard of target (-figure ID or -sweep FILE) into dir/part-I-of-N.csv.
func shardAll(t *testing.T, bin, dir string, n int, target ...string) []string {
	t.Helper()
	var parts []string
	for i := range n {
		p := filepath.Join(dir, "part-"+strconv.Itoa(i)+"-of-"+strconv.Itoa(n)+".csv")
		if msg, code := runBin(t, bin, append(target, "-shard", strconv.Itoa(i)+"/"+strconv.Itoa(n), "-figure-out", p)...); code != 0 {
			t.Fatalf("shard %d/%d: exit %d: %s", i, n, code, msg)
		}
		parts = append(parts, p)
	}
	return parts
}

func TestShardsMergeToTheUnshardedBytes(t *testing.T) {
	bin := buildRunner(t)
	dir := t.TempDir()
	sweepFile := filepath.Join(dir, "sweep.json")
	if err := os.WriteFile(sweepFile, []byte(smokeSweep), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, target := range [][]string{{"-figure", "baselines-smoke"}, {"-sweep", sweepFile}} {
		for _, n := range []int{1, 3, 5} {
			sub := t.TempDir()
			full := filepath.Join(sub, "full.csv")
			if msg, code := runBin(t, bin, append(target, "-figure-out", full)...); code != 0 {
				t.Fatalf("%v unsharded: exit %d: %s", target, code, msg)
			}
			parts := shardAll(t, bin, sub, n, target...)
			merged := filepath.Join(sub, "merged.csv")
			if msg, code := runBin(t, bin, append(append(target, "-merge"), append(parts, "-figure-out", merged)...)...); code != 0 {
				t.Fatalf("%v merge of %d: exit %d: %s", target, n, code, msg)
			}
			want, _ := os.ReadFile(full)
			got, _ := os.ReadFile(merged)
			if len(want) < 100 || !bytes.Equal(got, want) {
				t.Errorf("%v in %d shards: merged\n%s\nwant\n%s", target, n, got, want)
			}
		}
	}
}

// readingSweep is a small sweep file with a choice of its own: LAS's queue thresholds, two values.
const readingSweep = `{
  "id": "my-queues",
  "generate": "philly:jobs=30,rate=20",
  "cluster": "2x8",
  "policies": ["fifo", "las"],
  "seeds": "1-2",
  "metrics": ["mean_jct_s"],
  "choices": [{"name": "queues", "values": [
    {"name": "two", "set": {"params.las": {"thresholds_gpu_s": [3600]}}},
    {"name": "four", "set": {"params.las.thresholds_gpu_s": [60, 600, 6000]}}]}]
}`

// TestSweepReadingsShardAndMerge: a sweep file's choice runs every reading with -reading all (the
// CSV's reading column filled, LAS's rows differing between them, FIFO's the same), its shards
// merge to the unsharded bytes, and parts of one reading do not merge as all of them.
func TestSweepReadingsShardAndMerge(t *testing.T) {
	bin := buildRunner(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "queues.json")
	if err := os.WriteFile(file, []byte(readingSweep), 0o644); err != nil {
		t.Fatal(err)
	}
	full := filepath.Join(dir, "full.csv")
	if msg, code := runBin(t, bin, "-sweep", file, "-reading", "all", "-figure-out", full); code != 0 {
		t.Fatalf("exit %d: %s", code, msg)
	}
	csv, _ := os.ReadFile(full)
	rows := map[string]string{} // reading and series, seed → value
	for _, line := range strings.Split(strings.TrimSpace(string(csv)), "\n")[1:] {
		reading, rest, _ := strings.Cut(strings.TrimPrefix(line, "my-queues,"), ",,,")
		f := strings.Split(rest, ",")
		rows[reading+" "+f[0]+" "+f[1]] = f[4]
	}
	if len(rows) != 2*2*2 {
		t.Fatalf("%d cells, want 8:\n%s", len(rows), csv)
	}
	if rows["queues=two fifo 1"] != rows["queues=four fifo 1"] || rows["queues=two las 1"] == rows["queues=four las 1"] {
		t.Errorf("fifo should not depend on LAS's queues, LAS should:\n%s", csv)
	}
	parts := shardAll(t, bin, dir, 3, "-sweep", file)
	merged := filepath.Join(dir, "merged.csv")
	if msg, code := runBin(t, bin, append(append([]string{"-sweep", file, "-merge"}, parts...), "-figure-out", merged)...); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, msg)
	}
	if got, _ := os.ReadFile(merged); !bytes.Equal(got, csv) {
		t.Errorf("merged\n%s\nwant\n%s", got, csv)
	}
	if head, _ := os.ReadFile(parts[0]); !strings.Contains(strings.SplitN(string(head), "\n", 2)[0], " readings=all") {
		t.Errorf("a part's header: %s", head)
	}
	one := filepath.Join(t.TempDir(), "part-0-of-1.csv")
	if msg, code := runBin(t, bin, "-sweep", file, "-reading", "queues=four", "-shard", "0/1", "-figure-out", one); code != 0 {
		t.Fatalf("one reading: exit %d: %s", code, msg)
	}
	if msg, code := runBin(t, bin, "-sweep", file, "-merge", one, "-figure-out", merged); code != 2 || !strings.Contains(msg, "a part for readings queues=four, not all") {
		t.Errorf("a part of one reading merged as all: exit %d, %s", code, msg)
	}
}

func TestMergeRefusesPartsOfAnotherRun(t *testing.T) {
	bin := buildRunner(t)
	dir := t.TempDir()
	fig := []string{"-figure", "baselines-smoke"}
	parts := shardAll(t, bin, dir, 3, fig...)
	other := t.TempDir()
	twoSeeds := shardAll(t, bin, other, 3, "-figure", "baselines-smoke", "-seeds", "1-2")
	sweepFile := filepath.Join(other, "sweep.json")
	if err := os.WriteFile(sweepFile, []byte(smokeSweep), 0o644); err != nil {
		t.Fatal(err)
	}
	sweepParts := shardAll(t, bin, t.TempDir(), 2, "-sweep", sweepFile)
	edited := func(name, from, to string) string {
		b, err := os.ReadFile(parts[1])
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(p, bytes.Replace(b, []byte(from), []byte(to), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	lastRowDropped := func() string {
		b, _ := os.ReadFile(parts[1])
		b = b[:bytes.LastIndexByte(b[:len(b)-1], '\n')+1]
		p := filepath.Join(t.TempDir(), "short.csv")
		os.WriteFile(p, b, 0o644)
		return p
	}
	tests := []struct {
		name  string
		args  []string
		wants []string
	}{
		{"missing", append(fig, "-merge", parts[0], parts[2]), []string{"no part for shard 1/3", "cell 1 (rate=6, series fifo, seed 2)"}},
		{"duplicated", append(fig, "-merge", parts[0], parts[1], parts[1], parts[2]), []string{parts[1] + " and " + parts[1] + " are both shard 1/3", "cell 1 "}},
		{"other seeds", append(fig, "-merge", parts[0], twoSeeds[1], parts[2]), []string{twoSeeds[1], "seeds 1-2, not 1-3"}},
		{"other figure", append(fig, "-merge", parts[0], sweepParts[1], parts[2]), []string{sweepParts[1], "a part of figure my-clusters, not baselines-smoke"}},
		{"other version", append(fig, "-merge", parts[0], edited("v.csv", "version=", "version=0"), parts[2]), []string{"v.csv: made by program version 0"}},
		{"not a part", append(fig, "-merge", parts[0], edited("p.csv", "# schedlab part:", "#"), parts[2]), []string{"p.csv:1: first line", "not a part"}},
		{"other shard count", append(fig, "-merge", parts[0], edited("n.csv", "shard=1/3", "shard=1/4"), parts[2]), []string{"n.csv: shard 1/4, but"}},
		{"foreign cells", append(fig, "-merge", parts[0], edited("f.csv", "shard=1/3", "shard=2/3")), []string{"f.csv: holds cells that are not shard 2/3's"}},
		{"incomplete", append(fig, "-merge", parts[0], lastRowDropped(), parts[2]), []string{"short.csv: shard 1/3 lacks cell 16"}},
		{"other sweep file", []string{"-sweep", sweepFile, "-merge", sweepParts[0], sweepParts[1], "-figure-out", "x.csv"}, nil},
	}
	// The sweep file changes after its parts were made: same id, other contents.
	if err := os.WriteFile(sweepFile, []byte(strings.Replace(smokeSweep, `"1-3"`, `"1-3" `, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	tests[len(tests)-1].wants = []string{sweepParts[0] + ": made from other contents of the sweep file"}
	for _, tc := range tests {
		args := tc.args
		if args[0] != "-sweep" {
			args = append(args, "-figure-out", filepath.Join(dir, "merged.csv"))
		}
		msg, code := runBin(t, bin, args...)
		if code != 2 {
			t.Errorf("%s: exit %d (%s), want 2", tc.name, code, msg)
			continue
		}
		for _, w := range tc.wants {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: got %q, want it to contain %q", tc.name, msg, w)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "merged.csv")); err == nil {
		t.Error("a refused merge wrote its output")
	}
}

func TestShardResumes(t *testing.T) {
	bin := buildRunner(t)
	dir := t.TempDir()
	part := filepath.Join(dir, "part-0-of-2.csv")
	args := []string{"-figure", "baselines-smoke", "-shard", "0/2", "-figure-out", part}
	if msg, code := runBin(t, bin, args...); code != 0 {
		t.Fatalf("exit %d: %s", code, msg)
	}
	before, _ := os.ReadFile(part)
	// A complete part is kept as it is; a changed byte would show a rerun only if results differed,
	// so the message is what tells a resumed task from a rerun one.
	msg, code := runBin(t, bin, args...)
	if code != 0 || !strings.Contains(msg, "shard 0/2 of baselines-smoke already complete; not run again") {
		t.Errorf("second run: exit %d, %q", code, msg)
	}
	if after, _ := os.ReadFile(part); !bytes.Equal(before, after) {
		t.Error("the complete part changed")
	}
	// A part of other seeds at the same path is not overwritten.
	msg, code = runBin(t, bin, "-figure", "baselines-smoke", "-seeds", "1-2", "-shard", "0/2", "-figure-out", part)
	if code != 2 || !strings.Contains(msg, "exists but is not this shard's complete part") || !strings.Contains(msg, "remove it") {
		t.Errorf("other seeds over a part: exit %d, %q", code, msg)
	}
	for _, bad := range [][]string{
		{"-figure", "baselines-smoke", "-shard", "2/2", "-figure-out", part},
		{"-figure", "baselines-smoke", "-shard", "0/2"},
		{"-figure", "baselines-smoke", "-merge", "-figure-out", part},
		{"-figure", "baselines-smoke", "-merge", part, "-shard", "0/2", "-figure-out", part},
		{"-shard", "0/2", "-figure-out", part},
	} {
		if msg, code := runBin(t, bin, bad...); code != 2 || strings.Count(msg, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want 2 and one line", bad, code, msg)
		}
	}
}

// FuzzPartMeta: a part's first line is metadata that prints back to itself, or an error; never a
// panic. A parsed shard is always within 0 ≤ I < N.
func FuzzPartMeta(f *testing.F) {
	f.Add("# schedlab part: figure=baselines-smoke seeds=1-3 shard=2/4 version=f2cc6441c2538fbf")
	f.Add("# schedlab part: figure=x seeds=1 shard=0/1 version=v sweep=abc")
	f.Add("# schedlab part: shard=-1/4")
	f.Fuzz(func(t *testing.T, line string) {
		m, err := parsePartMeta(line)
		if err != nil {
			return
		}
		if m.shard.i < 0 || m.shard.i >= m.shard.n {
			t.Fatalf("shard %v out of range", m.shard)
		}
		again, err := parsePartMeta(m.String())
		if err != nil || again != m {
			t.Fatalf("%q printed as %q read back as %+v, %v", line, m.String(), again, err)
		}
	})
}
