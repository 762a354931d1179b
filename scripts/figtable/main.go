// Command figtable rewrites the figure tables of the families' documents (policies/<family>/README.md)
// from the runner's figure CSVs: in every FILE, between
// `<!-- figures:FAMILY -->` and `<!-- /figures -->` it writes one markdown table for the family's
// catalogue figures — figure, kind of evidence, reference, ours (mean and 95 % interval over
// seeds), difference, verdict, why — computed from DIR/ID.csv (as `build/simulate -figure all
// -figure-out DIR/` writes them) by the same figure.Compare the runner's reference table uses.
// With -index, it then rewrites the README's reproduction table (between `<!-- figure-index -->`
// and `<!-- /figure-index -->`): a row per catalogue figure with a count of its verdicts kind by
// kind, read from the FILEs' tables and linked to them. Nothing in a table is typed by hand. -csv
// "" leaves the FILEs as they are (only -index). -claims-rows DIR writes, per figure, the rows its
// claims read (make claims-rows: the recorded rows of the claims' property tests).
//
//	figtable -csv build/figures-csv -index README.md FILE...
//	figtable -csv build/figures-csv -claims-rows policies/figure/testdata/claims
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"schedlab/policies"
	"schedlab/policies/figure"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "figtable: "+err.Error())
		os.Exit(2)
	}
}

func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("figtable", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("csv", "build/figures-csv", "directory of ID.csv files (build/simulate -figure all -figure-out DIR/); empty: leave the tables")
	index := fs.String("index", "", "a file whose reproduction table to rewrite from the FILEs' tables")
	claimRows := fs.String("claims-rows", "", "a directory to write, per figure with references, the rows its claims read (ID.csv), from -csv")
	if err := fs.Parse(args); err != nil {
		return err
	}
	open := func(id string) (io.ReadCloser, error) { return os.Open(filepath.Join(*dir, id+".csv")) }
	if *claimRows != "" {
		if err := writeClaimRows(*claimRows, open, policies.Figures()); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			return nil
		}
	}
	if fs.NArg() == 0 {
		return errors.New("name the documents whose figure blocks to rewrite (figtable -csv DIR FILE...)")
	}
	if *dir != "" {
		for _, path := range fs.Args() {
			if err := rewriteFile(path, open); err != nil {
				return err
			}
		}
	}
	if *index == "" {
		return nil
	}
	docs := map[string][2]string{}
	for _, path := range fs.Args() {
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		link, err := filepath.Rel(filepath.Dir(*index), path)
		if err != nil {
			return err
		}
		for _, m := range block.FindAllStringSubmatch(string(text), -1) {
			docs[m[1]] = [2]string{filepath.ToSlash(link), string(text)}
		}
	}
	table, err := indexTable(policies.Figures(), docs)
	if err != nil {
		return err
	}
	text, err := os.ReadFile(*index)
	if err != nil {
		return err
	}
	if !indexBlock.Match(text) {
		return fmt.Errorf("%s: no <!-- figure-index --> block", *index)
	}
	out := indexBlock.ReplaceAllLiteralString(string(text), "<!-- figure-index -->\n"+table+"<!-- /figure-index -->")
	return writeIfChanged(*index, string(text), out)
}

// writeClaimRows writes dir/ID.csv for every figure with references (smoke figures aside): the
// rows of its CSV its claims read (figure.ReadRows), the recorded rows the claims' property tests
// judge (policies/figure/testdata/claims).
func writeClaimRows(dir string, open func(id string) (io.ReadCloser, error), figs []*figure.Figure) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range figs {
		if f.Smoke || len(f.Refs) == 0 {
			continue
		}
		rows, err := readRows(f, open)
		if err != nil {
			return err
		}
		var b bytes.Buffer
		if err := f.WriteCSV(&b, figure.ReadRows(f, rows)); err != nil {
			return err
		}
		path := filepath.Join(dir, f.ID+".csv")
		old, _ := os.ReadFile(path)
		if err := writeIfChanged(path, string(old), b.String()); err != nil {
			return err
		}
	}
	return nil
}

// rewriteFile rewrites path's figure blocks in place. A document without a figure block is an
// error: it was named to be rewritten.
func rewriteFile(path string, open func(id string) (io.ReadCloser, error)) error {
	text, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if !block.Match(text) {
		return fmt.Errorf("%s: no <!-- figures:FAMILY --> block", path)
	}
	out, err := rewrite(string(text), open, policies.Figures())
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return writeIfChanged(path, string(text), out)
}

// writeIfChanged replaces path's text old with out through a temporary file renamed over it, and
// leaves the file untouched when nothing changed.
func writeIfChanged(path, old, out string) error {
	if out == old {
		return nil
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(out), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

var block = regexp.MustCompile(`(?s)<!-- figures:([a-z0-9-]+) -->\n.*?<!-- /figures -->`)

// rewrite replaces every figure block of text with its family's table, reading each figure's CSV
// through open. Every figure of a block's family must have a CSV.
func rewrite(text string, open func(id string) (io.ReadCloser, error), figs []*figure.Figure) (string, error) {
	var firstErr error
	out := block.ReplaceAllStringFunc(text, func(m string) string {
		family := block.FindStringSubmatch(m)[1]
		table, err := familyTable(family, open, figs)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			return m
		}
		return "<!-- figures:" + family + " -->\n" + table + "<!-- /figures -->"
	})
	return out, firstErr
}

// familyTable is the markdown of one family: a table of every reference of its figures, sources
// numbered below it, and the figures without a reference listed with their seeds.
func familyTable(family string, open func(id string) (io.ReadCloser, error), figs []*figure.Figure) (string, error) {
	var b bytes.Buffer
	b.WriteString("| figure | kind | series | x | metric | reference | ours (95 % CI) | difference | verdict | published value | why | source |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	var sources, unreferenced, tallies []string
	var tables []figure.Claims
	n := 0
	for _, f := range figs {
		// Smoke figures are left out in every family: the CSVs come from `-figure all`, which
		// skips them, so a smoke figure here would only fail the table for want of its CSV.
		if f.Family != family || f.Smoke {
			continue
		}
		n++
		rows, err := readRows(f, open)
		if err != nil {
			return "", err
		}
		seeds := map[uint64]bool{}
		for _, r := range rows {
			seeds[r.Seed] = true
		}
		name := fmt.Sprintf("`%s` (%s, %d seed%s)", f.ID, f.Number, len(seeds), map[bool]string{true: "s"}[len(seeds) != 1])
		if len(f.Refs) == 0 {
			unreferenced = append(unreferenced, name)
			continue
		}
		c := figure.ClaimsOf(f, rows)
		tables = append(tables, c)
		tallies = append(tallies, fmt.Sprintf("`%s`: %s", f.ID, c.TallyText()))
		for _, v := range c.All() {
			k := slices.Index(sources, v.Ref.SourceText())
			if k < 0 {
				k, sources = len(sources), append(sources, v.Ref.SourceText())
			}
			kind := string(v.Ref.Evidence)
			if v.Ref.Shown {
				kind += ", shown"
			}
			x := v.Ref.X
			if v.Ref.To != "" {
				x += " → " + v.Ref.To
			}
			cells := []string{name, kind, v.Ref.Series, x, v.Ref.Metric, v.Reference, v.Ours, v.Difference, v.Verdict, v.Published(), v.Why,
				fmt.Sprintf("[%d]", k+1)}
			for i, c := range cells {
				cells[i] = md(c)
			}
			b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
		}
	}
	if n == 0 {
		return "No figure of this family in the catalogue.\n", nil
	}
	b.WriteString("\n")
	for _, t := range tallies {
		b.WriteString("Tally of " + md(t) + ".  \n")
	}
	for _, p := range figure.ByPaper(tables) {
		b.WriteString("\n**" + md(p.Paper) + "**, each claim once: " + md(p.Sentence()) + "  \n")
		for _, line := range p.Tallies.Lines() {
			b.WriteString(md(line) + ".  \n")
		}
	}
	b.WriteString("\n")
	for i, s := range sources {
		fmt.Fprintf(&b, "[%d] %s  \n", i+1, md(s))
	}
	if len(unreferenced) > 0 {
		b.WriteString("\nWithout a published reference: " + strings.Join(unreferenced, ", ") + ".\n")
	}
	return b.String(), nil
}

func readRows(f *figure.Figure, open func(id string) (io.ReadCloser, error)) ([]figure.Row, error) {
	r, err := open(f.ID)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("figure %s: no CSV (run build/simulate -figure all -figure-out DIR/ first): %w", f.ID, err)
	}
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return figure.ReadCSV(f, f.ID+".csv", r)
}

// md escapes a table cell: a pipe would end it, a line break would end the row.
func md(s string) string {
	if s == "" {
		return "–"
	}
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
