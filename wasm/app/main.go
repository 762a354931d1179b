//go:build js && wasm

package main

import "schedlab/wasm/page"

func main() {
	page.Start()
	select {}
}
