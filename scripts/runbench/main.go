//go:build linux

// Command runbench times whole runs of the runner on a generated Philly-like workload and prints
// a Markdown table: jobs × policy × wall time, CPU time and peak memory of the process, and for
// each policy the ratio of its time at the largest size to its time at the smallest. `make bench`
// runs it after the Go benchmarks.
//
//	go run ./scripts/runbench -sim build/simulate -jobs 100000,1000000 -policy fifo,las
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
	rate := flag.Float64("rate", 230, "arrivals per hour of the Philly generator")
	cluster := flag.String("cluster", "1000x8", "the cluster")
	timeout := flag.Duration("timeout", 120*time.Second, "limit per run")
	flag.Parse()
	sizes, err := counts(*jobs)
	if err != nil {
		fmt.Fprintln(os.Stderr, "runbench: -jobs:", err)
		os.Exit(2)
	}
	cfg := config{sims: strings.Split(*sims, ","), sizes: sizes, policies: strings.Split(*pols, ","),
		rate: *rate, cluster: *cluster, timeout: *timeout}
	if err := run(cfg, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "runbench:", err)
		os.Exit(1)
	}
}

type config struct {
	sims     []string
	sizes    []int
	policies []string
	rate     float64
	cluster  string
	timeout  time.Duration
}

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
	id := func(sim string, n int, pol string) string { return fmt.Sprintf("%s|%d|%s", sim, n, pol) }
	fmt.Fprintf(w, "Workload: -generate philly:jobs=N,rate=%g -cluster %s, whole process of the runner.\n\n", c.rate, c.cluster)
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
		for _, pol := range c.policies {
			row := fmt.Sprintf("| %d | %s |", n, pol)
			for k, sim := range c.sims {
				m, err := once(c, sim, n, pol)
				if err != nil {
					return err
				}
				res[id(sim, n, pol)] = m
				row += " " + m.String() + " |"
				if k > 0 {
					row += " " + ratio(m, res[id(c.sims[0], n, pol)]) + " |"
				}
			}
			fmt.Fprintln(w, row)
		}
	}
	if len(c.sizes) < 2 {
		return nil
	}
	lo, hi := c.sizes[0], c.sizes[len(c.sizes)-1]
	fmt.Fprintf(w, "\nCPU time at %d jobs ÷ CPU time at %d jobs:\n\n| policy |", hi, lo)
	for _, s := range c.sims {
		fmt.Fprintf(w, " %s |", s)
	}
	fmt.Fprint(w, "\n|---|")
	for range c.sims {
		fmt.Fprint(w, "---|")
	}
	fmt.Fprintln(w)
	for _, pol := range c.policies {
		fmt.Fprintf(w, "| %s |", pol)
		for _, s := range c.sims {
			fmt.Fprintf(w, " %s |", ratio(res[id(s, hi, pol)], res[id(s, lo, pol)]))
		}
		fmt.Fprintln(w)
	}
	return nil
}

func ratio(a, b measure) string {
	if a.stopped || b.stopped || b.cpu == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", a.cpu/b.cpu)
}

// once runs sim on n jobs under pol, its output discarded.
func once(c config, sim string, n int, pol string) (measure, error) {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, sim, "-generate", fmt.Sprintf("philly:jobs=%d,rate=%g", n, c.rate),
		"-cluster", c.cluster, "-policy", pol)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start).Seconds()
	if ctx.Err() != nil {
		return measure{stopped: true}, nil
	}
	if err != nil {
		return measure{}, fmt.Errorf("%s on %d jobs under %s: %v: %s", sim, n, pol, err, strings.TrimSpace(stderr.String()))
	}
	m := measure{wall: wall}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		m.cpu = float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
		m.peakMB = float64(ru.Maxrss) * 1024 / 1e6 // KiB on Linux; MB are 10⁶ bytes
	}
	return m, nil
}
