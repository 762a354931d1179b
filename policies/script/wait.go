package script

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"go.starlark.net/starlark"

	"schedlab/core/sim"
)

// A script's reasons: s.wait(job, text) says in the script's own words why a waiting job waits at
// this decision (sim.Script class). The engine records it when the job is still waiting at the
// end of the decision and its reason changed; a job the script gives no reason for gets the
// engine's own (capacity, shape, or passed over). Each distinct text becomes one sim.Rule, so
// that a text repeated at every decision costs a map lookup and no recording.
const (
	maxReasonBytes = 200 // one sentence
	maxReasons     = 256 // distinct texts per run
)

func (p *Policy) builtinWait(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var x starlark.Value
	var text string
	if err := starlark.UnpackPositionalArgs(b.Name(), args, kwargs, 2, &x, &text); err != nil {
		return nil, err
	}
	if p.inPrio {
		return nil, fmt.Errorf("wait: reasons are for schedule(s); priority(job, s) only ranks jobs")
	}
	st, err := p.lookup("wait", x)
	if err != nil {
		return nil, err
	}
	if st.Status() != sim.Pending {
		return nil, fmt.Errorf("wait: job %s is %s, not waiting", st.Job.ID, statusName(st.Status()))
	}
	r, err := p.reason(text)
	if err != nil {
		return nil, err
	}
	p.view.Wait(st, sim.Because(r))
	return starlark.None, nil
}

// reason is the rule of text, made on its first use.
func (p *Policy) reason(text string) (*sim.Rule, error) {
	text = strings.TrimSpace(text)
	if r, ok := p.reasons[text]; ok {
		return r, nil
	}
	switch {
	case text == "":
		return nil, fmt.Errorf("wait: the reason is empty")
	case len(text) > maxReasonBytes || !utf8.ValidString(text):
		return nil, fmt.Errorf("wait: the reason is %d bytes; at most %d of UTF-8 text", len(text), maxReasonBytes)
	case len(p.reasons) >= maxReasons:
		return nil, fmt.Errorf("wait: more than %d distinct reasons in one run (give the details elsewhere, e.g. s.warn)", maxReasons)
	}
	if p.reasons == nil {
		p.reasons = map[string]*sim.Rule{}
	}
	r := &sim.Rule{Class: sim.Script, Text: text}
	p.reasons[text] = r
	return r, nil
}
