package figure

import (
	"bufio"
	"cmp"
	"io"
	"slices"
	"strconv"
	"strings"
)

// CSVHeader is the first line of a figure's CSV, exactly (the runner's -figure-out, the page's export).
// The reading column is empty for a figure without choices.
const CSVHeader = "figure,reading,x_name,x,series,seed,metric,unit,value"

// Row is one metric of one cell, by index into its figure: reading R, sweep value X, series S,
// metric M.
type Row struct {
	R, X, S, M int
	Seed       uint64
	Value      float64
}

// Rows is cell c's rows from its values, one per metric of f in f's metric order.
func (f *Figure) Rows(c Cell, values []float64) []Row {
	out := make([]Row, len(values))
	for m, v := range values {
		out[m] = Row{R: c.R, X: c.X, S: c.S, M: m, Seed: c.Seed, Value: v}
	}
	return out
}

// SortRows puts rows in the CSV's order: by reading (the figure's order), sweep value (the figure's order), series (the figure's
// order), seed (ascending), then metric (the figure's order). Any run of the same cells — one process,
// a pool of workers, merged shards, the browser — sorts to the same list, so its CSV is byte-identical.
func SortRows(rows []Row) {
	slices.SortFunc(rows, func(a, b Row) int {
		return cmp.Or(cmp.Compare(a.R, b.R), cmp.Compare(a.X, b.X), cmp.Compare(a.S, b.S), cmp.Compare(a.Seed, b.Seed), cmp.Compare(a.M, b.M))
	})
}

// WriteCSV writes rows (sorted in place) under CSVHeader. Values are written in the shortest form that
// reads back to the same float64 (strconv 'g', -1), identical natively and in wasm.
func (f *Figure) WriteCSV(w io.Writer, rows []Row) error {
	SortRows(rows)
	readings := f.Readings()
	bw := bufio.NewWriter(w)
	bw.WriteString(CSVHeader + "\n")
	for _, r := range rows {
		met := f.Metrics[r.M]
		x := f.XValue(Cell{X: r.X})
		fields := []string{f.ID, readings[r.R].Name, f.Sweep.Name, x, f.Series[r.S].Name, strconv.FormatUint(r.Seed, 10),
			met.Name, met.Unit, strconv.FormatFloat(r.Value, 'g', -1, 64)}
		for i, s := range fields {
			if i > 0 {
				bw.WriteByte(',')
			}
			bw.WriteString(csvField(s))
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// csvField quotes s as RFC 4180 wants when it holds a comma, quote or line break (a series label
// never should, but a user's sweep file may name one so).
func csvField(s string) string {
	if !strings.ContainsAny(s, ",\"\r\n") {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}
