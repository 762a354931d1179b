// Package detmath holds pure-Go versions of the exponential and logarithm functions whose results
// must not depend on the platform.
//
// math.Exp, math.Pow and math.Exp2 use assembly on amd64 and pure Go under wasm, and the two
// disagree in the last bit for a sizeable fraction of arguments. math.Log (and Log2, Log10 built
// on it) is assembly on amd64 but pure Go on arm64, where the compiler fuses its polynomial into
// multiply-add instructions, so about one argument in a thousand gets another last bit. The
// simulator promises bit-identical runs natively (amd64, arm64) and in the browser, so anything
// that feeds an exponential or a logarithm into a decision (workload generators, decay factors,
// utility curves, learned predictors) calls this package instead. The code is a port of Go's own
// portable implementations (src/math/exp.go, src/math/log.go), with every product wrapped in an
// explicit float64 conversion so no compiler may fuse it into an FMA.
package detmath
