package runrecord

import (
	"reflect"
	"testing"
)

// sectionRecord is sampleRecord with both optional sections: a sharing run's held/effective
// times and an A-SRPT virtual schedule.
func sectionRecord() *Record {
	rec := sampleRecord()
	rec.Sharing = true
	rec.Jobs[0].Held, rec.Jobs[0].Effective = 898, 640.25
	rec.Virtual = []Span{{Job: 1, From: 3, To: 40}, {Job: 0, From: 40, To: 700}, {Job: 1, From: 700, To: 710}}
	return rec
}

// TestBinarySections: the optional sections round trip, a record without them (as written
// before they existed) decodes with none, an unknown section is skipped and a damaged one is
// an error.
func TestBinarySections(t *testing.T) {
	plain, err := sampleRecord().MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	full, err := sectionRecord().MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	unknown := append(append([]byte{}, full...), 9, 2, 0xAA, 0xBB)
	tests := []struct {
		name    string
		data    []byte
		want    *Record
		wantErr bool
	}{
		{"without sections", plain, sampleRecord(), false},
		{"with sections", full, sectionRecord(), false},
		{"unknown section skipped", unknown, sectionRecord(), false},
		{"section longer than the record", append(append([]byte{}, plain...), sectionVirtual, 50, 1), nil, true},
		{"section with bytes left over", append(append([]byte{}, plain...), sectionVirtual, 3, 0, 0, 0), nil, true},
	}
	for _, tc := range tests {
		var got Record
		err := got.UnmarshalBinary(tc.data)
		if tc.wantErr {
			if err == nil {
				t.Errorf("%s: got no error, want one", tc.name)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: got error %v, want none", tc.name, err)
			continue
		}
		if !reflect.DeepEqual(&got, tc.want) {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, *tc.want)
		}
	}
}
