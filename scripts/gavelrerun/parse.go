package main

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// jobLine is one line of get_average_jct's listing ("Job 12: 5187.654"); meanLine its average.
var (
	jobLine  = regexp.MustCompile(`(?m)^Job (\d+): ([0-9.]+)$`)
	meanLine = regexp.MustCompile(`(?m)^Average job completion time: ([0-9.]+) seconds`)
	// firstRound is a micro-task Gavel schedules at t = 0, with the job's allocation per type.
	firstRound = regexp.MustCompile(`(?m)^scheduler:INFO \[0\.0\] \[Micro-task scheduled\]\tJob ID: (\d+)\tWorker type: ([a-z0-9]+)\t.*\[ k80 ([0-9.]+)\] \[p100 ([0-9.]+)\] \[v100 ([0-9.]+)\]`)
	// scheduled is any micro-task Gavel schedules: the round's start (Gavel's clock), job, type.
	// allocation is a re-solve the logging copy logs (loggedEdit): time, then per job
	// "job,type=fraction,…" with the fractions other than 0.0, as Python's repr.
	allocation = regexp.MustCompile(`(?m)\[Allocation computed\] (\S+) (.*)$`)
	scheduled  = regexp.MustCompile(`(?m)^scheduler:INFO \[([0-9.]+)\] \[Micro-task scheduled\]\tJob ID: (\d+)\tWorker type: ([a-z0-9]+)\t`)
)

// job is one printed JCT: the job id and the seconds as printed.
type job struct{ id, jct string }

// parseJCTs reads the per-job JCTs and the mean from the simulator's output.
func parseJCTs(out string) ([]job, string, error) {
	var jobs []job
	for _, m := range jobLine.FindAllStringSubmatch(out, -1) {
		jobs = append(jobs, job{m[1], m[2]})
	}
	mean := meanLine.FindStringSubmatch(out)
	if len(jobs) == 0 || mean == nil {
		return nil, "", fmt.Errorf("no JCTs in the simulator's output (last lines: %s)", tail(out, 3))
	}
	return jobs, mean[1], nil
}

// parseFirstRound is the recorded t = 0 allocation: job,type,k80,p100,v100 per started job.
func parseFirstRound(out string) (string, error) {
	var b strings.Builder
	b.WriteString("job,type,k80,p100,v100\n")
	ms := firstRound.FindAllStringSubmatch(out, -1)
	if len(ms) == 0 {
		return "", fmt.Errorf("no micro-task scheduled at t = 0 in the simulator's output")
	}
	for _, m := range ms {
		b.WriteString(strings.Join(m[1:], ",") + "\n")
	}
	return b.String(), nil
}

// parseRounds is the recorded schedule: per round, its start on Gavel's clock as logged and the
// jobs it runs as "job:type", by job id.
func parseRounds(out string) (string, error) {
	ms := scheduled.FindAllStringSubmatch(out, -1)
	if len(ms) == 0 {
		return "", fmt.Errorf("no micro-task scheduled in the simulator's output")
	}
	var b strings.Builder
	b.WriteString("start_s,jobs\n")
	for k := 0; k < len(ms); {
		start := ms[k][1]
		var round []string
		for ; k < len(ms) && ms[k][1] == start; k++ {
			round = append(round, ms[k][2]+":"+ms[k][3])
		}
		slices.SortFunc(round, func(a, b string) int {
			x, _ := strconv.Atoi(a[:strings.IndexByte(a, ':')])
			y, _ := strconv.Atoi(b[:strings.IndexByte(b, ':')])
			return x - y
		})
		b.WriteString(start + "," + strings.Join(round, " ") + "\n")
	}
	return b.String(), nil
}

// allocTypes are the columns of the recorded allocations: Gavel's worker types.
var allocTypes = []string{"k80", "p100", "v100"}

// parseAllocations is the recorded allocations of the logging copy: time_s,job,k80,p100,v100, a
// row per job of each re-solve, every number as Python's repr printed it (0 for a fraction the
// log leaves out: exactly 0.0).
func parseAllocations(out string) (string, error) {
	ms := allocation.FindAllStringSubmatch(out, -1)
	if len(ms) == 0 {
		return "", fmt.Errorf("no allocation logged in the simulator's output")
	}
	var b strings.Builder
	b.WriteString("time_s,job," + strings.Join(allocTypes, ",") + "\n")
	for _, m := range ms {
		for _, entry := range strings.Fields(m[2]) {
			fields := strings.Split(entry, ",")
			row := []string{m[1], fields[0], "0", "0", "0"}
			for _, f := range fields[1:] {
				typ, val, ok := strings.Cut(f, "=")
				k := slices.Index(allocTypes, typ)
				if !ok || k < 0 {
					return "", fmt.Errorf("allocation at %s: %q is not type=fraction of %v", m[1], f, allocTypes)
				}
				row[2+k] = val
			}
			b.WriteString(strings.Join(row, ",") + "\n")
		}
	}
	return b.String(), nil
}

// jctCSV is the recorded form of jobs.
func jctCSV(jobs []job) string {
	var b strings.Builder
	b.WriteString("job,jct_s\n")
	for _, j := range jobs {
		b.WriteString(j.id + "," + j.jct + "\n")
	}
	return b.String()
}

// sameJCTs counts the jobs whose printed JCT equals the recorded one.
func sameJCTs(recorded string, jobs []job) int {
	want := map[string]string{}
	for _, line := range strings.Split(recorded, "\n")[1:] {
		if id, jct, ok := strings.Cut(line, ","); ok {
			want[id] = jct
		}
	}
	n := 0
	for _, j := range jobs {
		if want[j.id] == j.jct {
			n++
		}
	}
	return n
}

// tail is the last n lines of s, joined by " | ".
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}
