// Command heldout checks that the catalogue's verdicts do not depend on the figures' default seeds:
// for each figure it reruns the claims on a disjoint seed range — as many seeds as the figure's
// default, starting right after its largest default seed (so none the family's studies or the
// figure itself looked at) — and, per claim and reading, sets the held-out outcome beside the
// default one (holds, fails, inconclusive). It lists every claim that holds on one range and fails
// on the other, and counts the rest. The default run's CSVs are read from -csv (as
// `build/simulate -figure all -figure-out DIR/` writes them); the held-out runs are made with the
// runner -simulate and written to -out.
//
//	heldout -simulate build/simulate -csv build/figures-csv -out build/heldout-csv [-j 2] [ID...]
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"

	"schedlab/policies"
	"schedlab/policies/figure"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "heldout: "+err.Error())
		os.Exit(2)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("heldout", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sim := fs.String("simulate", "build/simulate", "the runner")
	dir := fs.String("csv", "build/figures-csv", "the default seeds' CSVs, DIR/ID.csv")
	out := fs.String("out", "build/heldout-csv", "where the held-out CSVs go, OUT/ID.csv")
	j := fs.Int("j", 2, "cells in parallel")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var figs []*figure.Figure
	for _, f := range policies.Figures() {
		if !f.Smoke && (fs.NArg() == 0 || slices.Contains(fs.Args(), f.ID)) {
			figs = append(figs, f)
		}
	}
	if len(figs) == 0 {
		return errors.New("no catalogue figure named")
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	var total tally
	for _, f := range figs {
		def, err := readRows(f, filepath.Join(*dir, f.ID+".csv"))
		if err != nil {
			return fmt.Errorf("%w (run build/simulate -figure all -figure-out %s/ first)", err, *dir)
		}
		seeds := HeldOut(f.Seeds)
		path := filepath.Join(*out, f.ID+".csv")
		cmd := exec.Command(*sim, "-figure", f.ID, "-seeds", figure.FormatSeeds(seeds), "-j", strconv.Itoa(*j), "-figure-out", path)
		cmd.Stderr = stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s: %w", f.ID, err)
		}
		held, err := readRows(f, path)
		if err != nil {
			return err
		}
		t := compare(stdout, f, def, held, seeds)
		total.add(t)
	}
	fmt.Fprintf(stdout, "held-out check, %d figures: %s\n", len(figs), total)
	return nil
}

// HeldOut is the held-out seed range of a figure with default seeds: as many seeds, starting after
// the largest.
func HeldOut(seeds []uint64) []uint64 {
	last := slices.Max(seeds)
	return figure.SeedRange(last+1, last+uint64(len(seeds)))
}

func readRows(f *figure.Figure, path string) ([]figure.Row, error) {
	r, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return figure.ReadCSV(f, path, r)
}

// tally counts claim × reading pairs by how their outcome moved between the two seed ranges.
type tally struct{ same, flipped, toInconclusive, fromInconclusive, other int }

func (t *tally) add(u tally) {
	t.same += u.same
	t.flipped += u.flipped
	t.toInconclusive += u.toInconclusive
	t.fromInconclusive += u.fromInconclusive
	t.other += u.other
}

func (t tally) String() string {
	return fmt.Sprintf("%d claim × reading pairs the same, %d hold on one range and fail on the other, "+
		"%d settled on the default seeds and inconclusive on the held-out ones, %d the reverse, %d other (no data, shown)",
		t.same, t.flipped, t.toInconclusive, t.fromInconclusive, t.other)
}

// compare prints the figure's claim × reading pairs whose outcome differs between the ranges, the
// flips first marked as such, and returns the figure's tally.
func compare(w io.Writer, f *figure.Figure, def, held []figure.Row, seeds []uint64) tally {
	a, b := figure.MatrixOf(f, def), figure.MatrixOf(f, held)
	var t tally
	fmt.Fprintf(w, "%s (default seeds %s, held-out %s):\n", f.ID, figure.FormatSeeds(f.Seeds), figure.FormatSeeds(seeds))
	for i, c := range a.Claims {
		for k, v := range c.Verdicts {
			if k >= len(b.Claims[i].Verdicts) {
				continue
			}
			x, y := figure.Outcome(v.Verdict), figure.Outcome(b.Claims[i].Verdicts[k].Verdict)
			mark := ""
			switch {
			case x == y:
				t.same++
				continue
			case (x == "holds" && y == "fails") || (x == "fails" && y == "holds"):
				t.flipped++
				mark = "FLIPS "
			case y == "inconclusive" && (x == "holds" || x == "fails"):
				t.toInconclusive++
			case x == "inconclusive" && (y == "holds" || y == "fails"):
				t.fromInconclusive++
			default:
				t.other++
			}
			reading := a.Readings[k].Name
			if reading == "" {
				reading = "-"
			}
			r := c.Ref
			fmt.Fprintf(w, "  %s%s %s vs %s, x %s, reading %s: %s (%s) → %s (%s)\n", mark, r.Series, r.Metric, r.Baseline, orDash(r.X),
				reading, v.Verdict, v.Ours, b.Claims[i].Verdicts[k].Verdict, b.Claims[i].Verdicts[k].Ours)
		}
	}
	fmt.Fprintf(w, "  %s\n", t)
	return t
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
