package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	"schedlab/policies"
	"schedlab/policies/figure"
)

// built is the runner compiled for this test binary: exit codes are a property of the built
// program (go run rewrites them), and one build serves every test.
var built struct {
	once     sync.Once
	dir, bin string
	err      error
	out      []byte
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// buildRunner returns the runner binary, compiling it on first use.
func buildRunner(t *testing.T) string {
	t.Helper()
	if runtime.GOOS == "js" {
		t.Skip("the runner binary is tested natively")
	}
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "simulate-test"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "simulate")
		built.out, built.err = exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return built.bin
}

func TestBadInputExitsTwo(t *testing.T) {
	bin := buildRunner(t)
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fileErr := regexp.MustCompile(`^simulate: \S+:\d+: \S+: `)
	tests := []struct {
		name string
		args []string
		want *regexp.Regexp // nil: any one-line message
	}{
		{"no workload", []string{}, nil},
		{"unknown flag", []string{"-nope"}, nil},
		{"extra argument", []string{"-generate", "philly:jobs=3", "x"}, nil},
		{"both workloads", []string{"-generate", "philly:jobs=3", "-trace", "x.csv"}, nil},
		{"unknown policy", []string{"-generate", "philly:jobs=3", "-policy", "nope"}, nil},
		{"unknown scenario", []string{"-scenario", "nope"}, nil},
		{"bad cluster", []string{"-generate", "philly:jobs=3", "-cluster", "16x0"}, nil},
		{"bad generator key", []string{"-generate", "philly:jobs=3,seed=4"}, nil},
		{"bad round", []string{"-generate", "philly:jobs=3", "-round", "-5"}, nil},
		{"bad placement", []string{"-generate", "philly:jobs=3", "-placement", "nope"}, nil},
		{"missing trace", []string{"-trace", filepath.Join(dir, "missing.csv")}, nil},
		{"bad policy config", []string{"-generate", "philly:jobs=3", "-policy-config", write("p.json", "{")}, nil},
		{"native", []string{"-trace", write("n.csv", "id,submit_s,gpus,duration_s\na,0,1,10\nb,x,1,10\n")}, fileErr},
		{"philly", []string{"-trace", write("p.csv", "timestamp,duration,num_gpus,gpu_time,cluster\n2017-10-09 07:01:55,66.0,one,66.0,vc\n")}, fileErr},
		{"itp", []string{"-trace", write("i.csv", "job_id,submission_time,duration,num_gpu\na,0,-5,1\n")}, fileErr},
		{"synergy", []string{"-trace", write("s.txt", "0,alexnet,0.0,3349,1\n1,gnmt,0.001,-3,1\n")}, fileErr},
		{"forced format mismatch", []string{"-format", "philly", "-trace", write("f.csv", "job_id,submission_time,duration,num_gpu\na,0,5,1\n")}, fileErr},
		{"format with a generator", []string{"-generate", "philly:jobs=3", "-format", "philly"}, regexp.MustCompile(`-format applies to a -trace`)},
		{"infinite round", []string{"-generate", "philly:jobs=3", "-round", "Inf"}, regexp.MustCompile(`-round \+Inf`)},
		{"NaN first round", []string{"-generate", "philly:jobs=3", "-first-round", "NaN"}, regexp.MustCompile(`-first-round NaN`)},
		{"NaN checkpoint cost", []string{"-generate", "philly:jobs=3", "-checkpoint-cost", "NaN"}, regexp.MustCompile(`-checkpoint-cost NaN`)},
		{"config for no policy", []string{"-generate", "philly:jobs=3", "-policy-config", write("c.json", `{"nosuch": {}}`)}, regexp.MustCompile(`"nosuch" is not a policy`)},
		{"duplicate policy in a config", []string{"-generate", "philly:jobs=3", "-policy", "las", "-policy-config", write("d1.json", "{\"las\": {},\n\"las\": {}}")},
			regexp.MustCompile(`^simulate: \S+d1\.json:2: las: duplicate key \(first at line 1\)\n$`)},
		{"duplicate parameter in a config", []string{"-generate", "philly:jobs=3", "-policy", "las", "-policy-config", write("d2.json", "{\"las\": {\n\"queues\": 2,\n\"Queues\": 3}}")},
			regexp.MustCompile(`^simulate: \S+d2\.json:3: las\.Queues: duplicate key \(first at line 2\)\n$`)},
		{"duplicate key in a cluster file", []string{"-generate", "philly:jobs=3", "-cluster", "@" + write("d3.json", "{\"servers\": [{\"count\": 1,\n\"gpus\": 2, \"gpus\": 4}]}")},
			regexp.MustCompile(`^simulate: \S+d3\.json:2: servers\[0\]\.gpus: duplicate key \(first at line 2\)\n$`)},
		{"duplicate key in a cluster .ini", []string{"-generate", "philly:jobs=3", "-cluster", "@" + write("d4.ini", "[CLUSTER]\nservers_per_rack=1\ngpus_per_server=8\nservers_per_rack=2\n")},
			regexp.MustCompile(`^simulate: \S+d4\.ini:4: servers_per_rack: duplicate key \(first at line 2\)\n$`)},
		{"duplicate key in a sweep file", []string{"-sweep", write("d6.json", "{\"id\": \"x\",\n\"ID\": \"y\"}")},
			regexp.MustCompile(`^simulate: \S+d6\.json:2: ID: duplicate key \(first at line 1\)\n$`)},
		{"unknown policy field in a sweep's choice", []string{"-sweep", write("c1.json", "{\"id\": \"x\", \"seeds\": \"1\", \"metrics\": [\"mean_jct_s\"], \"generate\": \"philly:jobs=3\", \"policies\": [\"las\"],\n\"choices\": [{\"name\": \"q\", \"values\": [{\"name\": \"a\", \"set\": {}},\n{\"name\": \"b\", \"set\": {\"params.las.queuez\": 3}}]}]}")},
			regexp.MustCompile(`^simulate: \S+c1\.json:3: choices\[0\]\.values\[1\]\.set\.params\.las\.queuez: policy las: .*queuez`)},
		{"a choice with one value", []string{"-sweep", write("c2.json", "{\"id\": \"x\", \"seeds\": \"1\", \"metrics\": [\"mean_jct_s\"], \"generate\": \"philly:jobs=3\", \"policies\": [\"las\"],\n\"choices\": [{\"name\": \"q\", \"values\": [{\"name\": \"a\", \"set\": {}}]}]}")},
			regexp.MustCompile(`^simulate: \S+c2\.json:2: choices\[0\]\.values: choice q has 1 value\(s\): want at least two`)},
		{"a reading of an unknown choice", []string{"-sweep", write("c3.json", "{\"id\": \"x\", \"seeds\": \"1\", \"metrics\": [\"mean_jct_s\"], \"generate\": \"philly:jobs=3\", \"policies\": [\"las\"],\n\"choices\": [{\"name\": \"q\", \"values\": [{\"name\": \"a\", \"set\": {}}, {\"name\": \"b\", \"set\": {\"round_s\": 60}}]}]}"), "-reading", "p=a"},
			regexp.MustCompile(`^simulate: -reading p=a: \S+c3\.json:2: choices: reading "p=a": figure x has no choice "p" \(q a\|b\)\n$`)},
		{"duplicate key in a JSON Lines trace", []string{"-trace", write("d5.txt", "{\"id\":\"a\",\"submit_s\":0,\"gpus\":1,\"gpus\":2,\"duration_s\":5}\n")}, fileErr},
		{"output over the input", []string{"-trace", write("in.csv", "id,submit_s,gpus,duration_s\na,0,1,10\n"), "-save-trace", filepath.Join(dir, "in.csv")},
			regexp.MustCompile(`-save-trace \S+in\.csv: the same file as the -trace input`)},
		{"two outputs, one file", []string{"-generate", "philly:jobs=3", "-jobs-out", filepath.Join(dir, "o"), "-trace-out", filepath.Join(dir, "o")}, regexp.MustCompile(`the same file as the -jobs-out output`)},
		{"unwritable output", []string{"-generate", "philly:jobs=3", "-jobs-out", filepath.Join(dir, "no", "such", "dir.csv")}, regexp.MustCompile(`^simulate: -jobs-out `)},
		{"lease under a second", []string{"-generate", "philly:jobs=3", "-cluster", "@" + write("lease.ini", "[CLUSTER]\nservers_per_rack=1\ngpus_per_server=8\n[SCHEDULER]\nlease_time = 0.0001\n")},
			regexp.MustCompile(`lease\.ini: lease_time: 0\.006 s is under the shortest round`)},
		{"negative cpu in a cluster file", []string{"-generate", "philly:jobs=3", "-cluster", "@" + write("neg.json", `{"servers":[{"count":1,"gpus":2,"cpu":-5}]}`)},
			regexp.MustCompile(`neg\.json:1: servers\[0\]: cpu -5: want a positive number`)},
		{"cpu past a spec's bound in a cluster file", []string{"-generate", "philly:jobs=3", "-cluster", "@" + write("big.json", "{\"servers\":[{\"count\":1,\"gpus\":2},\n{\"count\":1,\"gpus\":2,\"cpu\":1e10}]}")},
			regexp.MustCompile(`big\.json:2: servers\[1\]: cpu 1e\+10: want a positive number up to 1e\+09`)},
		{"list with other flags", []string{"-list", "-policy", "fifo"}, regexp.MustCompile(`-list takes no other flags`)},
		{"unknown figure", []string{"-figure", "nope"}, regexp.MustCompile(`-figure "nope": unknown \(see -list\)`)},
		{"figure with a workload", []string{"-figure", "baselines-smoke", "-generate", "philly:jobs=3"}, regexp.MustCompile(`-figure and -sweep take only -seeds, -reading, -j, -figure-out, -shard, -merge, -policy-file, -script-steps and -script-memory, not -generate`)},
		{"seeds without a figure", []string{"-seeds", "1-3"}, regexp.MustCompile(`-seeds goes with -figure`)},
		{"bad seeds", []string{"-figure", "baselines-smoke", "-seeds", "3-1"}, regexp.MustCompile(`-seeds: seeds "3-1"`)},
		{"no workers", []string{"-figure", "baselines-smoke", "-j", "0"}, regexp.MustCompile(`-j 0: want at least 1 worker`)},
		{"figure into a directory", []string{"-figure", "baselines-smoke", "-figure-out", dir + "/"}, regexp.MustCompile(`a directory; one figure writes a file`)},
		{"figure into an existing directory", []string{"-figure", "baselines-smoke", "-figure-out", dir}, regexp.MustCompile(`a directory; one figure writes a file`)},
		{"all into a file", []string{"-figure", "all", "-figure-out", write("all.csv", "")}, regexp.MustCompile(`all.csv: a file; -figure all writes a directory`)},
		{"output, then a bad policy", []string{"-generate", "philly:jobs=3", "-save-trace", filepath.Join(dir, "saved"), "-policy", "fifo,nope"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(bin, tc.args...)
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 2 {
				t.Fatalf("exit: %v, want status 2 (stderr %q)", err, stderr.String())
			}
			msg := stderr.String()
			if strings.Count(msg, "\n") != 1 || strings.Contains(msg, "goroutine") {
				t.Errorf("stderr %q: want exactly one line and no panic trace", msg)
			}
			if tc.want != nil && !tc.want.MatchString(msg) {
				t.Errorf("stderr %q does not match %v", msg, tc.want)
			}
		})
	}
	// No failed command left an output file (or a temporary one) behind, nor touched its input.
	left, _ := filepath.Glob(filepath.Join(dir, "*"))
	hidden, _ := filepath.Glob(filepath.Join(dir, ".*"))
	for _, f := range append(left, hidden...) {
		if b := filepath.Base(f); !strings.HasSuffix(b, ".csv") && !strings.HasSuffix(b, ".txt") && !strings.HasSuffix(b, ".json") && !strings.HasSuffix(b, ".ini") {
			t.Errorf("%s left behind by a failed command", b)
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "in.csv")); err != nil || string(b) != "id,submit_s,gpus,duration_s\na,0,1,10\n" {
		t.Errorf("the input trace was changed: %q %v", b, err)
	}
}

func TestRunnerOutputs(t *testing.T) {
	bin := buildRunner(t)
	dir := t.TempDir()
	jobs, events := filepath.Join(dir, "jobs.csv"), filepath.Join(dir, "trace.json")
	out, err := exec.Command(bin, "-generate", "philly:jobs=50,rate=9", "-cluster", "2x8", "-policy", "fifo,srtf",
		"-json", "-jobs-out", jobs, "-trace-out", events).Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], `{"policy":"fifo","seed":1,`) {
		t.Errorf("got JSON lines %q, want one per policy", lines)
	}
	csv, err := os.ReadFile(jobs)
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSpace(string(csv)), "\n")
	if rows[0] != "policy,job_id,submit_s,first_start_s,end_s,gpus,gpu_type,preemptions,queue_s,status,wait_s,wait_capacity_s,wait_shape_s,wait_order_s,wait_held_s,wait_script_s" || len(rows) != 101 {
		t.Errorf("jobs CSV: header %q, %d rows; want the contract header and 100 rows", rows[0], len(rows)-1)
	}
	if b, err := os.ReadFile(events); err != nil || !bytes.HasPrefix(b, []byte(`{"displayTimeUnit":"ms","traceEvents":[`)) {
		t.Errorf("trace-event file missing or malformed: %v", err)
	}
	help, err := exec.Command(bin, "-h").Output()
	if err != nil || !strings.Contains(string(help), "-scenario NAME") {
		t.Errorf("-h: %v, output %q", err, help)
	}
}

// TestFigureMode runs the smoke figure on the built runner with one and two workers: the same CSV
// byte for byte, rows that read back, and the reference table on stdout.
func TestFigureMode(t *testing.T) {
	bin := buildRunner(t)
	dir := t.TempDir()
	var csvs []string
	for _, j := range []string{"1", "2"} {
		out := filepath.Join(dir, "j"+j+".csv")
		stdout, err := exec.Command(bin, "-figure", "baselines-smoke", "-seeds", "2,5-6", "-j", j, "-figure-out", out).Output()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(stdout), "figure baselines-smoke: core smoke:") || !strings.Contains(string(stdout), "(3 seeds)") ||
			!regexp.MustCompile(`our check:\n  srtf +12 +mean_jct_s +below FIFO +-?[0-9.]+ % \(-?[0-9.]+ to -?[0-9.]+ %\) +- +direction holds +- +\[1\]\n  tally, our check: 1 judged: 1 agree or hold, 0 disagree or fail, 0 inconclusive\n  \[1\] ours, a textbook property`).Match(stdout) {
			t.Errorf("-j %s: reference table:\n%s", j, stdout)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		csvs = append(csvs, string(b))
	}
	if csvs[0] != csvs[1] {
		t.Error("-j 1 and -j 2 wrote different CSVs")
	}
	lines := strings.Split(strings.TrimSuffix(csvs[0], "\n"), "\n")
	if lines[0] != "figure,reading,x_name,x,series,seed,metric,unit,value" || len(lines) != 1+2*3*3*3 ||
		!strings.HasPrefix(lines[1], "baselines-smoke,,rate,6,fifo,2,mean_jct_s,s,") {
		t.Errorf("CSV: %d lines, first %q %q", len(lines), lines[0], lines[1])
	}
	list, err := exec.Command(bin, "-list").Output()
	if err != nil || !regexp.MustCompile(`(?m)^figures:\n(  .*\n)*  baselines-smoke +\(smoke\) `).Match(list) {
		t.Errorf("-list: %v\n%s", err, list)
	}
}

// TestOutputsThroughLinks: /dev/stdout redirected to a file gets the CSV before the table and stays
// a link (it used to be renamed over, leaving a regular file in /dev), and so does a user's link.
func TestOutputsThroughLinks(t *testing.T) {
	bin := buildRunner(t)
	dir := t.TempDir()
	out, err := os.Create(filepath.Join(dir, "out.txt"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-generate", "philly:jobs=3", "-jobs-out", "/dev/stdout")
	cmd.Stdout = out
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	out.Close()
	if fi, err := os.Lstat("/dev/stdout"); err == nil && fi.Mode().IsRegular() {
		t.Fatal("/dev/stdout was replaced by a regular file")
	}
	b, _ := os.ReadFile(filepath.Join(dir, "out.txt"))
	if !strings.HasPrefix(string(b), "policy,job_id,") || !strings.Contains(string(b), "mean JCT h") {
		t.Errorf("stdout file:\n%s", b)
	}
	target := filepath.Join(dir, "target.csv")
	os.WriteFile(target, nil, 0o644)
	link := filepath.Join(dir, "link.csv")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := exec.Command(bin, "-figure", "baselines-smoke", "-seeds", "1", "-figure-out", link).Run(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v", err)
	}
	if b, _ := os.ReadFile(target); !strings.HasPrefix(string(b), "figure,reading,x_name,") {
		t.Errorf("target: %q", b)
	}
}

// TestDistinctRuns: the catalogue's cells that are the same run are grouped — every cell of
// synergy-fig8-cdf and the ratio-3 cells of synergy-ratio with synergy-fig8's at 9 jobs/h — and
// only cells with equal specs.
func TestDistinctRuns(t *testing.T) {
	var figs []*figure.Figure
	var jobs []job
	for _, id := range []string{"synergy-fig8", "synergy-fig8-cdf", "synergy-ratio", "synergy-fig12"} {
		f, _ := policies.FindFigure(id)
		for _, c := range f.Cells(f.Seeds) {
			jobs = append(jobs, job{len(figs), c})
		}
		figs = append(figs, f)
	}
	runs, _, err := distinctRuns(figs, jobs)
	if err != nil {
		t.Fatal(err)
	}
	// fig8-cdf's three series and the ratio figure's two at ratio 3, on the seeds they share with fig8.
	if want := len(jobs) - 5*len(figs[0].Seeds); len(runs) != want {
		t.Errorf("%d distinct runs of %d cells, want %d", len(runs), len(jobs), want)
	}
	for _, r := range runs {
		first := jobs[r[0]]
		a, _ := json.Marshal(figs[first.fig].Cell(first.cell.X, first.cell.S, first.cell.Seed))
		for _, k := range r[1:] {
			j := jobs[k]
			b, _ := json.Marshal(figs[j.fig].Cell(j.cell.X, j.cell.S, j.cell.Seed))
			if string(a) != string(b) || figs[j.fig].ID == "synergy-fig12" || figs[first.fig].ID != "synergy-fig8" {
				t.Errorf("%s cell %d grouped with %s cell %d", figs[j.fig].ID, j.cell.Index, figs[first.fig].ID, first.cell.Index)
			}
		}
	}
}

// TestFigureReadings: -reading picks readings by a filter, the CSV holds one set of rows per
// reading run, the table is followed by each claim's verdicts per reading and its summary, -judge
// prints the same, and -list names the figure's choices. A filter naming an unknown choice exits 2.
func TestFigureReadings(t *testing.T) {
	bin := buildRunner(t)
	out := filepath.Join(t.TempDir(), "sm.csv")
	stdout, err := exec.Command(bin, "-figure", "similarity-makespan", "-seeds", "11-12", "-reading", "order=fifo,gpus=zeus",
		"-figure-out", out).Output()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(out)
	for _, want := range []string{`"fallback=now,order=fifo,gpus=zeus"`, `"fallback=wait,order=fifo,gpus=zeus"`, `"fallback=strict,order=fifo,gpus=zeus"`} {
		if !strings.Contains(string(b), "\nsimilarity-makespan,"+want+",") {
			t.Errorf("CSV lacks reading %s", want)
		}
	}
	if strings.Contains(string(b), "gpus=gavel") || strings.Contains(string(b), "order=lpt") {
		t.Error("CSV holds a reading the filter left out")
	}
	text := string(stdout)
	if !strings.Contains(text, "reading fallback=now,order=fifo,gpus=zeus (3 of 12 readings run") ||
		!regexp.MustCompile(`(?m)^  model-similarity makespan_s vs first-fit-any \(paper: words\) \[[0-9]+\]: .* under .*readings`).MatchString(text) ||
		!strings.Contains(text, "    fallback=strict,order=fifo,gpus=zeus") {
		t.Errorf("table:\n%s", text)
	}
	judged, err := exec.Command(bin, "-judge", out).Output()
	if err != nil || !strings.Contains(string(judged), "per reading (fallback now|wait|strict; order fifo|lpt; gpus zeus|gavel):") {
		t.Errorf("-judge: %v\n%s", err, judged)
	}
	list, _ := exec.Command(bin, "-list").Output()
	if !strings.Contains(string(list), "readings: fallback now|wait|strict; order fifo|lpt; gpus zeus|gavel (12; default fallback=now,order=fifo,gpus=zeus)") {
		t.Errorf("-list:\n%s", list)
	}
	cmd := exec.Command(bin, "-figure", "similarity-makespan", "-seeds", "11", "-reading", "colour=red")
	if err := cmd.Run(); cmd.ProcessState.ExitCode() != 2 {
		t.Errorf("unknown choice: %v", err)
	}
}
