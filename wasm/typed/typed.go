//go:build js && wasm

// Package typed copies Go slices to and from JavaScript typed arrays in one call each (a
// js.Value per element would cost a call per number): the Gantt's items and a figure cell's
// values cross this way between Go, the charts and the workers.
package typed

import (
	"math"
	"syscall/js"
)

// Float64s is v as a Float64Array.
func Float64s(v []float64) js.Value {
	a := js.Global().Get("Float64Array").New(len(v))
	if len(v) == 0 {
		return a
	}
	b := make([]byte, 8*len(v))
	for i, f := range v {
		u := math.Float64bits(f)
		for k := 0; k < 8; k++ {
			b[8*i+k] = byte(u >> (8 * k))
		}
	}
	js.CopyBytesToJS(js.Global().Get("Uint8Array").New(a.Get("buffer")), b)
	return a
}

// Int32s is v as an Int32Array.
func Int32s(v []int32) js.Value {
	a := js.Global().Get("Int32Array").New(len(v))
	if len(v) == 0 {
		return a
	}
	b := make([]byte, 4*len(v))
	for i, x := range v {
		u := uint32(x)
		b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
	}
	js.CopyBytesToJS(js.Global().Get("Uint8Array").New(a.Get("buffer")), b)
	return a
}

// Bytes is b as a fresh ArrayBuffer, for a message that transfers it rather than copying.
func Bytes(b []byte) js.Value {
	u8 := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u8, b)
	return u8.Get("buffer")
}
