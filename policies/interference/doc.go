// Package interference holds the GPU-sharing policies: iasp-iapp (Geng, Zhang, Zhao, Ma, Cluster
// Computing 2020; the abstract names the parts, their rules are our reconstruction: CLWP picks a
// node with IASP's predicted interference, NLWP picks the node's GPUs with IAPP plus a
// communication term), its oracle (true interference, an upper bound), and the baselines exclusive,
// random-share, least-loaded, pack-first and gandiva-pack. They all run with the engine's
// co-location model (core/interference, Gavel's measured pairs) and share one queue discipline —
// FIFO with backfill, no preemption (gandiva-pack migrates) — so the differences come from
// placement only.
package interference
