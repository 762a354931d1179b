//go:build js && wasm

package page

import (
	"strconv"
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

var doc = js.Global().Get("document")

// hook finds the element whose data-testid is name (nil when there is none). Every element the
// page code looks up carries a data-testid — the hooks the browser tests use too — so there is one
// way to find an element; ids stay for CSS and labels only. input, selectEl, textArea,
// progressEl and button type what hook finds.
//
// The typed values are honnef.co/go/js/dom/v2's, made directly around the element: its
// Document.QuerySelector wraps each element it returns by asking the browser for its constructor
// against every HTML element type (about a hundred JS calls per element), and linking that type
// switch in made app.wasm 20 % larger; the typed methods (Value, SetChecked, SetTextContent,
// SetAttribute, …) are the same either way.
func hook(name string) *dom.BasicHTMLElement {
	v := doc.Call("querySelector", `[data-testid="`+name+`"]`)
	if v.IsNull() {
		return nil
	}
	return html(v)
}

// html types an element the page holds as a js.Value.
func html(v js.Value) *dom.BasicHTMLElement {
	return &dom.BasicHTMLElement{BasicElement: &dom.BasicElement{BasicNode: &dom.BasicNode{Value: v}}}
}

func input(name string) *dom.HTMLInputElement {
	return &dom.HTMLInputElement{BasicHTMLElement: hook(name)}
}
func selectEl(name string) *dom.HTMLSelectElement {
	return &dom.HTMLSelectElement{BasicHTMLElement: hook(name)}
}
func textArea(name string) *dom.HTMLTextAreaElement {
	return &dom.HTMLTextAreaElement{BasicHTMLElement: hook(name)}
}
func button(name string) *dom.HTMLButtonElement {
	return &dom.HTMLButtonElement{BasicHTMLElement: hook(name)}
}
func progressEl(name string) *dom.HTMLProgressElement {
	return &dom.HTMLProgressElement{BasicHTMLElement: hook(name)}
}

// pageBody is the page's body: its data- attributes tell the browser tests where the page is
// (data-ready, data-done).
func pageBody() *dom.BasicHTMLElement { return html(doc.Get("body")) }

// setHidden shows or hides e (the hidden attribute).
func setHidden(e *dom.BasicHTMLElement, hidden bool) {
	if hidden {
		e.SetAttribute("hidden", "")
	} else {
		e.RemoveAttribute("hidden")
	}
}

// el creates an element with text content (never HTML: uploaded text stays text). Tables, lists
// and every other bulk building stay on raw syscall/js: scripts/tablebench/run.sh builds a 300×12
// table both ways in headless Chromium, and honnef.co/go/js/dom/v2's CreateElement with its typed
// methods took 8–13× as long as these calls (medians of 7: 1478 ms against 116 ms, 1178 against
// 147, 605 against 51), because it wraps each element it makes by testing its constructor against
// every HTML element type.
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
