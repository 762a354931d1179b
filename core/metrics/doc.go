// Package metrics turns a run's Result into the summary every report and test uses. The
// definitions (core/sim/README.md, "Metrics") are:
//
//   - JCT = end − submit; queueing delay = first start − submit;
//   - percentiles by linear interpolation between closest ranks (numpy's default);
//   - makespan = last end − first submit, over the measured jobs;
//   - gpu_util = Σ allocated GPU-seconds ÷ (GPUs × makespan), a GPU held by several jobs at once
//     counted once, intervals clipped to the makespan window; likewise per GPU type;
//   - runs with GPU sharing also report effective_util (useful work: Σ jobs normalised
//     throughput × GPUs × time ÷ (GPUs × makespan)) and loaded_util / loaded_effective_util
//     (gpu_util and effective_util over the instants at which at least one job waits);
//   - finish-time fairness ρ = JCT ÷ the job's isolated run time (its length at the reference
//     speed on its own GPUs, no queueing) — Themis' T_shared/T_ideal with the ideal being a
//     dedicated allocation, as Synergy's FTF ordering uses it;
//
// all over completed, non-rejected jobs inside the run's measurement window.
package metrics
