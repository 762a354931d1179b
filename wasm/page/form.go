//go:build js && wasm

package page

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"schedlab/core"
	"schedlab/policies/scenario"
	"schedlab/wasm/pagelogic"
	"schedlab/wasm/runrecord"
)

// resetBase forgets the settings of the spec last filled in (the workload changed) and the
// scenario name.
func (p *page) resetBase() {
	p.base = scenario.Spec{}
	input("scenario-name").SetValue("")
}

// showWorkload describes the current workload.
func (p *page) showWorkload() {
	w := hook("workload")
	if p.file.Truthy() {
		note := ""
		if p.fileErr != "" {
			note = " (not loaded: see the message)"
		}
		w.SetTextContent("trace: " + p.file.Get("name").String() + note)
		return
	}
	w.SetTextContent("generator: " + input("workload-gen").Value())
}

// spec reads the form into a scenario spec.
func (p *page) spec() (scenario.Spec, *core.Cluster, error) {
	var s scenario.Spec
	if p.file.Truthy() {
		s.Trace = p.file.Get("name").String()
		s.Format = selectEl("trace-format").Value()
		if s.Format == "mapped" {
			s.Columns = p.columns
		}
	} else {
		s.Generate = strings.TrimSpace(input("workload-gen").Value())
	}
	s.Cluster = strings.TrimSpace(input("cluster-spec").Value())
	c, err := core.ParseCluster(s.Cluster)
	if err != nil {
		return s, nil, err
	}
	s.Cluster = c.String()
	seed := strings.TrimSpace(input("seed").Value())
	if s.Seed, err = strconv.ParseUint(seed, 10, 64); err != nil {
		return s, nil, fmt.Errorf("seed: want a non-negative integer, got %q", seed)
	}
	for _, name := range p.policyNames() {
		if input("policy-" + name).Checked() {
			s.Policies = append(s.Policies, name)
		}
	}
	if raw := strings.TrimSpace(textArea("params").Value()); raw != "" {
		// The same check as while typing: every key a policy, every value one it accepts.
		if msg := pagelogic.ParamsError(p.reg, raw); msg != "" {
			return s, nil, errors.New(msg)
		}
		if err := json.Unmarshal([]byte(raw), &s.Params); err != nil {
			return s, nil, fmt.Errorf("policy parameters: %v", err)
		}
	}
	// A scripted policy's limits (policies/script.Limits; empty: the defaults), for runs with scripts.
	if v := strings.TrimSpace(input("script-steps").Value()); v != "" {
		if s.ScriptSteps, err = strconv.ParseUint(v, 10, 64); err != nil || s.ScriptSteps == 0 {
			return s, nil, fmt.Errorf("script steps: want a positive integer, got %q", v)
		}
	}
	if v := strings.TrimSpace(input("script-memory").Value()); v != "" {
		if s.ScriptMemoryMB, err = strconv.Atoi(v); err != nil || s.ScriptMemoryMB <= 0 {
			return s, nil, fmt.Errorf("script memory: want a positive number of MB, got %q", v)
		}
	}
	if sc := input("scenario-name").Value(); sc != "" {
		s.Scenario = sc
	}
	b := p.base
	s.Placement, s.CheckpointCost, s.Round, s.FirstRound = b.Placement, b.CheckpointCost, b.Round, b.FirstRound
	s.Progress, s.WindowFrom, s.WindowTo, s.StopAtWindow = b.Progress, b.WindowFrom, b.WindowTo, b.StopAtWindow
	s.MeasuredOnly = b.MeasuredOnly
	return s, c, s.Validate()
}

// applyURL restores a scenario from the page's query string.
func (p *page) applyURL() {
	spec, hash, ok, err := runrecord.DecodeQuery(js.Global().Get("location").Get("search").String())
	if err != nil {
		p.setError(err.Error())
		return
	}
	if !ok {
		return
	}
	scripts, err := p.linkScripts(js.Global().Get("location").Get("search").String())
	if err != nil {
		p.setError(err.Error())
		return
	}
	p.scripts.bring(scripts)
	p.fill(spec)
	var problems []string // every one is shown: an earlier message must not hide behind a later
	for _, name := range spec.Policies {
		if !slices.Contains(p.policyNames(), name) {
			problems = append(problems, fmt.Sprintf("url: policies: %q is not a policy", name))
		}
	}
	if spec.Format != "" && !slices.Contains(traceFormats(), spec.Format) {
		problems = append(problems, fmt.Sprintf("url: format: %q is not a trace format (%s)", spec.Format, strings.Join(traceFormats()[1:], ", ")))
	}
	if spec.Trace != "" {
		p.wantTrace, p.wantHash = spec.Trace, hash
		problems = append(problems, p.workloadProblem())
	}
	p.setError(strings.Join(problems, "; "))
}

// workloadProblem says why the workload cannot run yet ("" when it can): an uploaded file that
// did not load, or a link's trace file not chosen (or another file chosen) yet.
func (p *page) workloadProblem() string {
	switch {
	case p.file.Truthy() && p.fileErr != "":
		return p.fileErr + ` — choose another format or file, or click "use generator"`
	case p.wantTrace != "" && (!p.file.Truthy() || (p.wantHash != "" && p.traceHash != p.wantHash)):
		msg := "this link needs the trace file " + p.wantTrace
		if p.wantHash != "" {
			msg += " (sha256 " + p.wantHash + ")"
		}
		return msg + ": choose it with the file picker"
	}
	return ""
}

// fill sets the form from a spec.
func (p *page) fill(spec scenario.Spec) {
	p.base = spec
	if spec.Generate != "" {
		input("workload-gen").SetValue(spec.Generate)
	}
	if spec.Format != "" || spec.Columns != "" {
		selectEl("trace-format").SetValue(spec.Format)
	}
	p.fillMapping(spec)
	if spec.Cluster != "" {
		input("cluster-spec").SetValue(spec.Cluster)
	}
	input("seed").SetValue(fmt.Sprint(spec.Seed))
	if len(spec.Policies) > 0 {
		for _, name := range p.policyNames() {
			input("policy-" + name).SetChecked(false)
		}
		for _, name := range spec.Policies {
			if cb := hook("policy-" + name); cb != nil {
				(&dom.HTMLInputElement{BasicHTMLElement: cb}).SetChecked(true)
			}
		}
	}
	params := ""
	if len(spec.Params) > 0 {
		b, _ := json.Marshal(spec.Params)
		params = string(b)
	}
	textArea("params").SetValue(params)
	p.checkParams()
	input("scenario-name").SetValue(spec.Scenario)
	p.showWorkload()
}
