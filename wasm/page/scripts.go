//go:build js && wasm

package page

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"schedlab/wasm/pool"
	"schedlab/wasm/runrecord"
	"schedlab/wasm/store"
)

// checkTimeout bounds a Check: the interpreter's step and allocation limits end a runaway dry run
// well within a second, so a worker still silent after this is stuck and is replaced.
const checkTimeout = 5000

// scripts is the "Your policy" panel: an editor with line numbers, the shipped examples, Check
// (compile and dry run in the scripting worker, never on the page's thread), the scripts saved in
// IndexedDB, and the scripts a reopened run or a link brought. Every script it holds is offered
// beside the built-in policies, in the simulator's picker and the Figures view.
type scripts struct {
	p        *page
	saved    []store.Script     // in the store, by name
	extra    []runrecord.Script // from a reopened run or a link, not saved (by name; it runs instead of a saved one of the same name)
	examples []runrecord.Script
	checker  *pool.Pool // one scripting worker, kept between checks
	seq      int        // checks started: only the latest one's answer is shown
	lines    int        // the line numbers shown
	marked   js.Value   // the gutter's line marked with the last error (undefined when none)
}

// init wires the panel. The examples (and so the scripting worker) load when the panel is first
// opened: a page that never opens it never fetches script.wasm.
func (s *scripts) init(p *page) {
	s.p, s.marked = p, js.Undefined()
	s.checker = pool.New(pool.Options{Size: 1, Reuse: true, KeepIdle: true, Scripts: true}, p.funcs)
	src := hook("script-source").Underlying()
	p.static.on(hook("script-panel").Underlying(), "toggle", func(*dom.BasicEvent) {
		if hook("script-panel").Underlying().Get("open").Bool() && s.examples == nil {
			s.loadExamples()
		}
	})
	p.static.on(src, "input", func(*dom.BasicEvent) { s.numberLines(); s.markLine(0) })
	p.static.onSync(src, "scroll", func(*dom.BasicEvent) {
		hook("script-lines").Underlying().Set("scrollTop", src.Get("scrollTop"))
	})
	p.static.on(hook("script-example").Underlying(), "change", func(*dom.BasicEvent) {
		s.showExample(selectEl("script-example").Value())
	})
	p.static.on(hook("script-check").Underlying(), "click", func(*dom.BasicEvent) { s.check(false) })
	p.static.on(hook("script-save").Underlying(), "click", func(*dom.BasicEvent) { s.check(true) })
	p.static.on(hook("script-list").Underlying(), "click", func(ev *dom.BasicEvent) {
		if action, name, ok := clickedRow(ev, "data-script"); ok {
			s.listAction(action, name)
		}
	})
	s.numberLines()
	s.refresh()
}

// loadExamples asks the scripting worker for the shipped examples, lists them and puts the first
// in an empty editor.
func (s *scripts) loadExamples() {
	s.examples = []runrecord.Script{}
	s.status("loading the examples (the scripting worker starts)…")
	s.checker.Submit(&pool.Task{Kind: pool.Examples, Timeout: 30000, Done: func(d js.Value, err error) {
		if err != nil {
			s.status("examples: " + err.Error())
			s.examples = nil
			return
		}
		files, sources := d.Get("files"), d.Get("sources")
		sel := hook("script-example").Underlying()
		for i := range files.Length() {
			f := files.Index(i).String()
			s.examples = append(s.examples, runrecord.Script{File: f, Source: sources.Index(i).String()})
			sel.Call("appendChild", el("option", f, "value", f))
		}
		s.status("")
		if textArea("script-source").Value() == "" && len(s.examples) > 0 {
			s.showExample(s.examples[0].File)
		}
		pageBody().SetAttribute("data-script-examples", fmt.Sprint(len(s.examples)))
	}})
}

// showExample puts example file in the editor, under the file name of its base name.
func (s *scripts) showExample(file string) {
	for _, e := range s.examples {
		if e.File == file {
			s.edit(e.File[strings.LastIndex(e.File, "/")+1:], e.Source)
		}
	}
}

// edit puts a script in the editor.
func (s *scripts) edit(file, src string) {
	input("script-file").SetValue(file)
	textArea("script-source").SetValue(src)
	s.numberLines()
	s.markLine(0)
	hook("script-error").SetTextContent("")
}

// numberLines redraws the gutter's line numbers when the line count changed.
func (s *scripts) numberLines() {
	n := strings.Count(textArea("script-source").Value(), "\n") + 1
	if n == s.lines {
		return
	}
	s.lines = n
	g := hook("script-lines").Underlying()
	clear(g)
	s.marked = js.Undefined()
	for i := 1; i <= n; i++ {
		g.Call("appendChild", el("span", itoa(i), "data-line", itoa(i)))
		g.Call("append", "\n")
	}
}

// markLine highlights line n of the gutter (0: none) and marks the editor invalid.
func (s *scripts) markLine(n int) {
	if s.marked.Truthy() {
		s.marked.Get("classList").Call("remove", "bad")
		s.marked = js.Undefined()
	}
	ta := hook("script-source")
	if n <= 0 {
		ta.RemoveAttribute("aria-invalid")
		hook("script-editor").RemoveAttribute("data-error-line")
		return
	}
	ta.SetAttribute("aria-invalid", "true")
	hook("script-editor").SetAttribute("data-error-line", itoa(n))
	if spans := hook("script-lines").Underlying().Get("children"); n <= spans.Length() {
		s.marked = spans.Index(n - 1)
		s.marked.Get("classList").Call("add", "bad")
		// Scroll the line into view in the editor (the gutter follows its scroll).
		lh := s.marked.Get("offsetHeight").Float()
		ta.Underlying().Set("scrollTop", max(0, lh*float64(n-3)))
	}
}

func (s *scripts) status(msg string) { hook("script-status").SetTextContent(msg) }

// check sends the editor's script to the scripting worker (compile and dry run); with save, a
// good script is then saved under its policy name and offered with the built-ins.
func (s *scripts) check(save bool) {
	file := strings.TrimSpace(input("script-file").Value())
	if file == "" {
		file = "policy.star"
	}
	src := textArea("script-source").Value()
	s.seq++
	seq := s.seq
	body := pageBody()
	body.RemoveAttribute("data-script-checked")
	hook("script-error").SetTextContent("")
	s.markLine(0)
	s.status("checking…")
	t0 := perfNow()
	s.checker.Submit(&pool.Task{Kind: pool.Check, Fields: map[string]any{"file": file, "source": src}, Timeout: checkTimeout,
		Done: func(d js.Value, err error) {
			if seq != s.seq {
				return
			}
			ms := perfNow() - t0
			body.SetAttribute("data-script-check-ms", fmt.Sprintf("%.0f", ms))
			switch {
			case err != nil:
				s.fail(file+": "+err.Error(), 0)
			case d.Get("error").String() != "":
				s.fail(d.Get("error").String(), d.Get("line").Int())
			default:
				sc := runrecord.Script{Name: d.Get("name").String(), File: file, Hash: d.Get("hash").String(), Source: src}
				s.status(fmt.Sprintf("%s: good — policy %q, dry run on 20 jobs passed (%.0f ms)", file, sc.Name, ms))
				if save {
					go s.save(sc)
				}
			}
			body.SetAttribute("data-script-checked", "1")
		}})
}

// fail shows a check's error at its line.
func (s *scripts) fail(msg string, line int) {
	s.status("")
	hook("script-error").SetTextContent(msg)
	s.markLine(line)
}

// save stores a checked script under its policy name and offers it.
func (s *scripts) save(sc runrecord.Script) {
	st := &store.Script{Name: sc.Name, File: sc.File, Hash: sc.Hash, Source: sc.Source, Saved: nowMs()}
	if err := s.p.store.PutScript(s.p.ctx, st); err != nil {
		s.fail("not saved: "+err.Error(), 0)
		return
	}
	s.extra = slices.DeleteFunc(s.extra, func(e runrecord.Script) bool { return e.Name == sc.Name })
	s.status(fmt.Sprintf("saved: policy %q is offered with the built-ins", sc.Name))
	s.refresh()
}

// refresh reads the saved scripts and redraws the list and the pickers.
func (s *scripts) refresh() {
	saved, err := s.p.store.ListScripts(s.p.ctx)
	if err != nil {
		s.p.setError(err.Error())
		saved = nil
	}
	s.saved = saved
	ul := hook("script-list").Underlying()
	clear(ul)
	for _, sc := range s.all() {
		li := el("li", "", "data-testid", "script-item", "data-script", sc.Name)
		li.Call("appendChild", el("span", sc.Name, "class", "name"))
		note := " " + sc.File + " · " + itoa(len(sc.Source)) + " bytes"
		if _, ok := s.brought(sc.Name); ok {
			note += " · from a reopened run or a link, not saved"
		}
		li.Call("appendChild", el("span", note, "class", "meta"))
		li.Call("appendChild", el("button", "edit", "data-testid", "script-edit", "type", "button"))
		if s.isSaved(sc.Name) {
			li.Call("appendChild", el("button", "delete", "data-testid", "script-delete", "type", "button"))
		}
		ul.Call("appendChild", li)
	}
	s.p.offerScripts()
	s.p.fig.offerScripts()
}

func (s *scripts) isSaved(name string) bool {
	return slices.ContainsFunc(s.saved, func(x store.Script) bool { return x.Name == name })
}

// all are the scripts offered, by name: the saved ones, except where a reopened run or a link
// brought another source under the same name (that one runs, so the run reruns as it was made),
// then the other brought ones.
func (s *scripts) all() []runrecord.Script {
	var out []runrecord.Script
	for _, x := range s.saved {
		sc := runrecord.Script{Name: x.Name, File: x.File, Hash: x.Hash, Source: x.Source}
		if e, ok := s.brought(x.Name); ok {
			sc = e
		}
		out = append(out, sc)
	}
	for _, x := range s.extra {
		if !s.isSaved(x.Name) {
			out = append(out, x)
		}
	}
	return out
}

func (s *scripts) brought(name string) (runrecord.Script, bool) {
	i := slices.IndexFunc(s.extra, func(e runrecord.Script) bool { return e.Name == name })
	if i < 0 {
		return runrecord.Script{}, false
	}
	return s.extra[i], true
}

// find is the offered script called name.
func (s *scripts) find(name string) (runrecord.Script, bool) {
	for _, x := range s.all() {
		if x.Name == name {
			return x, true
		}
	}
	return runrecord.Script{}, false
}

// bring offers the scripts of a reopened run or a link (the store is not touched: Save keeps one).
// A name the page cannot offer (an edited link's) is refused with a message.
func (s *scripts) bring(ss []runrecord.Script) {
	for _, x := range ss {
		if msg := runrecord.ScriptNameError(x.Name); msg != "" {
			s.p.setError(x.File + ": " + msg)
			continue
		}
		s.extra = slices.DeleteFunc(s.extra, func(e runrecord.Script) bool { return e.Name == x.Name })
		same := slices.ContainsFunc(s.saved, func(e store.Script) bool { return e.Name == x.Name && e.Source == x.Source })
		if !same {
			s.extra = append(s.extra, x)
		}
	}
	if len(ss) > 0 {
		s.refresh()
	}
}

func (s *scripts) listAction(action, name string) {
	switch action {
	case "script-edit":
		if sc, ok := s.find(name); ok {
			hook("script-panel").SetAttribute("open", "")
			s.edit(sc.File, sc.Source)
		}
	case "script-delete":
		if err := s.p.store.DeleteScript(s.p.ctx, name); err != nil {
			s.p.setError(err.Error())
		}
		s.refresh()
	}
}

// chosen are the scripts among names (a spec's policies), in that order, as JSON for a
// worker's "scripts" field ("" when there are none).
func (s *scripts) chosen(names []string) ([]runrecord.Script, string) {
	var out []runrecord.Script
	for _, n := range names {
		if sc, ok := s.find(n); ok {
			out = append(out, sc)
		}
	}
	if len(out) == 0 {
		return nil, ""
	}
	b, _ := json.Marshal(out)
	return out, string(b)
}

// offerScripts lists the scripts in the simulator's policy picker, as checkboxes policy-NAME
// beside the built-ins', keeping the ticks of those still offered.
func (p *page) offerScripts() {
	box := hook("script-policies").Underlying()
	ticked := map[string]bool{}
	for _, sc := range p.scripts.all() {
		if cb := hook("policy-" + sc.Name); cb != nil {
			ticked[sc.Name] = cb.Underlying().Get("checked").Bool()
		}
	}
	clear(box)
	all := p.scripts.all()
	setHidden(html(box), len(all) == 0)
	if len(all) == 0 {
		return
	}
	box.Call("appendChild", el("span", "Your policies", "class", "family-title"))
	for _, sc := range all {
		cb := el("input", "", "type", "checkbox", "data-testid", "policy-"+sc.Name, "value", sc.Name, "id", "pol-"+sc.Name)
		cb.Set("checked", ticked[sc.Name])
		lab := el("label", "", "for", "pol-"+sc.Name, "title", sc.File)
		lab.Call("append", cb, " "+sc.Name+" ")
		lab.Call("appendChild", el("span", "your script "+sc.File, "class", "note"))
		box.Call("appendChild", lab)
	}
}

// policyNames are the policies the picker offers: the built-ins, then the scripts.
func (p *page) policyNames() []string {
	names := p.reg.Names()
	for _, sc := range p.scripts.all() {
		names = append(names, sc.Name)
	}
	return names
}

// shareNote says above the page whether the address bar's link carries the run's scripts.
func (p *page) shareNote(spec string, ss []runrecord.Script, err error) {
	n := hook("share-note")
	switch {
	case err != nil:
		n.SetTextContent("This link does not contain your script: " + err.Error())
	case len(ss) > 0:
		names := make([]string, len(ss))
		for i, sc := range ss {
			names[i] = sc.Name
		}
		n.SetTextContent(fmt.Sprintf("This page's link contains your script (%s: %d characters compressed, up to %d): whoever opens it reruns it.",
			strings.Join(names, ", "), len(scriptParam(spec)), runrecord.MaxLinkScripts))
	default:
		n.SetTextContent("")
	}
}

// scriptParam is the "script" value of a query (its length is what the note reports).
func scriptParam(query string) string {
	v := js.Global().Get("URLSearchParams").New(query).Call("get", "script")
	if v.IsNull() {
		return ""
	}
	return v.String()
}
