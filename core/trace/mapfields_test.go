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

// TestParseMappingErrors wants each mistake in a column mapping named.
func TestParseMappingErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"submit=t,gpus=g,duration=d,user=team:kg", `columns: user: a text field takes no unit, got "kg"`},
		{"submit=t:fortnight,gpus=g,duration=d", `columns: submit: unknown unit "fortnight" (known: s, ms, us, min, h, unix, unix-ms, datetime)`},
		{"submit=t,gpus=g,gpus=h,duration=d", `columns: field "gpus" mapped twice`},
		{"submit=t,duration=d", "columns: submit and gpus must be mapped"},
		{"submit=t,gpus=g", "columns: map duration, iterations, or start and end"},
		{"submit=t,gpus=g,duration=d,model=:", `columns: model: want a column name before the unit, got "model=:"`},
		{"submit= :s,gpus=g,duration=d", `columns: submit: want a column name before the unit, got "submit= :s"`},
		{"bogus=x", `columns: unknown field "bogus" (known: batch_size, cpu, duration, end, gpu_types, gpus, id, iter_time, iterations, mem, model, recurrence, start, submit, user)`},
	}
	for _, tc := range tests {
		if _, err := ParseMapping(tc.in); err == nil || err.Error() != tc.want {
			t.Errorf("%s: got %v, want %s", tc.in, err, tc.want)
		}
	}
}
