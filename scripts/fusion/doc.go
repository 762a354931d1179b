// Package fusion holds no code, only a test that reads the compiler's own assembly of core/ and
// policies/ for the targets that fuse floating-point operations, and fails on any fused
// multiply-add instruction, naming the function and the source line.
//
// The Go specification lets a compiler fuse x*y + z into one instruction that rounds once instead
// of twice. Go does so on arm64 always and on amd64 from GOAMD64=v3, never under wasm, so a fused
// expression gives the page and a default amd64 build one answer and an Apple Silicon Mac or a
// newer x86 build another. An explicit conversion, float64(x*y) + z, rounds the product and
// forbids the fusion; the test finds the expressions that still lack it.
//
// It compiles with `-gcflags=schedlab/...=-S` (the build cache replays the listing, so a second
// run takes a fraction of a second) rather than disassembling with `go tool objdump`, which
// mis-decodes amd64's VEX-encoded FMA instructions. Standard-library code is compiled into the
// binaries too and is not covered here (core/detmath replaces the math functions that fuse); the
// cross-target golden comparison in scripts/golden proves the whole path.
package fusion
