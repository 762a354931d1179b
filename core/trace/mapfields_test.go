package trace

import (
	"slices"
	"testing"
)

// TestMapFields wants every field ParseMapping knows listed once, with its units in order, and
// every listed field and unit accepted by ParseMapping.
func TestMapFields(t *testing.T) {
	got := MapFields()
	var names []string
	for _, f := range got {
		names = append(names, f.Field)
		if want := mapUnits[f.Field]; !slices.Equal(f.Units, want) {
			t.Errorf("%s: got units %q, want %q", f.Field, f.Units, want)
		}
		for _, u := range f.Units {
			spec := "submit=a,gpus=b,duration=c"
			if f.Field == "submit" || f.Field == "gpus" || f.Field == "duration" {
				spec = map[string]string{"submit": "gpus=b,duration=c", "gpus": "submit=a,duration=c", "duration": "submit=a,gpus=b"}[f.Field]
			}
			col := f.Field + "=x"
			if u != "" {
				col += ":" + u
			}
			if _, err := ParseMapping(spec + "," + col); err != nil {
				t.Errorf("%s unit %q: got %v, want accepted", f.Field, u, err)
			}
		}
	}
	slices.Sort(names)
	if want := mapFieldNames(); !slices.Equal(names, want) {
		t.Errorf("fields: got %q, want %q", names, want)
	}
}
