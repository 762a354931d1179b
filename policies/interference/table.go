package interference

import (
	"slices"

	"schedlab/core"
	"schedlab/core/interference"
)

// pairFn is a normalised-throughput estimate: job type a next to job type b on GPU type t.
type pairFn func(t, a, b int) float64

// pairTable is a pairFn evaluated once for every (GPU type, job type, job type): placement asks
// for the same few pairs thousands of times a run, and IAPP's network costs a forward pass (and
// its buffers) per call. The stored values are the function's own, so decisions are unchanged.
type pairTable struct {
	n int       // job types
	y []float64 // [t][a][b], row-major
}

func tabulate(f pairFn) *pairTable {
	n := interference.NumJobTypes()
	tb := &pairTable{n: n, y: make([]float64, len(interference.GPUTypes())*n*n)}
	for t := range interference.GPUTypes() {
		for a := range n {
			for b := range n {
				tb.y[(t*n+a)*n+b] = f(t, a, b)
			}
		}
	}
	return tb
}

// at is the tabulated f(t, a, b).
func (tb *pairTable) at(t, a, b int) float64 { return tb.y[(t*tb.n+a)*tb.n+b] }

// sameNeeds reports whether place treats jobs x and y alike: it reads a job only through its
// gang size, its allowed GPU types and its job type — which the policy and the engine's
// co-location model (interference.Colocation, which policies.RunOne installs) both derive from
// the model name and batch size alone.
func sameNeeds(x, y *core.Job) bool {
	return x.GPUs == y.GPUs && x.Model == y.Model && x.BatchSize == y.BatchSize && slices.Equal(x.GPUTypes, y.GPUTypes)
}
