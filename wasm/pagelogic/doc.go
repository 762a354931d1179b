// Package pagelogic is the page's logic that needs no browser: the column-mapping form's text,
// the parameter box's check, the run diff, the summary table's numbers, the GPU-sharing tooltip
// and cells, and the JSON export's reader. It has no build tag and does not import syscall/js,
// so `go test ./...` (make test-native) covers it; wasm/page only turns its results into DOM.
package pagelogic
