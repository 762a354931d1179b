package runrecord

import (
	"os"
	"reflect"
	"testing"
)

// fullRecord is sectionRecord with every job's timeline: every part a record can have.
func fullRecord() *Record {
	rec := sectionRecord()
	rec.Why = []Step{
		{Job: 0, At: 2, Kind: 2, Text: "started on 2 GPUs on 1 server: GPUs 0-1"},
		{Job: 1, At: 3, Kind: 1, Class: 1, Text: "waiting: no free GPUs"},
		{Job: 1, At: 600, Kind: 1, Class: 1, Text: "waiting: no free GPUs"},
	}
	return rec
}

// TestDecodesVersion1: a record saved in the first binary format (testdata/v1.slr, written by
// the encoder of that format from fullRecord) still decodes to the same record, and its
// re-encoding in the current format decodes to it too.
func TestDecodesVersion1(t *testing.T) {
	b, err := os.ReadFile("testdata/v1.slr")
	if err != nil {
		t.Fatal(err)
	}
	if string(b[:4]) != "SLR1" {
		t.Fatalf("testdata/v1.slr starts with %q, want SLR1", b[:4])
	}
	var got Record
	if err := got.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&got, fullRecord()) {
		t.Errorf("version 1: got %+v, want %+v", got, *fullRecord())
	}
	if again := roundTrip(t, &got); !reflect.DeepEqual(&again, fullRecord()) {
		t.Errorf("version 1 re-encoded: got %+v, want %+v", again, *fullRecord())
	}
}
