// Package runrecord is the app's self-contained record of one policy run: the runner's summary bytes,
// per-job outcomes, allocation intervals and time series. A worker encodes it straight from the
// run (Run), the page decodes, draws and exports from it, and the store keeps it, so a saved run
// reopens without re-running and exports the same bytes as a fresh one. Its binary form and the
// versions of it that still decode are described at Record.MarshalBinary. A run's View is what
// the page draws before it has the record (summary, CDF, utilisation, the Gantt's merged spans),
// built by the worker from the run in place. It also encodes a scenario into the page URL and
// back.
//
// It is plain Go, without the js && wasm constraint of the rest of wasm/: the record's binary form
// and the URL codec read untrusted bytes (IndexedDB, links), and go test -fuzz runs natively only.
package runrecord
