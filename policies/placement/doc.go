// Package placement chooses the exact GPU ids for a gang. Scheduling policies decide *which* jobs
// run; a Placer decides *where*, so every baseline can be combined with every strategy (and the
// runner's -placement flag swaps strategies without touching the policy).
//
// Strategies: consolidate (fewest servers, best fit), spread (one GPU per server, round-robin),
// first-fit (lowest free ids), random (uniform over free GPUs, from the run's RNG) and
// tiresias-yarn (the Tiresias authors' simulator's yarn rule: one server for a gang that fits on
// one, else whole idle servers and one more for the rest; the only strategy that may refuse a job
// while enough GPUs are free).
//
// Rules shared by all strategies:
//   - A gang never mixes GPU types and uses only types the job allows (core.Job.AllowsType).
//   - On a heterogeneous cluster the type is chosen first: first-fit takes the first allowed type
//     in cluster order that has enough free GPUs (lowest ids first, in keeping with its name), and
//     tiresias-yarn the first where its rule finds room; the others take the allowed type with the
//     most free GPUs, ties to cluster order.
//   - Only GPUs are counted: every job gets each server's proportional CPU and memory share, which
//     a free GPU always has left.
//   - The returned ids are sorted ascending. The slice is the Placer's scratch buffer, valid until
//     its next Place call (View.Start copies it), so placing allocates nothing in steady state.
//   - Cost is O(servers + g) per call (spread and multi-server consolidation add a sort of the
//     servers that have free GPUs; random is O(free GPUs of the type)).
//
// A Placer keeps scratch state and serves one run at a time.
package placement
