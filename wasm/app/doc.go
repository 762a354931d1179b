//go:build js && wasm

// Command app is app.wasm, the page's binary: it runs wasm/page (index.html holds the static
// markup and the data-testid hooks). The page never simulates itself: its Web Workers
// (static/worker.js) run worker.wasm (wasm/appworker), which parses traces and runs policies and
// figure cells, so a long run never freezes the page and several runs use several cores, and
// script.wasm (wasm/scriptworker), that worker with the Starlark interpreter, for scripted
// policies. app.wasm links neither the worker's request handlers and the simulation they drive
// nor the interpreter, so the first load carries only what the page runs (scripts/site.sh builds
// the three; `brotli -q 11 -c build/site/app.wasm | wc -c` gives the page's share of the load);
// scripts/houserules (TestPageHasNoInterpreter, TestPageBinaryLinksNoWorker) keeps it so.
package main
