package figchart

// Palette is the app's one series colour list: a figure colours series by their index in it,
// and wasm/charts colours a policy by its registry index (Palette[i % len]), so a figure reads
// like the rest of the page. It lives here, in a plain package, because wasm/charts (js only),
// the page and the native figure renderer all import figchart. static/charts.js keeps the same
// list for the Gantt chart it draws itself (an ES module loaded before any Go runs);
// TestPaletteMatchesChartsJS holds the two equal.
var Palette = []string{"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
	"#9c755f", "#bab0ac", "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
	"#7f7f7f", "#bcbd22", "#17becf"}
