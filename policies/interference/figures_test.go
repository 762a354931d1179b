package interference

import (
	"slices"
	"testing"

	"schedlab/policies/figure"
)

// TestHeadlineShowsEverySharer: the headline has a series for every policy of the family, each
// cell running the policy its series names; the blind sharers are exactly the family's policies
// that share without looking at interference, and iasp-iapp is set above each of them on useful
// work and below on mean JCT.
func TestHeadlineShowsEverySharer(t *testing.T) {
	f := headline()
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	var names []string
	for s, se := range f.Series {
		names = append(names, se.Name)
		if spec := f.Cell(0, s, f.Seeds[0]); len(spec.Policies) != 1 || spec.Policies[0] != se.Name {
			t.Errorf("series %s: cell runs %v", se.Name, spec.Policies)
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
	}
	for _, b := range blindSharers {
		for _, c := range []struct {
			metric string
			lower  bool
		}{{"loaded_effective_util", false}, {"mean_jct_s", true}} {
			if !slices.ContainsFunc(f.Refs, func(r figure.Ref) bool {
				return r.Kind == figure.Direction && r.Series == NameIASP && r.Baseline == b.name && r.Metric == c.metric && r.Lower == c.lower
			}) {
				t.Errorf("no direction reference for %s's %s against %s (lower %v)", NameIASP, c.metric, b.name, c.lower)
			}
		}
	}
}
