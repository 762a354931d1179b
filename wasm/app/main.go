//go:build js && wasm

package main

import (
	"syscall/js"

	"schedlab/wasm/page"
	"schedlab/wasm/worker"
)

// main picks the role: a Web Worker has no document.
func main() {
	if js.Global().Get("document").IsUndefined() {
		worker.Start(nil) // scripted policies run in script.wasm (wasm/scriptworker)
	} else {
		page.Start()
	}
	select {}
}
