package policies

import (
	"slices"
	"strings"
	"testing"

	"schedlab/policies/asrpt"
	"schedlab/policies/interference"
	"schedlab/policies/similarity"
	"schedlab/policies/synergy"
)

// Every registered policy is described exactly once. (That every family's document and anchor exist is
// checked with the other document links, in scripts/houserules.)
func TestFamiliesDescribeEveryPolicy(t *testing.T) {
	var listed []string
	for _, f := range Families() {
		for _, p := range f.Policies {
			if strings.TrimSpace(p.Doc) == "" || len(p.Doc) > 100 {
				t.Errorf("%s: want a one-line description (≤ 100 bytes), got %q", p.Name, p.Doc)
			}
			listed = append(listed, p.Name)
		}
	}
	slices.Sort(listed)
	names := Builtin().Names()
	slices.Sort(names)
	if !slices.Equal(listed, names) {
		t.Errorf("families list\n%v\nwant the registry's\n%v", listed, names)
	}
}

// Every factory a research family builds is in Catalogue exactly once, under that family: a policy
// a family adds to its Entries cannot be left out of the registry and the picker.
func TestCatalogueHasEveryEntry(t *testing.T) {
	want := map[string][]string{}
	for _, e := range synergy.Entries() {
		want[famSynergy] = append(want[famSynergy], e.Name)
	}
	for _, e := range similarity.Entries() {
		want[famSimilarity] = append(want[famSimilarity], e.Name)
	}
	for _, e := range asrpt.Entries() {
		want[famASRPT] = append(want[famASRPT], e.Name)
	}
	for _, e := range interference.Entries() {
		want[famInterference] = append(want[famInterference], e.Name)
	}
	got := map[string][]string{}
	titles := map[string]bool{}
	for _, f := range families {
		titles[f.title] = true
	}
	for _, e := range Catalogue() {
		if !titles[e.Family] {
			t.Errorf("%s: family %q is not one of the picker's", e.Name, e.Family)
		}
		if e.New == nil {
			t.Errorf("%s: no factory", e.Name)
		}
		got[e.Family] = append(got[e.Family], e.Name)
	}
	for fam, names := range want {
		if !slices.Equal(got[fam], names) {
			t.Errorf("%s: Catalogue lists\n%v\nthe family builds\n%v", fam, got[fam], names)
		}
	}
}
