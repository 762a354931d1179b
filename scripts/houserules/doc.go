// Package houserules holds no code, only tests that check house rules the compiler cannot see, so a
// slip fails `go test ./...` with a message naming the file instead of surfacing later as a wasm
// build break or a native/wasm result mismatch:
//
//   - every Go file under wasm/ carries a `//go:build js && wasm` constraint (so native
//     `go vet ./...` and `go test -race ./...` never try to compile syscall/js code, and the wasm
//     edge never builds under wasip1), except in the plain packages the test lists (wasm/runrecord, wasm/figchart, wasm/pagelogic),
//     which carry none and may not import syscall/js;
//   - core/ and policies/ import only the standard library, gonum and schedlab itself, never
//     syscall/js (they must run natively and in the browser alike);
//   - core/ and policies/ stay deterministic: no global math/rand functions, no wall clock
//     (time.Now and friends), no init(), and no math.Exp/Pow/Exp2/Log/Log2/Log10 outside core/detmath (their low
//     bits differ natively and in wasm).
//
// The checks parse source with go/parser; they do not compile or run anything, so they take
// milliseconds. The Makefile's dependency check (`go list -deps` for GOOS=js) covers the
// transitive side of the import rule.
package houserules
