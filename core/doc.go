// Package core is the vocabulary of the simulator: simulated time, GPU types, the cluster and its
// spec string, jobs, and the model registry. The engine (core/sim), metrics (core/metrics), trace
// importers (core/trace) and workload generators (core/gen) are built from these types.
//
// core and its sub-packages import only the standard library: they compile unchanged for
// GOOS=js GOARCH=wasm, hold no global mutable state, never read the wall clock, and never depend on
// the low bits of math.Exp/Pow/Log (see core/detmath), so a run is bit-identical natively and in wasm.
//
// Nor do they let the compiler fuse a multiply into an add. Go may compile x*y + z to one fused
// multiply-add that rounds once instead of twice, and does on arm64 and with GOAMD64=v3 (never in
// wasm), so wherever a floating-point product feeds a sum or a difference — directly, through a
// variable, or through an argument of an inlined call — the product is rounded explicitly:
// float64(x*y) + z. Dot products and row updates go through detmath.Dot and detmath.Axpy. The test
// in scripts/fusion reads the compiler's arm64 and amd64-v3 assembly and names any line that fuses.
package core
