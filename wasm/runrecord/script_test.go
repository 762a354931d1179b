package runrecord

import (
	"bytes"
	"compress/flate"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"schedlab/policies/scenario"
)

// deflate and inflate are raw DEFLATE as the browser's CompressionStream("deflate-raw") writes
// and reads it (the page's side of a link).
func deflate(b []byte) []byte {
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression)
	w.Write(b)
	w.Close()
	return z.Bytes()
}

func inflate(t *testing.T, z []byte) []byte {
	b, err := io.ReadAll(flate.NewReader(bytes.NewReader(z)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestLinkCarriesScripts(t *testing.T) {
	spec := scenario.Spec{Generate: "philly:jobs=20", Cluster: "2x8", Policies: []string{"fifo", "mine"}, Seed: 3}
	ss := []Script{
		{Name: "mine", File: "mine.star", Source: "name = \"mine\"\n\ndef priority(job, s):\n    return job.submit\n"},
		{Name: "other", File: "other.star", Source: "def priority(job, s):\n    return (job.gpus, job.submit)\n\x00 é"},
	}
	q, err := WithScripts(EncodeQuery(spec, ""), deflate(PackScripts(ss)))
	if err != nil {
		t.Fatal(err)
	}
	z, err := ScriptsParam(q)
	if err != nil {
		t.Fatal(err)
	}
	got, err := UnpackScripts(inflate(t, z))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != ss[0] || got[1] != ss[1] {
		t.Fatalf("scripts through a link: got %q, want %q", got, ss)
	}
	back, _, ok, err := DecodeQuery(q)
	if err != nil || !ok || strings.Join(back.Policies, ",") != "fifo,mine" {
		t.Errorf("the rest of the link: got %+v, %v, %v", back, ok, err)
	}
	if none, err := ScriptsParam(EncodeQuery(spec, "")); err != nil || none != nil {
		t.Errorf("a link without scripts: got %v, %v, want none", none, err)
	}
}

func TestLinkRefusesLongScripts(t *testing.T) {
	// Random text does not compress: 8,000 bytes of it cannot fit in MaxLinkScripts characters.
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, 8000)
	for i := range b {
		b[i] = byte('a' + r.IntN(26))
	}
	base := EncodeQuery(scenario.Spec{Generate: "philly:jobs=2", Cluster: "1x8", Policies: []string{"x"}}, "")
	q, err := WithScripts(base, deflate(PackScripts([]Script{{Name: "x", File: "x.star", Source: string(b)}})))
	var long ErrLinkTooLong
	if !errors.As(err, &long) || long.Chars <= MaxLinkScripts || !strings.Contains(err.Error(), "more than a link may carry") {
		t.Fatalf("got %v, want ErrLinkTooLong", err)
	}
	if q != base {
		t.Errorf("the query changed: %s", q)
	}
}

func TestLinkScriptsDamaged(t *testing.T) {
	for _, v := range []string{"%%%", "a b", strings.Repeat("A", MaxLinkScripts+1)} {
		if _, err := ScriptsParam("generate=x&script=" + v); err == nil {
			t.Errorf("script=%.20s…: no error", v)
		}
	}
	for _, raw := range [][]byte{{5, 'a'}, {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, make([]byte, MaxScriptBytes+1)} {
		if _, err := UnpackScripts(raw); err == nil {
			t.Errorf("unpack % x…: no error", raw[:min(len(raw), 8)])
		}
	}
}

func TestScriptNameError(t *testing.T) {
	for _, good := range []string{"mine", "fifo-script", "las+2q", "v1.2_x"} {
		if msg := ScriptNameError(good); msg != "" {
			t.Errorf("%q: %s", good, msg)
		}
	}
	for _, bad := range []string{"", "a,b", `a"b`, "-x", "a b", "é", strings.Repeat("x", 65)} {
		if ScriptNameError(bad) == "" {
			t.Errorf("%q: accepted", bad)
		}
	}
}

func TestRecordKeepsScripts(t *testing.T) {
	rec := &Record{ID: "r", Policy: "mine", Cluster: "1x8", Summary: []byte(`{}`),
		Spec:    scenario.Spec{Generate: "philly:jobs=2", Policies: []string{"mine"}, Seed: 1},
		Scripts: []Script{{Name: "mine", File: "mine.star", Hash: "abc", Source: "def priority(job, s):\n    return 0\n"}}}
	got := roundTrip(t, rec)
	if len(got.Scripts) != 1 || got.Scripts[0] != rec.Scripts[0] {
		t.Errorf("scripts after the binary form: got %+v, want %+v", got.Scripts, rec.Scripts)
	}
	// A record made before scripts existed has none, and reads as before.
	rec.Scripts = nil
	old, _ := rec.MarshalBinary()
	if strings.Contains(string(old), "scripts") {
		t.Errorf("a record without scripts writes a scripts field")
	}
	var o Record
	if err := o.UnmarshalBinary(old); err != nil || o.Scripts != nil || o.Policy != "mine" {
		t.Errorf("old record: got %+v, %v", o, err)
	}
}
