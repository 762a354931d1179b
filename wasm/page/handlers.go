//go:build js && wasm

package page

import (
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"schedlab/wasm/jsfunc"
)

// handlers are the event listeners of elements that come and go together: the page's static
// controls (kept for the page's life), or a form that is rebuilt (released first, so that a
// hundred rebuilds leave no handler behind). A list whose rows change with every run has one
// listener on the list instead (clickedRow). Targets are raw js.Values, as el builds
// rows; the handler gets the event as honnef.co/go/js/dom/v2's typed *dom.BasicEvent (made
// directly, as hook makes its elements).
type handlers struct {
	funcs *jsfunc.Counter
	regs  []listener
}

type listener struct {
	target js.Value
	typ    string
	fn     js.Func
}

// on runs f in its own goroutine on each typ event of target (a js.Func must never block).
func (h *handlers) on(target js.Value, typ string, f func(*dom.BasicEvent)) {
	h.onSync(target, typ, func(ev *dom.BasicEvent) { go f(ev) })
}

// onSync runs f synchronously, for PreventDefault on drag events.
func (h *handlers) onSync(target js.Value, typ string, f func(*dom.BasicEvent)) {
	fn := h.funcs.FuncOf(func(_ js.Value, args []js.Value) any {
		f(&dom.BasicEvent{Value: args[0]})
		return nil
	})
	target.Call("addEventListener", typ, fn)
	h.regs = append(h.regs, listener{target, typ, fn})
}

// release removes and releases every listener of the group.
func (h *handlers) release() {
	for _, l := range h.regs {
		l.target.Call("removeEventListener", l.typ, l.fn)
		h.funcs.Release(l.fn)
	}
	h.regs = nil
}

// clickedRow reads a click inside a list whose rows hold buttons: the clicked button's
// data-testid and its row's (li's) attribute attr; ok is false for a click beside the buttons.
func clickedRow(ev *dom.BasicEvent, attr string) (action, key string, ok bool) {
	btn := ev.Get("target").Call("closest", "button")
	if btn.IsNull() {
		return "", "", false
	}
	li := btn.Call("closest", "li")
	if li.IsNull() {
		return "", "", false
	}
	return html(btn).GetAttribute("data-testid"), html(li).GetAttribute(attr), true
}
