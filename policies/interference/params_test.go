package interference

import "testing"

// TestExplicitZeroIsKept: 0 is a meaningful theta, lambda and evict, not "unset".
func TestExplicitZeroIsKept(t *testing.T) {
	for _, tc := range []struct {
		k    kind
		raw  string
		want Params
	}{
		{kIASP, ``, Params{TrainFrac: 0.8, Seed: 1, Theta: 0.3, Lambda: 0, Evict: 0.6, Gang: GangServer}},
		{kIASP, `{"theta":0,"lambda":0,"seed":0,"gang":"spread"}`, Params{TrainFrac: 0.8, Seed: 0, Theta: 0, Lambda: 0, Evict: 0.6, Gang: GangSpread}},
		{kGandiva, `{"evict":0}`, Params{TrainFrac: 0.8, Seed: 1, Theta: 0.3, Lambda: 0, Evict: 0, Gang: GangServer}},
	} {
		got, err := parseParams(tc.k, []byte(tc.raw))
		if err != nil || got != tc.want {
			t.Errorf("%q: got %+v, %v, want %+v", tc.raw, got, err, tc.want)
		}
	}
}
