package asrpt

import (
	"fmt"
	"math"
	"runtime"
	"testing"

	"schedlab/core"
)

// stats returns mean and sample standard deviation.
func stats(xs []float64) (float64, float64) {
	m := 0.0
	for _, x := range xs {
		m += x
	}
	m /= float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	return m, math.Sqrt(v / float64(max(1, len(xs)-1)))
}

func skipHeavy(t *testing.T) {
	if testing.Short() || runtime.GOOS == "js" {
		t.Skip("10-seed study: run natively without -short (README: Reproducing A-SRPT)")
	}
}

// TestTenSeeds: on the asrpt-jct workload (400 recurring jobs, 4 jobs/h, 8x8) a-srpt has a lower
// mean JCT than fifo, las and srpt-predicted-oblivious, averaged over seeds 1-10.
func TestTenSeeds(t *testing.T) {
	skipHeavy(t)
	c, _ := core.ParseCluster("8x8")
	res := map[string][]float64{}
	wins := map[string]int{}
	for seed := uint64(1); seed <= 10; seed++ {
		jobs := workload(t, workloadSpec, seed)
		a := 0.0
		for _, p := range studyPolicies {
			v := meanJCT(t, p, jobs, c, seed)
			res[p] = append(res[p], v)
			if p == "a-srpt" {
				a = v
			} else if a < v {
				wins[p]++
			}
		}
		t.Logf("seed %2d: ρ = %.2f", seed, Rho(jobs, c))
	}
	ma, _ := stats(res["a-srpt"])
	for _, p := range studyPolicies {
		m, sd := stats(res[p])
		t.Logf("%-26s mean JCT %6.2f ± %5.2f h (a-srpt better on %d/10 seeds; a-srpt/this = %.3f)", p, m, sd, wins[p], ma/m)
	}
	for _, p := range []string{"fifo", "las", "srpt-predicted-oblivious"} {
		if m, _ := stats(res[p]); !(ma < m) {
			t.Errorf("got a-srpt %.2f h, %s %.2f h: want a-srpt lower", ma, p, m)
		}
	}
}

// TestBandwidthRatio: a-srpt's advantage over the communication-oblivious baseline grows with the
// intra/inter bandwidth ratio (inter fixed at 25 Gbit/s), averaged over 5 seeds.
func TestBandwidthRatio(t *testing.T) {
	skipHeavy(t)
	var prev float64
	for i, r := range BandwidthRatios {
		c, err := core.ParseCluster(fmt.Sprintf("8x8,bw=%d/25", 25*r))
		if err != nil {
			t.Fatal(err)
		}
		var a, o, f, l []float64
		for seed := uint64(1); seed <= 5; seed++ {
			jobs := workload(t, workloadSpec, seed)
			a = append(a, meanJCT(t, "a-srpt", jobs, c, seed))
			o = append(o, meanJCT(t, "srpt-predicted-oblivious", jobs, c, seed))
			f = append(f, meanJCT(t, "fifo", jobs, c, seed))
			l = append(l, meanJCT(t, "las", jobs, c, seed))
		}
		ma, _ := stats(a)
		mo, _ := stats(o)
		mf, _ := stats(f)
		ml, _ := stats(l)
		gap := mo / ma
		t.Logf("ratio %2d: a-srpt %.2f h, oblivious %.2f h (×%.2f), fifo %.2f h (×%.2f), las %.2f h (×%.2f)", r, ma, mo, gap, mf, mf/ma, ml, ml/ma)
		if i > 0 && !(gap > prev) {
			t.Errorf("ratio %d: got oblivious/a-srpt %.3f, want above %.3f at the previous ratio", r, gap, prev)
		}
		prev = gap
	}
}
