//go:build js && wasm

package page

import (
	"encoding/json"
	"syscall/js"
)

// runClock is the time of a run's steps, in ms, for the page benchmark (scripts/e2e/pagebench.mjs
// reads body[data-last-run-phases]): the worker's own steps as it reported them ("phases" of its
// answers: start-up, workload, run, view, then encode and save), "worker" from the task's posting
// to the view's arrival, then the page's steps after it (decode, summary, and showing it: the Gantt's
// frame "show_frame", the utilisation chart "show_util", the Gantt's items "show_gantt", the rest
// "show"), and "saved" from
// the run shown to its record saved and the history refreshed.
type runClock struct {
	ms   map[string]float64
	last float64
}

// newRunClock starts the page's steps now, after the worker's (phases, a JS object of numbers;
// undefined from a worker that reports none) and its total.
func newRunClock(phases js.Value, worker float64) *runClock {
	c := &runClock{ms: map[string]float64{"worker": worker}, last: perfNow()}
	c.add(phases)
	return c
}

// add records the worker's steps (phases, as newRunClock takes them).
func (c *runClock) add(phases js.Value) {
	if phases.Type() == js.TypeObject {
		keys := js.Global().Get("Object").Call("keys", phases)
		for i := range keys.Length() {
			k := keys.Index(i).String()
			c.ms["worker_"+k] = phases.Get(k).Float()
		}
	}
}

// lap records the time since the previous step as step's (nothing on a nil clock: a run opened
// from the history is not timed).
func (c *runClock) lap(step string) {
	if c == nil {
		return
	}
	now := perfNow()
	c.ms[step], c.last = now-c.last, now
}

// String is the steps as JSON, whole ms.
func (c *runClock) String() string {
	out := make(map[string]int64, len(c.ms))
	for k, v := range c.ms {
		out[k] = int64(v + 0.5)
	}
	b, _ := json.Marshal(out)
	return string(b)
}
