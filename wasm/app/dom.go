//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"
)

var doc = js.Global().Get("document")

// byTestID returns the element with data-testid id (null when absent).
func byTestID(id string) js.Value {
	return doc.Call("querySelector", `[data-testid="`+id+`"]`)
}

// el creates an element with text content (never HTML: uploaded text stays text).
func el(tag, text string, attrs ...string) js.Value {
	e := doc.Call("createElement", tag)
	if text != "" {
		e.Set("textContent", text)
	}
	for i := 0; i+1 < len(attrs); i += 2 {
		e.Call("setAttribute", attrs[i], attrs[i+1])
	}
	return e
}

// on registers a handler that runs in its own goroutine (never block inside a js.FuncOf).
func on(e js.Value, event string, f func(ev js.Value)) {
	e.Call("addEventListener", event, js.FuncOf(func(_ js.Value, args []js.Value) any {
		ev := js.Undefined()
		if len(args) > 0 {
			ev = args[0]
		}
		go f(ev)
		return nil
	}))
}

// onSync registers a handler that runs synchronously (for preventDefault on drag events).
func onSync(e js.Value, event string, f func(ev js.Value)) {
	e.Call("addEventListener", event, js.FuncOf(func(_ js.Value, args []js.Value) any {
		f(args[0])
		return nil
	}))
}

func clear(e js.Value) { e.Set("textContent", "") }

func setAttr(e js.Value, k, v string) { e.Call("setAttribute", k, v) }

func itoa(i int) string { return strconv.Itoa(i) }

func nowMs() int64 { return int64(js.Global().Get("Date").Call("now").Float()) }

// download offers data as a file.
func download(name, mime string, data []byte) {
	u8 := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(u8, data)
	blob := js.Global().Get("Blob").New([]any{u8}, map[string]any{"type": mime})
	downloadURL(name, js.Global().Get("URL").Call("createObjectURL", blob).String())
}

func downloadURL(name, url string) {
	a := el("a", "", "href", url, "download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
}

// await waits for a JS promise.
func await(p js.Value) (js.Value, error) {
	ch := make(chan js.Value, 1)
	errc := make(chan error, 1)
	var ok, bad js.Func
	ok = js.FuncOf(func(_ js.Value, a []js.Value) any { ch <- a[0]; return nil })
	bad = js.FuncOf(func(_ js.Value, a []js.Value) any { errc <- js.Error{Value: a[0]}; return nil })
	defer ok.Release()
	defer bad.Release()
	p.Call("then", ok, bad)
	select {
	case v := <-ch:
		return v, nil
	case err := <-errc:
		return js.Undefined(), err
	}
}

// copyBytes copies a Uint8Array into Go in 8 MiB slices, calling pause between them: a 10⁶-job
// run's record is ≈60 MB, and one copy of it blocked the page for 100 ms. An error from pause
// stops the copy.
func copyBytes(u8 js.Value, pause func() error) ([]byte, error) {
	const slice = 8 << 20
	raw := make([]byte, u8.Get("length").Int())
	for off := 0; off < len(raw); off += slice {
		end := min(off+slice, len(raw))
		js.CopyBytesToGo(raw[off:end], u8.Call("subarray", off, end))
		if end < len(raw) {
			if err := pause(); err != nil {
				return nil, err
			}
		}
	}
	return raw, nil
}

// yieldJS lets the browser's event loop run (input, painting) before the goroutine goes on.
func yieldJS() {
	done := make(chan struct{})
	var f js.Func
	f = js.FuncOf(func(js.Value, []js.Value) any {
		f.Release()
		close(done)
		return nil
	})
	js.Global().Call("setTimeout", f, 0)
	<-done
}
