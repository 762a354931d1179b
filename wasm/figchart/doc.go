// Package figchart turns a paper figure and its measured points into an ECharts option (JSON), the
// same bytes for the page (wasm/app, drawn in the browser) and for `make figures` (rendered to SVG
// by ECharts' server-side renderer under Node). It is plain Go on purpose — no build tag, no
// syscall/js — so both builds share it and its tests run natively.
//
// The option is built from small structs rather than go-echarts: a figure needs grids stacked per
// metric, stacked bands, and custom series (error bars, reference markers) that go-echarts would
// only pass through as untyped maps. Callbacks are named "fn:NAME" strings resolved by
// static/figcallbacks.js, which the page and the Node renderer both import.
//
// Conventions: times (metric unit "s") are drawn in hours, tooltips and exports keep seconds; a
// line carries a 95 % band over seeds, a bar a 95 % error bar; published values are black diamonds
// labelled with their source, at their own value (absolute) or at our baseline's mean moved by the
// published effect (relative); direction-only claims have no marker (the table judges them).
package figchart
