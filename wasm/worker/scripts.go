//go:build js && wasm

package worker

// check compiles and dry-runs a script (pool.Check: file, source). A script's error is an answer,
// not a failure: the reply carries it with its line (error, line, col), or the policy's name and
// hash, and the worker stays for the next check. The dry run is bounded by the interpreter's step
// and allocation limits; the page's timeout (pool.Task.Timeout) replaces a worker that would
// hang all the same.
func (w *worker) check(r *request) (map[string]any, []any, error) {
	name, hash, msg, line, col := w.scripts.Check(r.msg.Get("file").String(), r.msg.Get("source").String())
	return map[string]any{"name": name, "hash": hash, "error": msg, "line": line, "col": col}, nil, nil
}

// examples answers the shipped example scripts (pool.Examples): files and sources, in order.
func (w *worker) examples(*request) (map[string]any, []any, error) {
	var files, sources []any
	for _, e := range w.scripts.Examples() {
		files, sources = append(files, e.File), append(sources, e.Source)
	}
	return map[string]any{"files": files, "sources": sources}, nil, nil
}
