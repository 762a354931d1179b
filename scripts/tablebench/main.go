//go:build js && wasm

// Command tablebench measures, in a browser, what building a 300×12 table costs with raw
// syscall/js (as wasm/page's el builds every table) and with honnef.co/go/js/dom/v2's
// Document.CreateElement and typed methods (which wrap each element it returns). It builds both
// seven times, alternating, and writes the times (ms) into the body's data-result. Run it with
// scripts/tablebench/run.sh.
package main

import (
	"encoding/json"
	"strconv"
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

const rows, cols = 300, 12

func now() float64 { return js.Global().Get("performance").Call("now").Float() }

func raw(doc, box js.Value) {
	tbl := doc.Call("createElement", "table")
	for r := 0; r < rows; r++ {
		tr := doc.Call("createElement", "tr")
		tr.Call("setAttribute", "data-run", strconv.Itoa(r))
		for c := 0; c < cols; c++ {
			td := doc.Call("createElement", "td")
			td.Set("textContent", strconv.Itoa(r*c))
			td.Call("setAttribute", "data-value", strconv.Itoa(c))
			tr.Call("appendChild", td)
		}
		tbl.Call("appendChild", tr)
	}
	box.Call("appendChild", tbl)
}

func viaDom(d dom.Document, box dom.Element) {
	tbl := d.CreateElement("table")
	for r := 0; r < rows; r++ {
		tr := d.CreateElement("tr")
		tr.SetAttribute("data-run", strconv.Itoa(r))
		for c := 0; c < cols; c++ {
			td := d.CreateElement("td")
			td.SetTextContent(strconv.Itoa(r * c))
			td.SetAttribute("data-value", strconv.Itoa(c))
			tr.AppendChild(td)
		}
		tbl.AppendChild(tr)
	}
	box.AppendChild(tbl)
}

func main() {
	doc := js.Global().Get("document")
	d := dom.GetWindow().Document()
	box := doc.Call("getElementById", "box")
	dbox := d.GetElementByID("box")
	var tr, td []float64
	for i := 0; i < 7; i++ {
		box.Set("textContent", "")
		t0 := now()
		raw(doc, box)
		tr = append(tr, now()-t0)
		box.Set("textContent", "")
		t0 = now()
		viaDom(d, dbox)
		td = append(td, now()-t0)
	}
	b, _ := json.Marshal(map[string][]float64{"raw": tr, "dom": td})
	doc.Get("body").Call("setAttribute", "data-result", string(b))
}
