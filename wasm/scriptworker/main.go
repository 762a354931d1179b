//go:build js && wasm

// Command scriptworker is script.wasm: the app's Web Worker (wasm/worker) with scripted policies
// (wasm/scripting, the Starlark interpreter). The page starts it only to check or run a script
// (pool.Options.Scripts), so the interpreter's megabyte is not part of the page's own load.
package main

import (
	"runtime/debug"

	"schedlab/policies/script"
	"schedlab/wasm/scripting"
	"schedlab/wasm/worker"
)

func main() {
	// A script's memory is counted and capped per run (policies/script's budget, the page's Script
	// memory setting); the collector is also told to keep the worker's heap under 8 × the default
	// budget + 1 GB, as the runner's is with -policy-file.
	debug.SetMemoryLimit(8*script.DefaultLimits.Memory + 1<<30)
	worker.Start(scripting.Scripts{})
	select {}
}
