package asrpt

import (
	"schedlab/core"
	"schedlab/core/parallel"
)

// Rho is Lemma 1's ρ = max over jobs of αmax/αmin for a workload on a cluster: αmin packs the
// job onto the fewest servers of the first server's size at its intra bandwidth, αmax sends every
// collective over the slowest inter-server link. Jobs without explicit parallelism or without a
// documented shape count as 1 (the speed model does not slow them). It is 1 for an empty workload.
func Rho(jobs []core.Job, c *core.Cluster) float64 {
	if len(c.Servers) == 0 {
		return 1
	}
	per, intra, inter := c.Servers[0].GPUs, c.Servers[0].IntraGbps, c.Servers[0].InterGbps
	for _, sv := range c.Servers {
		inter = min(inter, sv.InterGbps)
	}
	tab := parallel.Builtin()
	rho := 1.0
	for i := range jobs {
		j := &jobs[i]
		if j.Par == (core.Parallelism{}) || j.GPUs <= 1 {
			continue
		}
		sh, ok := tab.Lookup(j.Model)
		if !ok {
			continue
		}
		rho = max(rho, sh.Rho(j.Par, j.BatchSize, per, intra, inter))
	}
	return rho
}
