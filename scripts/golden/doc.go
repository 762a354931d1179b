// Command golden checks that the runner gives byte-identical output natively and under
// WebAssembly, and that the output has not changed since it was last accepted.
//
// Each non-blank, non-comment line of the args file (testdata/golden/args.txt) is one argument
// list for the runner; case N (1-based, counting argument lines only) compares
//
//	NATIVE ARGS...            (build/simulate)
//	EXEC WASM ARGS...         (go_js_wasm_exec build/simulate.wasm, i.e. Node)
//
// with each other and with DIR/N.jsonl, and reports the first differing line. With -update the
// native output is written to DIR/N.jsonl instead (files for cases that no longer exist are
// removed); a native/wasm mismatch still fails, since a golden file that only one build can
// reproduce is worthless.
//
// Arguments are split on white space; single or double quotes group words containing spaces
// (no other shell syntax). Relative paths are resolved from the working directory, which the
// Makefile sets to the repository root. The cross-check exists because float results pass through
// math functions whose low bits can differ between amd64 assembly and wasm's pure Go; see
// core/detmath.
//
// Usage:
//
//	go run ./scripts/golden -native build/simulate -wasm build/simulate.wasm \
//		-exec "$(go env GOROOT)/lib/wasm/go_js_wasm_exec" [-update]
package main
