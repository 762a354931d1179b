package synergy

import (
	"encoding/json"

	"schedlab/core/sim"
	"schedlab/policies/params"
)

// Entry is one runner name of the family and its factory.
type Entry struct {
	Name string
	New  func(params json.RawMessage) (sim.Policy, error)
}

// Params are a Synergy policy's JSON parameters. There are none yet; unknown keys are an error.
type Params struct{}

// Entries lists every runner name of the family: {fifo,
// srtf, las, ftf} × {proportional, greedy, tune}, and drf, tetris, drf+tune, tetris+tune (the
// authors' DRF and TETRIS baselines pack greedily).
func Entries() []Entry {
	var out []Entry
	add := func(name string, o Order, m Mode) {
		out = append(out, Entry{Name: name, New: func(raw json.RawMessage) (sim.Policy, error) {
			var p Params
			if err := params.Decode(raw, &p); err != nil {
				return nil, err
			}
			return New(name, o, m, nil), nil
		}})
	}
	for _, o := range []struct {
		name  string
		order Order
	}{{"fifo", FIFO}, {"srtf", SRTF}, {"las", LAS}, {"ftf", FTF}} {
		add(o.name+"+proportional", o.order, Proportional)
		add(o.name+"+greedy", o.order, Greedy)
		add(o.name+"+tune", o.order, Tune)
	}
	add("drf", DRF, Greedy)
	add("tetris", Tetris, Greedy)
	add("drf+tune", DRF, Tune)
	add("tetris+tune", Tetris, Tune)
	return out
}
