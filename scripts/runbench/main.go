//go:build linux

// Command runbench times whole runs of the runner on a generated workload and prints a Markdown
// table: jobs × policy × wall time, CPU time and peak memory of the process, and for each policy
// the ratio of its time at the largest size to its time at the smallest. `make bench` runs it
// after the Go benchmarks.
//
//	go run ./scripts/runbench -sim build/simulate -jobs 100000,1000000 -policy fifo,las
//
// By default every policy runs on one workload (-generate, -cluster); with -families the policies
// are instead the families' own, each on a workload and cluster it accepts (families.go).
//
// With several runners (-sim a,b) every case runs on each in turn, so that a busy machine slows
// them alike, and a column gives each one's time over the first's. The ratios are of CPU time
// (user and system, every thread of the process), which a machine busy with other work leaves as
// it is where it stretches wall time. A run that takes longer than -timeout is stopped and shown
// as such.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	sims := flag.String("sim", "build/simulate", "runner binaries, comma-separated (the first is the reference)")
	jobs := flag.String("jobs", "100000,1000000", "workload sizes, comma-separated")
	pols := flag.String("policy", "fifo,fifo-backfill,sjf,srtf,srsf,las", "policies, comma-separated")
	gen := flag.String("generate", "philly:rate=230", "the workload: a generator SPEC without its jobs key (runbench adds jobs=N)")
	cluster := flag.String("cluster", "1000x8", "the cluster")
	fams := flag.Bool("families", false, "run the families' policies on their own workloads instead of -policy on -generate")
	timeout := flag.Duration("timeout", 120*time.Second, "limit per run")
	flag.Parse()
	sizes, err := counts(*jobs)
	if err != nil {
		fmt.Fprintln(os.Stderr, "runbench: -jobs:", err)
		os.Exit(2)
	}
	cases := families
	if !*fams {
		cases = nil
		for _, p := range strings.Split(*pols, ",") {
			cases = append(cases, benchCase{policy: p, gen: *gen, cluster: *cluster})
		}
	}
	cfg := config{sims: strings.Split(*sims, ","), sizes: sizes, cases: cases, timeout: *timeout}
	if err := run(cfg, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "runbench:", err)
		os.Exit(1)
	}
}

type config struct {
	sims    []string
	sizes   []int
	cases   []benchCase
	timeout time.Duration
}

// A benchCase is one policy on one workload: gen is a generator SPEC without its jobs key, up to
// maxJobs jobs (0: every size).
type benchCase struct {
	family, policy, gen, cluster string
	maxJobs                      int
}

func (b benchCase) name() string {
	if b.family == "" {
		return b.policy
	}
	return b.family + ": " + b.policy
}

// spec is b's generator SPEC with n jobs.
func (b benchCase) spec(n int) string {
	name, keys, _ := strings.Cut(b.gen, ":")
	s := fmt.Sprintf("%s:jobs=%d", name, n)
	if keys != "" {
		s += "," + keys
	}
	return s
}

// runs reports whether b runs at n jobs.
func (b benchCase) runs(n int) bool { return b.maxJobs == 0 || n <= b.maxJobs }

func counts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("%q: want positive job counts", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// measure is one run: wall and CPU seconds, peak resident memory in MB (10⁶ bytes), or a stop.
type measure struct {
	wall, cpu float64
	peakMB    float64
	stopped   bool
}

func (m measure) String() string {
	if m.stopped {
		return "stopped"
	}
	return fmt.Sprintf("%.2f s (cpu %.2f s), %.0f MB", m.wall, m.cpu, m.peakMB)
}

func run(c config, w io.Writer) error {
	res := map[string]measure{}
	id := func(sim string, n int, k int) string { return fmt.Sprintf("%s|%d|%d", sim, n, k) }
	workloads(c.cases, w)
	head := "| jobs | policy |"
	rule := "|---|---|"
	for k, s := range c.sims {
		head += " " + s + " |"
		rule += "---|"
		if k > 0 {
			head += " CPU time ÷ first |"
			rule += "---|"
		}
	}
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, rule)
	for _, n := range c.sizes {
		for ci, bc := range c.cases {
			if !bc.runs(n) {
				continue
			}
			row := fmt.Sprintf("| %d | %s |", n, bc.name())
			for k, sim := range c.sims {
				m, err := once(c, sim, n, bc)
				if err != nil {
					return err
				}
				res[id(sim, n, ci)] = m
				row += " " + m.String() + " |"
				if k > 0 {
					row += " " + ratio(m, res[id(c.sims[0], n, ci)]) + " |"
				}
			}
			fmt.Fprintln(w, row)
		}
	}
	if len(c.sizes) < 2 {
		return nil
	}
	lo := c.sizes[0]
	fmt.Fprintf(w, "\nCPU time at the largest size ÷ CPU time at %d jobs:\n\n| policy | jobs |", lo)
	for _, s := range c.sims {
		fmt.Fprintf(w, " %s |", s)
	}
	fmt.Fprint(w, "\n|---|---|")
	for range c.sims {
		fmt.Fprint(w, "---|")
	}
	fmt.Fprintln(w)
	for ci, bc := range c.cases {
		hi := lo
		for _, n := range c.sizes {
			if bc.runs(n) {
				hi = n
			}
		}
		fmt.Fprintf(w, "| %s | %d ÷ %d |", bc.name(), hi, lo)
		for _, s := range c.sims {
			r := "–" // one size only
			if hi > lo {
				r = ratio(res[id(s, hi, ci)], res[id(s, lo, ci)])
			}
			fmt.Fprintf(w, " %s |", r)
		}
		fmt.Fprintln(w)
	}
	return nil
}

// workloads prints each distinct workload and cluster with the policies that run on it.
func workloads(cases []benchCase, w io.Writer) {
	var keys []string
	on := map[string][]string{}
	for _, bc := range cases {
		k := fmt.Sprintf("-generate %s -cluster %s", strings.Replace(bc.spec(0), "jobs=0", "jobs=N", 1), bc.cluster)
		if _, ok := on[k]; !ok {
			keys = append(keys, k)
		}
		on[k] = append(on[k], bc.policy)
	}
	fmt.Fprintln(w, "Whole process of the runner on:")
	fmt.Fprintln(w)
	for _, k := range keys {
		fmt.Fprintf(w, "- `%s`: %s\n", k, strings.Join(on[k], ", "))
	}
	fmt.Fprintln(w)
}

func ratio(a, b measure) string {
	if a.stopped || b.stopped || b.cpu == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", a.cpu/b.cpu)
}

// once runs sim on n jobs of bc, its output discarded.
func once(c config, sim string, n int, bc benchCase) (measure, error) {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, sim, "-generate", bc.spec(n), "-cluster", bc.cluster, "-policy", bc.policy)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start).Seconds()
	if ctx.Err() != nil {
		return measure{stopped: true}, nil
	}
	if err != nil {
		return measure{}, fmt.Errorf("%s on %d jobs under %s: %v: %s", sim, n, bc.name(), err, strings.TrimSpace(stderr.String()))
	}
	m := measure{wall: wall}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		m.cpu = float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
		m.peakMB = float64(ru.Maxrss) * 1024 / 1e6 // KiB on Linux; MB are 10⁶ bytes
	}
	return m, nil
}
