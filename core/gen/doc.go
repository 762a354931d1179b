// Package gen makes synthetic workloads from a one-line SPEC such as "philly:jobs=1000,rate=9".
//
// A generator is a small type behind the Generator interface; Builtin lists them explicitly (no
// init registration), so a new generator is one file and one line. The SPEC carries the workload's
// shape but never its seed: the caller passes the seed, so the same SPEC can be swept over seeds
// and a stored run records the seed in one place. Each generator draws from its own
// rand.New(rand.NewPCG(seed, stream)) and computes powers with core/detmath, so a workload is
// bit-identical natively and in the browser.
package gen
