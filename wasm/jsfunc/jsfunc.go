//go:build js && wasm

// Package jsfunc makes and releases the js.Funcs of a Go program in one counted place. A js.Func
// that is never released keeps its Go closure (and whatever that holds: a run's record, a
// worker) alive for the life of the page, so every one the page makes goes through a Counter,
// and its Live count is a test hook: a hundred runs in a row must leave it flat.
package jsfunc

import "syscall/js"

// Counter counts the js.Funcs made through it and not yet released. Go on js/wasm runs one
// goroutine at a time, so it needs no lock.
type Counter struct{ live int }

// FuncOf is js.FuncOf, counted.
func (c *Counter) FuncOf(fn func(this js.Value, args []js.Value) any) js.Func {
	c.live++
	return js.FuncOf(fn)
}

// Release releases f and uncounts it.
func (c *Counter) Release(f js.Func) {
	f.Release()
	c.live--
}

// Live is how many js.Funcs are made and not released.
func (c *Counter) Live() int { return c.live }

// Await waits for a JS promise (its two callbacks are released before it returns).
func (c *Counter) Await(p js.Value) (js.Value, error) {
	ch := make(chan js.Value, 1)
	errc := make(chan error, 1)
	ok := c.FuncOf(func(_ js.Value, a []js.Value) any { ch <- a[0]; return nil })
	bad := c.FuncOf(func(_ js.Value, a []js.Value) any { errc <- js.Error{Value: a[0]}; return nil })
	defer c.Release(ok)
	defer c.Release(bad)
	p.Call("then", ok, bad)
	select {
	case v := <-ch:
		return v, nil
	case err := <-errc:
		return js.Undefined(), err
	}
}

// Yield lets the browser's event loop run (input, painting) before the goroutine goes on. It
// posts a message to itself on a new MessageChannel rather than calling setTimeout(…, 0): a
// timeout set from a timeout's own callback five levels deep is clamped to at least 4 ms (HTML's
// timer nesting rule), and a page decoding a million-job run yields a few hundred times in a row.
// A message is a task like a timeout, so input and rendering still run between the two.
func (c *Counter) Yield() {
	done := make(chan struct{})
	ch := js.Global().Get("MessageChannel").New()
	port := ch.Get("port1")
	var f js.Func
	f = c.FuncOf(func(js.Value, []js.Value) any {
		c.Release(f)
		port.Call("close")
		close(done)
		return nil
	})
	port.Set("onmessage", f)
	ch.Get("port2").Call("postMessage", nil)
	<-done
}
