//go:build js && wasm

// Package charts builds the app's ECharts options in Go with go-echarts (never its HTML
// templates): the Gantt chart of GPU allocations, the JCT CDF across runs, and utilisation and
// queue length over time. Options refer to JS callbacks only by name ("fn:NAME"), which the static
// module static/charts.js resolves, so the page needs no eval under its Content-Security-Policy.
// The Gantt keeps a 100,000-job run fast by merging each GPU's busy spans at low zoom and drawing
// every interval once the window is narrow enough.
package charts
