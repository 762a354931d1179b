//go:build js && wasm

package pool

import "syscall/js"

// maxWorkers bounds the pools on many-core machines: a worker is a Go runtime of up to ~100 MB
// (figure cells; a policy run with its intervals can be more), so 8 of them stay under 1 GB.
const maxWorkers = 8

// Limit is how many web workers may run at once: one per core, up to maxWorkers. A policy run
// starts that many; a figure starts FigureDefault unless the user asks for more (up to this).
func Limit() int {
	return min(maxWorkers, max(1, js.Global().Get("navigator").Get("hardwareConcurrency").Int()))
}

// FigureDefault is a figure's default pool: one core is kept for the page only where that still
// leaves at least two workers, i.e. max(min(2, Limit), Limit − 1): 1 core → 1, 2 → 2, 4 → 3,
// 8 → 7. The page's own thread does little while a figure runs: the runs go to the workers in
// batches, and redraws and saves are spaced by their own cost. So on a 2-core machine a second
// worker halves a long figure's time while the page stays responsive. The Figures view's workers
// box (and &workers=N) sets it anywhere from 1 up to Limit.
func FigureDefault() int { return max(min(2, Limit()), Limit()-1) }
