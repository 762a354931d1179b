// Package detmath holds pure-Go versions of the exponential functions whose results must not
// depend on the platform.
//
// math.Exp, math.Pow and math.Exp2 use assembly on amd64 and pure Go under wasm, and the two
// disagree in the last bit for a sizeable fraction of arguments. The simulator promises
// bit-identical runs natively and in the browser, so anything that feeds an exponential into a
// decision (workload generators, decay factors, utility curves) calls this package instead. The
// code is a port of Go's own portable implementation (src/math/exp.go), with every product
// wrapped in an explicit float64 conversion so no compiler may fuse it into an FMA.
package detmath
