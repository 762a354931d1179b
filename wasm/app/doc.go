//go:build js && wasm

// Command app is the browser app's single wasm binary. On the page it runs wasm/page (index.html
// holds the static markup and the data-testid hooks); in a Web Worker (static/worker.js) it runs
// wasm/worker, which parses traces and runs policies and figure cells, so a long run never
// freezes the page and several runs use several cores. One binary for both roles keeps the
// download single and cached. Scripted policies are the exception: their workers run
// script.wasm (wasm/scriptworker), this worker with the Starlark interpreter, which app.wasm
// leaves out (it would add about 175 KB, brotli, to the page's load).
package main
