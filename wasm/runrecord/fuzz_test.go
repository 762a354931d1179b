package runrecord

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// FuzzDecodeQuery: a page URL (anyone can hand one out) either fails with a "url: " error or
// decodes to a scenario that a link written back from it (EncodeQuery) reproduces; never a panic.
func FuzzDecodeQuery(f *testing.F) {
	spec := sampleRecord().Spec
	f.Add("?" + EncodeQuery(spec, ""))
	spec.Generate, spec.Trace, spec.Params = "", "philly.csv", map[string]json.RawMessage{"las": json.RawMessage(`{"thresholds_gpu_s": [3600]}`)}
	f.Add(EncodeQuery(spec, "ab12"))
	for _, s := range []string{"", "?", "generate=philly&seed=-1", "trace=x&x={", "generate=a&trace=b&policies=,,fifo,", "%zz", "x=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		spec, hash, ok, err := DecodeQuery(raw)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "url: ") {
				t.Fatalf("%q: error %q does not start with url:", raw, err)
			}
			return
		}
		if !ok {
			return
		}
		link := EncodeQuery(spec, hash)
		spec2, hash2, ok2, err := DecodeQuery(link)
		if err != nil || !ok2 {
			t.Fatalf("%q: link %q written back does not decode: %v", raw, link, err)
		}
		if link2 := EncodeQuery(spec2, hash2); link2 != link {
			t.Fatalf("%q: link %q decodes and encodes to %q", raw, link, link2)
		}
	})
}

// FuzzDecodeBinary: stored bytes (IndexedDB, a worker's message), in either version, either fail
// to decode with an error or decode to a record whose encoding decodes to the same record; never a panic, and a
// corrupt length never allocates more than the input can hold.
func FuzzDecodeBinary(f *testing.F) {
	v1, err := os.ReadFile("testdata/v1.slr")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(v1)
	f.Add(v1[:len(v1)/2])
	start := fullRecord()
	start.Why[0] = Step{Job: 0, At: 2, Kind: 2, Alloc: 1, Servers: 1} // a start kept as its allocation
	for _, rec := range []*Record{sampleRecord(), bigRecord(3), fullRecord(), start} {
		b, err := rec.MarshalBinary()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(b[:len(b)/2])
	}
	f.Add([]byte(magicV1))
	f.Add([]byte(magicV2))
	f.Fuzz(func(t *testing.T, b []byte) {
		var rec Record
		if err := rec.UnmarshalBinary(b); err != nil {
			return
		}
		enc, err := rec.MarshalBinary()
		if err != nil {
			t.Fatalf("a decoded record does not encode: %v", err)
		}
		var again Record
		if err := again.UnmarshalBinary(enc); err != nil {
			t.Fatalf("a decoded record's encoding does not decode: %v", err)
		}
		enc2, _ := again.MarshalBinary()
		if !bytes.Equal(enc, enc2) || !reflect.DeepEqual(rec.Jobs, again.Jobs) {
			t.Fatal("decode → encode → decode changed the record")
		}
	})
}

// FuzzUnpackScripts: a link's scripts (anyone can edit a link) either fail with a "url: script:"
// error or unpack to scripts that pack and unpack to themselves (a length may be written in more
// bytes than it needs, so the bytes themselves need not come back); never a panic.
func FuzzUnpackScripts(f *testing.F) {
	f.Add(PackScripts([]Script{{Name: "mine", File: "mine.star", Source: "def priority(job, s):\n    return 0\n"}}))
	f.Add(PackScripts([]Script{{Name: "a"}, {Name: "b", File: "b.star", Source: "x"}}))
	for _, b := range [][]byte{nil, {0}, {5, 'a'}, {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1}} {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		ss, err := UnpackScripts(raw)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "url: script: ") {
				t.Fatalf("error %q does not start with url: script:", err)
			}
			return
		}
		again, err := UnpackScripts(PackScripts(ss))
		if err != nil || !reflect.DeepEqual(again, ss) {
			t.Fatalf("% x unpacked to %q, which packs and unpacks to %q, %v", raw, ss, again, err)
		}
	})
}
