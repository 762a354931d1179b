//go:build linux

package main

// families are the built-in families' policies, each on a generated workload of its own kind and a
// cluster it accepts, at a load it drains (the mean wait stays flat as jobs grow), so that a time
// growing faster than the jobs is the policy's cost per decision, not a queue that keeps growing:
//   - Synergy: its generator's single-GPU jobs at 60 jobs/h on 128 servers of 8 GPUs (CPU and
//     memory the cluster's defaults), the paper's FIFO with TUNE and LAS with proportional shares;
//   - model similarity: Gavel's job types at 40 jobs/h on 32 servers of 8 GPUs of each of K80, P100
//     and V100 (the family needs several GPU types), the 2023 policy, its 2024 round-based
//     extension, and gavel-maxmin, whose linear program per round is the slowest of the families
//     and runs up to 30,000 jobs;
//   - interference: Gavel's job types at 200 jobs/h on 128x8 V100 under iasp-iapp;
//   - A-SRPT: the recurring jobs at 40 jobs/h on 128x8 under a-srpt and a-srpt-preempt, up to
//     100,000 jobs: to there this load drains (seed 1); a longer run of it may tip into a queue
//     that feeds itself, under fifo and las as well (wide jobs started on scattered GPUs run
//     slower), which would measure the queue, not the policy: see "A queue that stops draining"
//     in policies/asrpt/README.md.
var families = []benchCase{
	{family: "synergy", policy: "fifo+tune", gen: "synergy:rate=60", cluster: "128x8"},
	{family: "synergy", policy: "las+proportional", gen: "synergy:rate=60", cluster: "128x8"},
	{family: "similarity", policy: "model-similarity", gen: "similarity:rate=40", cluster: "32x8:K80+32x8:P100+32x8:V100"},
	{family: "similarity", policy: "model-similarity+rounds", gen: "similarity:rate=40", cluster: "32x8:K80+32x8:P100+32x8:V100"},
	{family: "similarity", policy: "gavel-maxmin", gen: "similarity:rate=40", cluster: "32x8:K80+32x8:P100+32x8:V100", maxJobs: 30000},
	{family: "interference", policy: "iasp-iapp", gen: "interference:rate=200", cluster: "128x8"},
	{family: "asrpt", policy: "a-srpt", gen: "recurring:rate=40", cluster: "128x8", maxJobs: 100000},
	{family: "asrpt", policy: "a-srpt-preempt", gen: "recurring:rate=40", cluster: "128x8", maxJobs: 100000},
}
