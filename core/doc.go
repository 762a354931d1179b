// Package core is the vocabulary of the simulator: simulated time, GPU types, the cluster and its
// spec string, jobs, and the model registry. The engine (core/sim), metrics (core/metrics), trace
// importers (core/trace) and workload generators (core/gen) are built from these types.
//
// core and its sub-packages import only the standard library: they compile unchanged for
// GOOS=js GOARCH=wasm, hold no global mutable state, never read the wall clock, and never depend on
// the low bits of math.Exp/math.Pow (see core/detmath), so a run is bit-identical natively and in wasm.
package core
