package trace

import (
	"reflect"
	"strings"
	"testing"
)

// TestNativeJSONLDuplicateKeys: a key given twice in one object is an error on that line, keys
// compared exactly as the columns are; objects without one read as before.
func TestNativeJSONLDuplicateKeys(t *testing.T) {
	const ok = `{"id":"a","submit_s":0,"gpus":1,"duration_s":5}` + "\n"
	tests := []struct {
		name, in, want string // want: the whole error, "" for none
	}{
		{"top level", ok + `{"id":"b","gpus":1,"submit_s":1,"gpus":2,"duration_s":5}` + "\n", "t:2: gpus: duplicate key"},
		{"same value twice", `{"id":"a","submit_s":0,"submit_s":0,"gpus":1,"duration_s":5}`, "t:1: submit_s: duplicate key"},
		{"escaped spelling", `{"id":"a","submit_s":0,"gpus":1,"duration_s":5,"\u0069d":"b"}`, "t:1: id: duplicate key"},
		{"null then a value", `{"id":"a","submit_s":0,"gpus":1,"user":null,"duration_s":5,"user":"x"}`, "t:1: user: duplicate key"},
		{"case differs: unknown column", `{"id":"a","submit_s":0,"gpus":1,"duration_s":5,"GPUs":2}`, `t:1: json: unknown key "GPUs"`},
		{"nested object: not a value", `{"id":"a","submit_s":0,"gpus":{"x":1,"x":2}}`, "t:1: gpus: want a number or a string, got {\"x\":1,\"x\":2}"},
		{"no duplicate", ok + `{"id":"b","submit_s":1,"gpus":2,"duration_s":5,"user":"u"}`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Read("t", strings.NewReader(tc.in), "native-jsonl", nil)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("got error %q, want %q", got, tc.want)
			}
		})
	}
	// The same jobs as native CSV and as JSON Lines read identically (but for the line numbers).
	csvJobs, _, err := Read("t", strings.NewReader("id,submit_s,gpus,duration_s,user\na,0,1,5,\nb,1,2,5,u\n"), "native", nil)
	if err != nil {
		t.Fatal(err)
	}
	jsonJobs, _, err := Read("t", strings.NewReader(ok+`{"id":"b","submit_s":1,"gpus":2,"duration_s":5,"user":"u"}`), "native-jsonl", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(normalise(csvJobs), normalise(jsonJobs)) {
		t.Errorf("got %+v from JSON Lines, want %+v as from CSV", jsonJobs, csvJobs)
	}
}
