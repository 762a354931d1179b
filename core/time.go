package core

import (
	"math"
	"strconv"
)

// Time is simulated time (and duration) in integer milliseconds since the start of the trace.
// Milliseconds are fine enough for traces with second resolution and for 0.011 s iterations
// accumulated over a lease, and an int64 never drifts the way float64 seconds would.
type Time int64

// Common durations.
const (
	Millisecond Time = 1
	Second           = 1000 * Millisecond
	Minute           = 60 * Second
	Hour             = 60 * Minute
)

// MaxTime is a sentinel later than any event.
const MaxTime Time = math.MaxInt64

// FromSeconds converts seconds to Time, rounding to the nearest millisecond.
// The caller must reject NaN/Inf and values outside ±9.2e15 s first (see CheckSeconds).
func FromSeconds(s float64) Time { return Time(math.Round(s * 1000)) }

// CheckSeconds reports whether s can be represented as a Time.
func CheckSeconds(s float64) bool {
	return !math.IsNaN(s) && !math.IsInf(s, 0) && math.Abs(s) < 9e12
}

// Seconds returns t in seconds.
func (t Time) Seconds() float64 { return float64(t) / 1000 }

// String formats t as seconds with millisecond precision and no trailing zeros.
func (t Time) String() string { return strconv.FormatFloat(t.Seconds(), 'f', -1, 64) + "s" }
