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

// FigureDefault is a figure's default pool: cores − 1, at least 1, so that one core stays with
// the page while a figure runs for minutes. The Figures view's workers box (and &workers=N) raises
// it up to Limit: on a 2-core machine two workers halve a long figure's time, while the page
// between results only updates a status line, redraws at most every 150 ms and saves a small
// record.
func FigureDefault() int { return max(1, Limit()-1) }
