//go:build js && wasm

package main

import "syscall/js"

func main() {
	if js.Global().Get("document").IsUndefined() {
		startWorker()
	} else {
		startPage()
	}
	select {}
}
