package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// smokeCSV is baselines-smoke's rows at rate 12 written by hand: SRTF's mean JCT srtf[i] and
// FIFO's 1000 s on seeds 1-3.
func smokeCSV(srtf ...string) string {
	s := "figure,x_name,x,series,seed,metric,unit,value\n"
	for i, v := range srtf {
		seed := string(rune('1' + i))
		s += "baselines-smoke,rate,12,fifo," + seed + ",mean_jct_s,s,1000\n"
		s += "baselines-smoke,rate,12,srtf," + seed + ",mean_jct_s,s," + v + "\n"
	}
	return s
}

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestJudge: -judge re-judges rows edited by hand without running them — SRTF below FIFO holds,
// then fails once the rows say otherwise.
func TestJudge(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		srtf []string
		want string
	}{
		{[]string{"500", "510", "490"}, `srtf +12 +mean_jct_s +below FIFO +-50\.01 % \(-52\.43 to -47\.46 %\) +- +direction holds`},
		{[]string{"1500", "1510", "1490"}, `srtf +12 +mean_jct_s +below FIFO +50 % \(47\.53 to 52\.5 %\) +- +direction fails`},
		{[]string{"500", "1510", "490"}, `direction fails|inconclusive`},
	} {
		path := writeFile(t, dir, "smoke.csv", smokeCSV(tc.srtf...))
		var stdout bytes.Buffer
		if err := run([]string{"-judge", path}, &stdout, nil); err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(tc.want).MatchString(stdout.String()) || !strings.Contains(stdout.String(), "tally, our check: ") {
			t.Errorf("%v: got\n%s\nwant %s", tc.srtf, stdout.String(), tc.want)
		}
	}
}

// TestJudgeBadInput: every refusal names the file, the line and the field.
func TestJudgeBadInput(t *testing.T) {
	dir := t.TempDir()
	good := smokeCSV("500", "510", "490")
	for _, tc := range []struct{ content, want string }{
		{"", "bad.csv:1: no rows"},
		{"figure,x_name,x,series,seed,metric,unit,value\n", "bad.csv:2: no rows"},
		{"figure,x_name,x,series,seed,metric,unit,value\nnope,rate,12,fifo,1,mean_jct_s,s,1\n", `bad.csv:2: figure: "nope" is not a catalogue figure`},
		{strings.Replace(good, "s,510", "s,fast", 1), `bad.csv:5: value: "fast"`},
		{strings.Replace(good, "srtf,2", "sjf,2", 1), `bad.csv:5: series: "sjf"`},
		{strings.Replace(good, "srtf,2,mean_jct_s", "srtf,2,mean_jct", 1), `bad.csv:5: metric: "mean_jct"`},
		{strings.Replace(good, "12,fifo,3", "13,fifo,3", 1), `bad.csv:6: x: "13"`},
		{good + "baselines-smoke,rate,12,fifo,1,mean_jct_s,s,1\n", "bad.csv:8: metric: mean_jct_s of this cell already given"},
		{"figure,x\n" + good, "bad.csv:1: header"},
	} {
		path := writeFile(t, dir, "bad.csv", tc.content)
		err := run([]string{"-judge", path}, &bytes.Buffer{}, nil)
		var usage usageError
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.As(err, &usage) {
			t.Errorf("%q: got %v, want %q (bad input: exit status 2)", tc.content, err, tc.want)
		}
	}
	for _, args := range [][]string{{"-judge", filepath.Join(dir, "none.csv")}, {"-report", "r.html"},
		{"-judge", "x.csv", "-figure", "all"}, {"-judge", t.TempDir()}} {
		if err := run(args, &bytes.Buffer{}, nil); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

// TestReport: -report writes one page that lists the claims with their verdicts and makes no
// request: no script, no external address, no linked file.
func TestReport(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "baselines-smoke.csv", smokeCSV("500", "510", "490"))
	out := filepath.Join(t.TempDir(), "report.html")
	if err := run([]string{"-judge", dir, "-report", out}, &bytes.Buffer{}, nil); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, want := range []string{"<h2>core</h2>", `data-verdict="direction holds"`, "our check: SRTF below FIFO, mean JCT, rate 12",
		"Schrage", "-50.01 % (-52.43 to -47.46 %)", "<td>1-3</td>", "Program version "} {
		if !strings.Contains(page, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if m := regexp.MustCompile(`(?i)<script|<link|\bsrc=|https?://|url\(|@import`).FindString(page); m != "" {
		t.Errorf("report would make a request: %q", m)
	}
}
