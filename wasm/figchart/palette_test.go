package figchart

import (
	"os"
	"regexp"
	"slices"
	"testing"
)

// TestPaletteMatchesChartsJS checks that static/charts.js, which draws the Gantt chart without
// Go, colours series with the same list as Palette (the page would otherwise give one policy two
// colours).
func TestPaletteMatchesChartsJS(t *testing.T) {
	src, err := os.ReadFile("../../static/charts.js")
	if err != nil {
		t.Fatal(err)
	}
	decl := regexp.MustCompile(`(?s)const palette = \[(.*?)\];`).FindSubmatch(src)
	if decl == nil {
		t.Fatal("static/charts.js: no `const palette = [...];` declaration")
	}
	var js []string
	for _, m := range regexp.MustCompile(`'(#[0-9a-f]{6})'`).FindAllSubmatch(decl[1], -1) {
		js = append(js, string(m[1]))
	}
	if !slices.Equal(js, Palette) {
		t.Errorf("static/charts.js palette = %v, want figchart.Palette %v", js, Palette)
	}
}
