// Package baselines holds the classic GPU-cluster schedulers every paper compares against: FIFO
// (strict, and with greedy backfill), SJF and SRTF with oracle lengths, and Tiresias' discretised
// two-dimensional LAS. They are the yardstick for the research policies, so each is small, follows
// one documented rule, and runs the 82k-job Philly trace in well under a second.
//
// Every policy takes a placement strategy (policies/placement, default consolidate) through the
// "placement" key of its JSON parameters; unknown keys are an error. A policy value keeps
// per-run state and serves one run at a time: build a fresh one per run (the registry does).
//
// Efficiency: the engine's View.Pending iterates in arrival order, so the ordered policies keep
// their own index of waiting jobs in key order per gang size (keys are static while a job waits),
// fed from an arrival cursor, and look only at jobs that fit the GPUs free. The preemptive ones
// (srtf, srsf, las) re-key only the running jobs at a full decision, at most one per busy GPU; las,
// whose keys change only at demotions, keeps its running jobs in key order and re-keys only those
// whose demotion is due (walk.go).
package baselines
