// Command figures writes the ECharts option of every figure whose CSV is in a directory — the
// runner's `-figure all -figure-out DIR/` — to OUT/options.json ({"ID": option, …}), with the same
// code as the page (figure.ReadCSV, figure.Stats, wasm/figchart). scripts/figures/render.mjs then
// renders each to OUT/ID.svg with ECharts' server-side SVG renderer; `make figures` runs all three.
// Table-only figures have no chart and are listed as such.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"schedlab/policies"
	"schedlab/policies/figure"
	"schedlab/wasm/figchart"
)

func main() {
	csvDir := flag.String("csv", "build/figures-csv", "directory holding the runner's ID.csv files")
	out := flag.String("out", "build/figures", "directory to write options.json into (created)")
	flag.Parse()
	if err := run(*csvDir, *out, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "figures:", err)
		os.Exit(1)
	}
}

// run builds the options of the catalogue's figures that have a CSV in dir into out/options.json.
func run(dir, out string, log io.Writer) error {
	opts := map[string]json.RawMessage{}
	for _, f := range policies.Figures() {
		name := filepath.Join(dir, f.ID+".csv")
		file, err := os.Open(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		rows, err := figure.ReadCSV(f, name, file)
		file.Close()
		if err != nil {
			return err
		}
		opt, err := figchart.Option(f, figure.Stats(f, rows))
		if err != nil {
			return err
		}
		if opt == nil {
			fmt.Fprintf(log, "figures: %s is a table: no chart to render\n", f.ID)
			continue
		}
		opts[f.ID] = opt
	}
	if len(opts) == 0 {
		return fmt.Errorf("no figure CSV with a chart in %s (run build/simulate -figure all -figure-out %s/ first)", dir, dir)
	}
	b, err := json.Marshal(opts)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "options.json"), b, 0o644)
}
