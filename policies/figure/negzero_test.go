package figure

import "testing"

// A difference that rounds to zero reads "0 %", never "-0 %".
func TestNoNegativeZero(t *testing.T) {
	for v, want := range map[float64]string{-0.0000001: "0 %", 0: "0 %", -0.22: "-22 %", 0.5: "+50 %"} {
		if got := signedPct(v); got != want {
			t.Errorf("signedPct(%v) = %q, want %q", v, got, want)
		}
	}
	if got := trimZeros("-0.000"); got != "0" {
		t.Errorf(`trimZeros("-0.000") = %q, want "0"`, got)
	}
}
