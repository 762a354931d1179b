// Package parallel models mixed-parallel training jobs (data × pipeline × tensor parallelism, spec
// §4.2): the job graph with bytes per iteration on its edges, computed from published model sizes,
// and the iteration time of a placement, alpha(x) = compute + Σ collectives 2(k−1)/k · bytes / B,
// where B is the intra-server bandwidth when a collective stays inside one server and the
// inter-server bandwidth when it crosses servers.
//
// Why a separate package: the iteration time of such a job depends on which GPUs sit on which
// server, not on how many GPUs or servers it gets, so it cannot be a row of a profile table. The
// package is used three ways: by Speed (a sim.SpeedModel wrapper, placed in core/zoo's chain so every
// policy sees the same placement-dependent speeds), by policies that map jobs onto GPUs (they
// evaluate candidate layouts with Alpha), and by analyses (Lemma 1's ρ = max αmax/αmin).
//
// Pure data-parallel models without a published activation size are calibrated so that the
// spread/consolidated slowdown equals Gavel's measurement (stanford-futuredata/gavel scheduler/simulation_throughputs.json) at the default bandwidths;
// see Calibrate. Jobs without explicit parallelism (core.Job.Par zero) are never slowed by Speed:
// traces without parallelism info keep their profiled speed.
package parallel
