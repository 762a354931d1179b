package policies

import (
	"encoding/json"
	"slices"
	"testing"

	"schedlab/core/sim"
)

func TestBuiltin(t *testing.T) {
	r := Builtin()
	want := []string{"fifo", "fifo-backfill", "sjf", "srtf", "las"}
	if got := r.Names(); !slices.Equal(got[:len(want)], want) {
		t.Errorf("got names %v, want them to start with %v", got, want)
	}
	for _, name := range r.Names() {
		p, err := r.New(name, nil)
		if err != nil {
			t.Errorf("New(%s, nil): %v", name, err)
			continue
		}
		if p.Name() != name {
			t.Errorf("New(%s).Name() = %q, want %q", name, p.Name(), name)
		}
		q, _ := r.New(name, nil)
		if p == q {
			t.Errorf("New(%s) returned the same value twice, want a fresh policy per run", name)
		}
	}
	for _, name := range want {
		if _, err := r.New(name, json.RawMessage(`{"placement": "spread"}`)); err != nil {
			t.Errorf("New(%s, placement spread): %v", name, err)
		}
	}
}

func TestRegistryErrors(t *testing.T) {
	var r Registry
	f := func(json.RawMessage) (sim.Policy, error) { return nil, nil }
	tests := []struct {
		name    string
		reg     string
		f       Factory
		wantErr bool
	}{
		{"first", "a", f, false},
		{"duplicate", "a", f, true},
		{"empty name", "", f, true},
		{"spaces", " b", f, true},
		{"nil factory", "c", nil, true},
		{"second", "b", f, false},
	}
	for _, tc := range tests {
		if err := r.Register(tc.reg, tc.f); (err != nil) != tc.wantErr {
			t.Errorf("%s: Register(%q): got error %v, want error %v", tc.name, tc.reg, err, tc.wantErr)
		}
	}
	if got := r.Names(); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("got names %v, want [a b] in registration order", got)
	}
	if _, err := Builtin().New("nope", nil); err == nil {
		t.Errorf("New(nope): got no error, want unknown policy")
	}
	if _, err := Builtin().New("fifo", json.RawMessage(`{"bogus": 1}`)); err == nil {
		t.Errorf("New(fifo, bogus key): got no error, want unknown key error")
	}
}
