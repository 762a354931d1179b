//go:build js && wasm

// Package runrec is the app's self-contained record of one policy run: the runner's summary bytes,
// per-job outcomes, allocation intervals and time series. A worker builds it, the page draws and
// exports from it, and the store keeps it, so a saved run reopens without re-running and exports
// the same bytes as a fresh one. It also encodes a scenario into the page URL and back.
package runrec
