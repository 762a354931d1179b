//go:build js && wasm

// Command app is the browser app's single wasm binary. On the page it wires the DOM (index.html
// holds the static markup and the data-testid hooks); in a Web Worker (static/worker.js) it parses
// traces and runs one policy per worker, so a long run never freezes the page and several runs
// use several cores. One binary for both keeps the download single and cached.
package main
