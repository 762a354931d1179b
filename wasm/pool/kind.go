//go:build js && wasm

package pool

// Kind names a request a worker answers; wasm/worker has one handler per kind. A new kind is a
// constant here, a handler in wasm/worker's table, and a Task the page submits.
type Kind string

// The requests: the fields each takes and answers are documented beside its handler.
const (
	Run    Kind = "run"    // run one policy of a spec; answers its view early, then the record (binary, transferred)
	Cell   Kind = "cell"   // run a batch of cells of a catalogue figure; answers their metric values
	Parse  Kind = "parse"  // read an uploaded trace; answers its format, jobs, preview and hash
	Export Kind = "export" // read an uploaded trace; answers it in the native CSV format
	// The scripting worker's (Options.Scripts) requests:
	Check    Kind = "check"    // compile and dry-run a policy script; answers its name and hash, or its error at a line
	Examples Kind = "examples" // the shipped example scripts; answers files and sources
)

// The message types a worker posts back; each carries the request's number ("req") except the
// bootstrap's errors (static/worker.js: the binary did not start, or the Go program exited, as on
// a fatal "out of memory"), which fail whatever its worker was doing.
const (
	Progress = "progress" // done and total so far (bytes read, jobs arrived)
	// Early is an answer while the worker goes on (a run's view, then its record, before it
	// saves it): the task's Early callback gets each, and the pool's Stop spares the worker from
	// the first.
	Early  = "early"
	Reply  = "reply" // the answer: the request is finished
	Ready  = "ready" // the worker's Go program has started and handles requests (no number)
	Failed = "error" // message: the request failed; the worker is retired
)

// SentAt is a request's field: when the page posted it, in ms on the clock every worker shares
// (performance.timeOrigin + performance.now()).
const SentAt = "sentAt"

// Resume is the page's message to a worker about its running request (Pool.Tell): go on. A run's
// worker waits for it after answering with the view, so that encoding the record does not take
// a core from the page while the page draws the run (on a two-core machine the two would share
// them), and goes on without it after a while.
const Resume = "resume"
