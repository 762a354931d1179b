package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"schedlab/policies/synergy"
)

// result is what one run of the authors' runner printed.
type result struct {
	mean, p99 float64
	wall      time.Duration
	err       error
}

// runAll runs every configuration, n at a time, and returns their results in order.
func runAll(e env, todo []synergy.Rerun, n int, stderr io.Writer) []result {
	out := make([]result, len(todo))
	sem := make(chan struct{}, n)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for i, r := range todo {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			out[i] = runOne(e, r)
			mu.Lock()
			defer mu.Unlock()
			if out[i].err != nil {
				fmt.Fprintf(stderr, "synergyrerun: %s: %v\n", configName(r), out[i].err)
			} else {
				fmt.Fprintf(stderr, "synergyrerun: %s: Mean = %v, 99th = %v (%.0f s)\n", configName(r), out[i].mean, out[i].p99, out[i].wall.Seconds())
			}
		}()
	}
	wg.Wait()
	return out
}

// runDir is the directory of one configuration's run: "FIFO+tune 9 20/70/10" → fifo-tune-9-20-70-10.
func runDir(r synergy.Rerun) string {
	return strings.NewReplacer("+", "-", "/", "-", " ", "-").Replace(strings.ToLower(configName(r)))
}

// runOne runs one configuration in its own copy of simulator/ and reads the numbers from its log.
// The runner ends with an error in its final plot (a matplotlib argument removed since 3.3) after
// printing them, so its exit status is not what tells a good run.
func runOne(e env, r synergy.Rerun) result {
	dir := filepath.Join(e.work, runDir(r))
	if err := copySimulator(e.sim, dir); err != nil {
		return result{err: err}
	}
	runner := filepath.Join(dir, "runner.py")
	src, err := os.ReadFile(runner)
	if err != nil {
		return result{err: err}
	}
	edited, err := setConfiguration(string(src), r)
	if err != nil {
		return result{err: fmt.Errorf("%s: %v", runner, err)}
	}
	if err := os.WriteFile(runner, []byte(edited), 0o644); err != nil {
		return result{err: err}
	}
	if r.Trace != synergy.StaticTrace {
		pool, err := os.ReadFile(e.pool)
		if err != nil {
			return result{err: err}
		}
		if err := os.WriteFile(filepath.Join(dir, poolName), pool, 0o644); err != nil {
			return result{err: err}
		}
	}
	logPath := dir + ".log"
	logFile, err := os.Create(logPath)
	if err != nil {
		return result{err: err}
	}
	defer logFile.Close()
	cmd := runnerCommand(e, dir, runnerArgs(e, r)...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	start := time.Now()
	if err := cmd.Run(); err != nil && !errors.As(err, new(*exec.ExitError)) {
		return result{err: err} // not started: its exit status is not the verdict (see above)
	}
	wall := time.Since(start)
	log, err := os.ReadFile(logPath)
	if err != nil {
		return result{err: err}
	}
	mean, p99, err := printed(string(log))
	if err != nil {
		return result{err: fmt.Errorf("%s: %v", logPath, err)}
	}
	return result{mean: mean, p99: p99, wall: wall}
}

// runnerArgs are the authors' runner's arguments for r: the stand-in log, or the static trace's replay.
func runnerArgs(e env, r synergy.Rerun) []string {
	if r.Trace == synergy.StaticTrace {
		return []string{"--replay_trace", "deploy_trace/static_100job_6_3_1100.0", "--static",
			"--config_file", "configs/static_trace.ini", "--no_use_cache", "--no_cache_result"}
	}
	return []string{"--cluster_job_log", e.log, "--no_use_cache", "--no_cache_result"}
}

// The lines of runner.py a configuration sets, as commit 1bb2bed6 has them: the three that
// ae-readme.md points to, and the measurement window.
const (
	schedulersLine = "    schedulers = ['FIFO+fair']"
	ratesLine      = "    jobs_per_hours = np.arange(9.0, 10, 1)"
	splitLine      = "    class_split=[(20,70,10)]"
	windowLine     = "        series_id_filter=(4000, 5000),"
)

// setConfiguration sets runner.py's lines to r: schedulers, jobs_per_hours and class_split, or for
// the static trace schedulers and the window of jobs the mean is taken over (all 100: the default
// window, jobs 4000-4999, holds none of them). Each line must be there exactly once, as the commit
// has it.
func setConfiguration(src string, r synergy.Rerun) (string, error) {
	if r.Trace == synergy.StaticTrace {
		return replaceLines(src, [][2]string{
			{schedulersLine, fmt.Sprintf("    schedulers = ['%s']", r.Scheduler)},
			{windowLine, "        series_id_filter=(0, 100),"},
		})
	}
	split := strings.Split(r.Split, "/")
	if len(split) != 3 {
		return "", fmt.Errorf("class split %q: want three shares", r.Split)
	}
	rate, err := strconv.ParseFloat(r.Rate, 64)
	if err != nil {
		return "", fmt.Errorf("rate %q: %v", r.Rate, err)
	}
	return replaceLines(src, [][2]string{
		{schedulersLine, fmt.Sprintf("    schedulers = ['%s']", r.Scheduler)},
		{ratesLine, fmt.Sprintf("    jobs_per_hours = np.arange(%.1f, %.1f+1, 1)", rate, rate)},
		{splitLine, fmt.Sprintf("    class_split=[(%s)]", strings.Join(split, ","))},
	})
}

// replaceLines replaces each pair's first line by its second; each must be in src exactly once.
func replaceLines(src string, pairs [][2]string) (string, error) {
	for _, p := range pairs {
		if n := strings.Count(src, "\n"+p[0]+"\n"); n != 1 {
			return "", fmt.Errorf("the line %q is there %d times, want once (is the checkout at %s?)", strings.TrimSpace(p[0]), n, commit)
		}
		src = strings.Replace(src, "\n"+p[0]+"\n", "\n"+p[1]+"\n", 1)
	}
	return src, nil
}

var (
	meanLine = regexp.MustCompile(`(?m)^Mean =\s+(\S+)$`)
	p99Line  = regexp.MustCompile(`(?m)^99th =\s+(\S+)$`)
)

// printed reads the runner's "Mean =" and "99th =" lines (hours).
func printed(log string) (mean, p99 float64, err error) {
	m, p := meanLine.FindStringSubmatch(log), p99Line.FindStringSubmatch(log)
	if m == nil || p == nil {
		return 0, 0, fmt.Errorf("no \"Mean =\" and \"99th =\" lines: the run failed before its summary")
	}
	if mean, err = strconv.ParseFloat(m[1], 64); err != nil {
		return 0, 0, fmt.Errorf("Mean: %v", err)
	}
	if p99, err = strconv.ParseFloat(p[1], 64); err != nil {
		return 0, 0, fmt.Errorf("99th: %v", err)
	}
	return mean, p99, nil
}

// writeTable writes a Markdown table of the recorded and the re-run numbers and returns how many
// runs failed or printed other numbers. The authors' runner prints Python's shortest repr of a
// float, which parses back to the same float64, so equal means equal bits.
func writeTable(w io.Writer, todo []synergy.Rerun, results []result) int {
	bad := 0
	fmt.Fprintln(w, "| scheduler | jobs/h | class split | Mean (h) recorded | Mean (h) re-run | 99th (h) recorded | 99th (h) re-run | wall (s) | |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	for i, r := range todo {
		res := results[i]
		rate, split := r.Rate, r.Split
		if r.Trace == synergy.StaticTrace {
			rate, split = "static trace", "–"
		}
		if res.err != nil {
			bad++
			fmt.Fprintf(w, "| %s | %s | %s | %v | – | %v | – | – | failed |\n", r.Scheduler, rate, split, r.Mean, r.P99)
			continue
		}
		verdict := "same"
		if res.mean != r.Mean || res.p99 != r.P99 {
			verdict, bad = "DIFFERENT", bad+1
		}
		fmt.Fprintf(w, "| %s | %s | %s | %v | %v | %v | %v | %.0f | %s |\n", r.Scheduler, rate, split,
			r.Mean, res.mean, r.P99, res.p99, res.wall.Seconds(), verdict)
	}
	return bad
}
