package runrecord

import (
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"testing"

	"schedlab/policies/scenario"
)

func TestQueryRoundTrip(t *testing.T) {
	one := 1.0
	tests := []struct {
		name string
		spec scenario.Spec
		hash string
	}{
		{"generated", scenario.Spec{Generate: "philly:jobs=1000,rate=9", Cluster: "16x8", Policies: []string{"fifo", "las+x"}, Seed: 1}, ""},
		{"trace", scenario.Spec{Trace: "a b.csv", Format: "philly", Cluster: "2x8:K80+1x4", Policies: []string{"srtf"}, Seed: 42}, "abc123"},
		{"measured only", scenario.Spec{Trace: "msr.trace", Format: "gavel", Cluster: "16x8", Policies: []string{"fifo"}, MeasuredOnly: true, Seed: 1}, ""},
		{"figure settings", scenario.Spec{Scenario: "synergy-fig8", Generate: "synergy:jobs=8000,rate=9", Cluster: "16x8", Policies: []string{"fifo+tune"},
			Params: map[string]json.RawMessage{"fifo+tune": json.RawMessage(`{"a":1}`)}, Round: 300, FirstRound: &one, Progress: "exact",
			WindowFrom: 4000, WindowTo: 5000, StopAtWindow: true, Seed: 1}, ""},
	}
	for _, tc := range tests {
		got, hash, ok, err := DecodeQuery("?" + EncodeQuery(tc.spec, tc.hash))
		if err != nil || !ok {
			t.Fatalf("%s: got ok=%v err=%v, want ok", tc.name, ok, err)
		}
		if !reflect.DeepEqual(got, tc.spec) || hash != tc.hash {
			t.Errorf("%s: got %+v %q, want %+v %q", tc.name, got, hash, tc.spec, tc.hash)
		}
	}
	if _, _, ok, err := DecodeQuery(""); ok || err != nil {
		t.Errorf("empty query: got ok=%v err=%v, want not ok and no error", ok, err)
	}
	if _, _, _, err := DecodeQuery("generate=x&seed=-1"); err == nil {
		t.Errorf("bad seed: got no error, want one")
	}
}

func TestQueryDamagedExtras(t *testing.T) {
	if _, _, _, err := DecodeQuery("generate=x&x=%7Bnope"); err == nil {
		t.Errorf("bad x: got no error, want one")
	}
	for _, tc := range []struct{ x, want string }{
		{`{"round_s":60,"Round_S":300}`, "url: x: Round_S: duplicate key"},
		{`{"params":{"las":{"queues":2,"queues":3}}}`, "url: x: params.las.queues: duplicate key"},
		{`{"round_s":60,"params":{"las":{"queues":2}}}`, ""},
	} {
		_, _, _, err := DecodeQuery("generate=x&x=" + url.QueryEscape(tc.x))
		if got := fmt.Sprint(err); tc.want != "" && got != tc.want || tc.want == "" && err != nil {
			t.Errorf("x=%s: got %v, want %q", tc.x, err, tc.want)
		}
	}
}
