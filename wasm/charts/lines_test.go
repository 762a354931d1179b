//go:build js && wasm

package charts

import (
	"encoding/json"
	"math"
	"testing"
)

// TestPointsJSON: a line's points written directly are the JSON numbers of the values (to the
// bit), a value that is not finite null.
func TestPointsJSON(t *testing.T) {
	xs := []float64{0, 1e-7, 3.6e6, 1.0 / 3, 1e21, 5}
	ys := []float64{0.25, math.NaN(), -2, math.Inf(1), 123456789.125, 1e-300}
	var got [][2]*float64
	if err := json.Unmarshal(points(len(xs), func(i int) (float64, float64) { return xs[i], ys[i] }), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(xs) {
		t.Fatalf("%d points, want %d", len(got), len(xs))
	}
	for i, p := range got {
		for k, want := range []float64{xs[i], ys[i]} {
			switch {
			case math.IsNaN(want) || math.IsInf(want, 0):
				if p[k] != nil {
					t.Errorf("point %d[%d]: got %v, want null", i, k, *p[k])
				}
			case p[k] == nil || math.Float64bits(*p[k]) != math.Float64bits(want):
				t.Errorf("point %d[%d]: got %v, want %v", i, k, p[k], want)
			}
		}
	}
}
