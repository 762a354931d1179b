// Command golden checks that the runner gives byte-identical output on every target it is built
// for, and that the output has not changed since it was last accepted.
//
// The targets are the default build (-native, the reference), the wasm build under Node (-wasm
// and -exec) and, when given, a build with GOAMD64=v3 (-amd64-v3) and a linux/arm64 build run
// under a user-mode emulator (-arm64, -qemu): the two builds whose compiler may fuse x*y + z
// into one multiply-add, which core/ and policies/ must prevent (see scripts/fusion). A v3 build
// the CPU cannot run, or a missing emulator, is skipped with a message, or fails under CI=true.
//
// Each non-blank, non-comment line of the args file (testdata/golden/args.txt) is one argument
// list for the runner; case N (1-based, counting argument lines only) runs on every target at
// once, and each output is compared with the reference's, and the reference's with DIR/N.jsonl;
// a failure reports the first differing line. With -update the reference output is written to
// DIR/N.jsonl instead (files for cases that no longer exist are removed); a mismatch between
// targets still fails, since a golden file that only one build can reproduce is worthless.
//
// With -figures every catalogue figure runs at seed 1 on every target at once
// (-figure all -seeds 1 -figure-out DIR/) and each figure's CSV, and the printed tables, must be
// the same bytes as the reference's. These are compared between targets only, not with files in
// testdata: the catalogue changes as figures are added, and what must hold is that every target
// agrees.
//
// Arguments are split on white space; single or double quotes group words containing spaces
// (no other shell syntax). Relative paths are resolved from the working directory, which the
// Makefile sets to the repository root. Besides fused multiply-adds, float results pass through
// math functions whose low bits differ between platforms; see core/detmath.
//
// Usage:
//
//	go run ./scripts/golden -native build/simulate -wasm build/simulate.wasm \
//		-exec "$(go env GOROOT)/lib/wasm/go_js_wasm_exec" \
//		[-amd64-v3 build/simulate-v3] [-arm64 build/simulate-arm64] [-figures] [-update]
package main
