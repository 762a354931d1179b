package interference

import (
	"slices"
	"testing"

	"schedlab/policies/figure"
)

// TestHeadlineShowsEverySharer: the headline has a series for every policy of the family, each
// cell running the policy its series names under the default gang rule (no series overrides it,
// so all wait for one server alike); the blind sharers are exactly the family's policies that
// share without looking at interference, and nothing is judged against them.
func TestHeadlineShowsEverySharer(t *testing.T) {
	f := headline()
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	var names []string
	for s, se := range f.Series {
		names = append(names, se.Name)
		spec := f.Spec(figure.Cell{S: s, Seed: f.Seeds[0]})
		if len(spec.Policies) != 1 || spec.Policies[0] != se.Name {
			t.Errorf("series %s: cell runs %v", se.Name, spec.Policies)
		}
		if len(spec.Params) != 0 {
			t.Errorf("series %s: cell sets parameters %v, want every policy's defaults (one gang rule)", se.Name, spec.Params)
		}
	}
	if got, want := slices.Sorted(slices.Values(names)), slices.Sorted(slices.Values(all)); !slices.Equal(got, want) {
		t.Errorf("got series %v, want the family %v", got, want)
	}
	blind := map[kind]bool{kRandom: true, kPack: true, kLeast: true}
	for _, e := range Entries() {
		p, err := e.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		listed := slices.ContainsFunc(blindSharers, func(b struct{ name, label string }) bool { return b.name == e.Name })
		if want := blind[p.(*Policy).kind]; listed != want {
			t.Errorf("%s: listed as a blind sharer %v, want %v", e.Name, listed, want)
		}
		if g := p.(*Policy).p.Gang; g != GangServer {
			t.Errorf("%s: default gang rule %q, want %q for every policy", e.Name, g, GangServer)
		}
	}
	for _, r := range f.Refs {
		if slices.ContainsFunc(blindSharers, func(b struct{ name, label string }) bool { return b.name == r.Baseline }) {
			t.Errorf("a reference against the blind sharer %s", r.Baseline)
		}
	}
}
