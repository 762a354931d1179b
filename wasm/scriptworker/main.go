//go:build js && wasm

// Command scriptworker is script.wasm: the app's Web Worker (wasm/worker) with scripted policies
// (wasm/scripting, the Starlark interpreter). The page starts it only to check or run a script
// (pool.Options.Scripts), so the interpreter's megabyte is not part of the page's own load.
package main

import (
	"schedlab/wasm/scripting"
	"schedlab/wasm/worker"
)

func main() {
	worker.Start(scripting.Scripts{})
	select {}
}
