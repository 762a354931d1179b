// Package runrecord is the app's self-contained record of one policy run: the runner's summary bytes,
// per-job outcomes, allocation intervals and time series. A worker builds it, the page draws and
// exports from it, and the store keeps it, so a saved run reopens without re-running and exports
// the same bytes as a fresh one. It also encodes a scenario into the page URL and back.
//
// It is plain Go, without the js && wasm constraint of the rest of wasm/: the record's binary form
// and the URL codec read untrusted bytes (IndexedDB, links), and go test -fuzz runs natively only.
package runrecord
