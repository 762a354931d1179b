package script

import (
	"fmt"

	"schedlab/core"
	"schedlab/core/sim"
)

// DryRunCluster is the cluster of Check's dry run: two GPU types, so placement and type rules are
// exercised.
const DryRunCluster = "2x8+1x4:K80"

// DryRunJobs is Check's tiny workload: twenty jobs of 1 to 8 GPUs arriving over the first ten
// minutes, fixed durations from 1 to 40 minutes (the same every time; no generator or trace).
func DryRunJobs() []core.Job {
	gpus := []int{1, 2, 1, 4, 8, 1, 2, 1, 1, 4, 2, 1, 8, 1, 2, 4, 1, 1, 2, 1}
	jobs := make([]core.Job, len(gpus))
	for i, g := range gpus {
		jobs[i] = core.Job{
			ID:       fmt.Sprintf("j%02d", i),
			GPUs:     g,
			Submit:   core.Time(i*30) * core.Second,
			Duration: core.Time(60+(i*7919)%2340) * core.Second,
			User:     []string{"alice", "bob", "carol"}[i%3],
		}
	}
	return jobs
}

// DryRun runs a policy of prog on DryRunJobs and DryRunCluster (rounds of 60 s, seed 1) and returns
// the result, or the script's error at its line.
func DryRun(prog *Program) (*sim.Result, error) {
	pol, err := prog.New(nil)
	if err != nil {
		return nil, err
	}
	p := pol.(*Policy)
	p.dry = true
	return runDry(p)
}

// runDry runs p on the dry run's workload and cluster.
func runDry(p *Policy) (*sim.Result, error) {
	c, err := core.ParseCluster(DryRunCluster)
	if err != nil {
		return nil, err
	}
	s, err := sim.New(sim.Config{Cluster: c, Jobs: DryRunJobs(), Policy: p, Seed: 1, Round: 60 * core.Second,
		FirstRound: -1, Verify: true})
	if err != nil {
		return nil, err
	}
	res := s.Run()
	if err := s.Err(); err != nil {
		return nil, err
	}
	return res, nil
}

// Check compiles a script and dry-runs it (DryRun): what a page's Check button and the runner ask
// before a real run. Every problem is an *Error at its line (errors.As finds it).
func Check(file string, src []byte) (*Program, error) {
	prog, err := Compile(file, src)
	if err != nil {
		return nil, err
	}
	if _, err := DryRun(prog); err != nil {
		return nil, err
	}
	return prog, nil
}
