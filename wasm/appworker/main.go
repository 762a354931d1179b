//go:build js && wasm

// Command appworker is worker.wasm, the binary of the page's Web Workers (static/worker.js): it
// runs wasm/worker, which answers the page's requests (policy runs, figure cells, trace parsing
// and export) with the runner's own code. It is separate from the page's app.wasm (wasm/app) so
// that the page's first load does not carry the simulation; the page starts it at its first run,
// figure or trace import. Scripted policies run in script.wasm (wasm/scriptworker), this worker
// with the Starlark interpreter.
package main

import "schedlab/wasm/worker"

func main() {
	worker.Start(nil)
	select {}
}
