package main

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"schedlab/core/world"
	"schedlab/policies"
	"schedlab/policies/figure"
	"schedlab/policies/scenario"
	"schedlab/policies/script"
)

// figureOptions are the -figure mode's flags.
type figureOptions struct {
	id      string // a catalogue id, or "all"
	seeds   []uint64
	reading string // -reading: "all" (or ""), "default", or a filter "choice=value,…"
	workers int
	out     string
	figs    []*figure.Figure // what id names

	sweep     string            // -sweep FILE (then id is the sweep's id)
	sweepHash string            // the sweep file's content hash, part of a part's metadata
	shard     shard             // -shard I/N
	merging   bool              // -merge
	merge     []string          // the parts -merge names
	version   string            // the program version, with -shard or -merge
	scripts   []*script.Program // -policy-file: one more series each
	reg       *policies.Registry
}

// parseFigureFlags checks the -figure mode's flags: only -seeds, -j and -figure-out go with it.
func parseFigureFlags(o *figureOptions, set map[string]bool, seeds string, reg *policies.Registry) error {
	o.reg = reg
	for _, name := range slices.Sorted(maps.Keys(set)) {
		switch name {
		case "figure", "seeds", "reading", "j", "figure-out", "sweep", "shard", "merge", "policy-file", "script-steps", "script-memory":
		default:
			if !set["figure"] && !set["sweep"] {
				continue
			}
			return usageError{fmt.Errorf("-figure and -sweep take only -seeds, -reading, -j, -figure-out, -shard, -merge, -policy-file, -script-steps and -script-memory, not -%s", name)}
		}
	}
	if !set["figure"] && !set["sweep"] {
		for _, f := range []string{"seeds", "reading", "j", "figure-out", "shard", "merge"} {
			if set[f] {
				return usageError{fmt.Errorf("-%s goes with -figure ID|all or -sweep FILE", f)}
			}
		}
	}
	if o.workers < 1 {
		return usageError{fmt.Errorf("-j %d: want at least 1 worker", o.workers)}
	}
	if set["seeds"] {
		s, err := figure.ParseSeeds(seeds)
		if err != nil {
			return usageError{fmt.Errorf("-seeds: %w", err)}
		}
		o.seeds = s
	}
	if set["sweep"] {
		if err := loadSweep(o, set); err != nil {
			return err
		}
		return o.finish()
	}
	if o.id == "all" {
		if fi, err := os.Stat(o.out); o.out != "" && err == nil && !fi.IsDir() {
			return usageError{fmt.Errorf("-figure-out %s: a file; -figure all writes a directory of ID.csv", o.out)}
		}
		for _, f := range policies.Figures() {
			if !f.Smoke {
				o.figs = append(o.figs, f)
			}
		}
		return o.finish()
	}
	f, ok := policies.FindFigure(o.id)
	if !ok {
		return usageError{fmt.Errorf("-figure %q: unknown (see -list)", o.id)}
	}
	if fi, err := os.Stat(o.out); strings.HasSuffix(o.out, "/") || (err == nil && fi.IsDir()) {
		return usageError{fmt.Errorf("-figure-out %s: a directory; one figure writes a file", o.out)}
	}
	o.figs = []*figure.Figure{f}
	return o.finish()
}

// finish checks -reading against the chosen figures, then adds the -policy-file series.
func (o *figureOptions) finish() error {
	if err := o.checkReading(); err != nil {
		return err
	}
	return o.addScripts()
}

// checkReading checks the -reading filter: every choice and value it names must be one of the
// figure's, or with several figures one of at least one figure's (the figures without those
// choices then run no reading and are left out).
func (o *figureOptions) checkReading() error {
	var first error
	var kept []*figure.Figure
	for _, f := range o.figs {
		if _, err := f.SelectReadings(o.reading); err != nil {
			first = cmp.Or(first, err)
			continue
		}
		kept = append(kept, f)
	}
	if len(kept) == 0 || (len(o.figs) == 1 && first != nil) {
		return usageError{fmt.Errorf("-reading: %w", first)}
	}
	o.figs = kept
	return nil
}

// addScripts adds each -policy-file's policy to every chosen figure as one more series (a sweep
// file that names it already has it).
func (o *figureOptions) addScripts() error {
	if len(o.scripts) == 0 {
		return nil
	}
	for i, f := range o.figs {
		g, err := figure.WithPolicies(f, scriptNames(o.scripts)...)
		if err != nil {
			return usageError{err}
		}
		o.figs[i] = g
	}
	return nil
}

// job is one cell of the figure at index fig.
type job struct {
	fig  int
	cell figure.Cell
}

// distinctRuns groups jobs by their cell's run (figure.Figure.RunKey): the cells of one figure
// that share a run (readings its series' policy does not read) and cells of different figures with
// the same spec (synergy-fig8 at 9 jobs/h and synergy-fig8-cdf, …) are one run, which gives the rows
// of each. The groups hold indices into jobs, in order of first appearance; specs[r] is run r's spec.
func distinctRuns(figs []*figure.Figure, jobs []job) (runs [][]int, specs []scenario.Spec, err error) {
	seen := map[string]int{}
	for k, j := range jobs {
		key, err := figs[j.fig].RunKey(j.cell)
		if err != nil {
			return nil, nil, err
		}
		r, ok := seen[key]
		if !ok {
			r, seen[key] = len(runs), len(runs)
			runs, specs = append(runs, nil), append(specs, figs[j.fig].Spec(j.cell))
		}
		runs[r] = append(runs[r], k)
	}
	return runs, specs, nil
}

// runFigures runs every cell of the chosen figures on o.workers goroutines, writes the CSVs
// and prints each figure's reference table. Cells are independent and each writes its rows into
// its own slot, so the output is the same for any number of workers.
func runFigures(o options, stdout io.Writer) error {
	fo := o.fig
	if fo.merging {
		return mergeFigures(o, stdout)
	}
	if fo.shard.n > 0 {
		var err error
		if fo.figs, err = pendingFigures(fo, o.stderr); err != nil || len(fo.figs) == 0 {
			return err // an error, or every part already complete: nothing to run
		}
	}
	var jobs []job
	for i, f := range fo.figs {
		cells, err := fo.shard.of(f, fo.cellsOf(f))
		if err != nil {
			return err
		}
		for _, c := range cells {
			jobs = append(jobs, job{i, c})
		}
	}
	runs, specs, err := distinctRuns(fo.figs, jobs)
	if err != nil {
		return err
	}
	reg, models := fo.reg, world.Models()
	rows := make([][]figure.Row, len(jobs))
	errs := make([]error, len(jobs))
	took := make([]time.Duration, len(jobs))
	short := make([]string, len(jobs)) // per run (at its first cell): how its arrivals ran out
	start := time.Now()
	next := make(chan int)
	var wg sync.WaitGroup
	progress := newProgress(o.stderr, len(jobs), start)
	for range min(fo.workers, len(runs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var workloads policies.Workloads // this worker's
			for r := range next {
				t := time.Now()
				out, err := policies.RunCellSpec(reg, models, specs[r], openTrace, policies.Hooks{Workloads: &workloads})
				if err == nil && out.ShortWorkload != "" {
					short[runs[r][0]] = out.ShortWorkload
				}
				for _, k := range runs[r] {
					f, c := fo.figs[jobs[k].fig], jobs[k].cell
					if err != nil {
						errs[k] = fmt.Errorf("figure %s, %s: %w", f.ID, f.CellName(c), err)
					} else {
						rows[k], errs[k] = policies.CellRows(f, c, out)
					}
					progress.done()
				}
				took[runs[r][0]] = time.Since(t)
			}
		}()
	}
	for _, r := range runOrder(jobs, runs) {
		next <- r
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err // the first in canonical order, whatever the workers' timing
		}
	}
	warnShort(o.stderr, fo.figs, jobs, short)
	perFig := make([][]figure.Row, len(fo.figs))
	for k, j := range jobs {
		perFig[j.fig] = append(perFig[j.fig], rows[k]...)
	}
	if err := writeFigureCSVs(fo, perFig); err != nil {
		return err
	}
	if o.stderr != nil {
		fmt.Fprintf(o.stderr, "simulate: %d figure(s), %d cells (%d distinct runs) on %d worker(s) in %.1f s\n",
			len(fo.figs), len(jobs), len(runs), min(fo.workers, len(runs)), time.Since(start).Seconds())
		if len(fo.figs) > 1 {
			busy := make([]time.Duration, len(fo.figs))
			for k, j := range jobs {
				busy[j.fig] += took[k]
			}
			for i, f := range fo.figs {
				fmt.Fprintf(o.stderr, "simulate:   %-24s %6.1f s of run time (a run shared with an earlier figure counts there)\n", f.ID, busy[i].Seconds())
			}
		}
	}
	if fo.shard.n > 0 {
		return nil // a part's rows alone judge nothing: the merge prints the reference table
	}
	var tables []figure.Claims
	for i, f := range fo.figs {
		c, err := writeReferenceTable(stdout, f, perFig[i])
		if err != nil {
			return err
		}
		tables = append(tables, c)
	}
	return writePaperSummaries(stdout, tables)
}

// writePaperSummaries closes a run of several figures with each paper's result: its sentence
// (figure.PaperClaims.Sentence) and its tallies kind by kind, each claim once across figures.
func writePaperSummaries(w io.Writer, tables []figure.Claims) error {
	if len(tables) < 2 {
		return nil
	}
	for _, p := range figure.ByPaper(tables) {
		if len(p.Tallies) == 0 {
			continue
		}
		fmt.Fprintf(w, "paper %s: %s\n", p.Paper, p.Sentence())
		for _, line := range p.Tallies.Lines() {
			fmt.Fprintf(w, "  tally, %s\n", line)
		}
	}
	return nil
}

// progress prints "cells done of total" on stderr at most every few seconds of a long run.
type progress struct {
	mu          sync.Mutex
	w           io.Writer
	n, total    int
	start, last time.Time
}

func newProgress(w io.Writer, total int, start time.Time) *progress {
	return &progress{w: w, total: total, start: start, last: start}
}

func (p *progress) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n++
	if p.w == nil || p.n == p.total || time.Since(p.last) < 5*time.Second {
		return
	}
	p.last = time.Now()
	fmt.Fprintf(p.w, "simulate: %d of %d cells, %.0f s\n", p.n, p.total, time.Since(p.start).Seconds())
}

// warnShort says, per figure, how many runs ran out of arrivals before their measured jobs
// finished (policies.Outcome.ShortWorkload), naming the first.
func warnShort(w io.Writer, figs []*figure.Figure, jobs []job, short []string) {
	if w == nil {
		return
	}
	n := make([]int, len(figs))
	first := make([]int, len(figs))
	for k, s := range short {
		if s != "" {
			if n[jobs[k].fig] == 0 {
				first[jobs[k].fig] = k
			}
			n[jobs[k].fig]++
		}
	}
	for i, f := range figs {
		if n[i] > 0 {
			k := first[i]
			fmt.Fprintf(w, "simulate: warning: figure %s: %d run(s) ran out of arrivals before their measured jobs finished, first %s: %s\n",
				f.ID, n[i], f.CellName(jobs[k].cell), short[k])
		}
	}
}

// writeFigureCSVs writes -figure-out: the figure's CSV, or with -figure all one DIR/ID.csv each.
func writeFigureCSVs(fo figureOptions, perFig [][]figure.Row) error {
	if fo.out == "" {
		return nil
	}
	if fo.id == "all" {
		if err := os.MkdirAll(fo.out, 0o755); err != nil {
			return usageError{fmt.Errorf("-figure-out %s: %w", fo.out, err)}
		}
	}
	var files outputFiles
	defer files.discard()
	for i, f := range fo.figs {
		path := fo.partPath(fo.out, f)
		write := func(w io.Writer) error { return f.WriteCSV(w, perFig[i]) }
		if fo.shard.n > 0 {
			write = func(w io.Writer) error { return writePart(w, f, fo.wantMeta(f), perFig[i]) }
		}
		if err := files.write("figure-out", path, write); err != nil {
			return err
		}
	}
	return files.commit()
}

// writeReferenceTable prints a figure's heading, its claims against ours (figure.ClaimsOf: the
// judged claims under their kind of evidence, then the numbers only shown), each verdict's why on
// a line of its own beginning "why:" under it, and the tallies kind by kind; sources are numbered
// below the table (one line each, shared by the references that cite the same one). It returns
// the claims table it printed.
func writeReferenceTable(w io.Writer, f *figure.Figure, rows []figure.Row) (figure.Claims, error) {
	c := figure.ClaimsOf(f, rows)
	fmt.Fprintf(w, "figure %s: %s %s: %s (%s)\n", f.ID, f.Paper, f.Number, f.Caption, plural(len(c.Seeds), "seed"))
	if len(f.Refs) == 0 {
		if len(f.Choices) > 0 { // a sweep file's readings: nothing to judge per reading
			fmt.Fprintf(w, "  %d of %d readings run (%s)\n", len(figure.ReadingsIn(rows)), len(f.Readings()), f.ChoicesText())
		}
		_, err := fmt.Fprintln(w, "  no published reference")
		return c, err
	}
	if c.Reading != "" {
		fmt.Fprintf(w, "  reading %s (%d of %d readings run; every reading below the table)\n", c.Reading,
			len(figure.ReadingsIn(rows)), len(f.Readings()))
	}
	// The rows are aligned as one table; the group headings go between them afterwards (a line
	// without tabs would end tabwriter's columns and misalign the groups).
	var table bytes.Buffer
	tw := tabwriter.NewWriter(&table, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  series\tx\tmetric\treference\tours (95 % CI)\tdifference\tverdict\tpublished value\tsource")
	var sources []string
	headings := map[int]string{} // row index (after the header) → the heading printed before it
	whys := map[int]string{}     // row index → the verdict's why, printed under it
	group := ""
	for row, v := range c.All() {
		r := v.Ref
		if g := figure.Group(v); g != group {
			group, headings[row] = g, g+":"
			if g == "shown" {
				headings[row] = "shown, not judged:"
			}
		}
		if v.Why != "" {
			whys[row] = v.Why
		}
		n := slices.Index(sources, r.SourceText())
		if n < 0 {
			n, sources = len(sources), append(sources, r.SourceText())
		}
		x := r.X
		if r.To != "" {
			x += "→" + r.To
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t[%d]\n", r.Series, dash(x), r.Metric, v.Reference, dash(v.Ours),
			dash(v.Difference), v.Verdict, dash(v.Published()), n+1)
	}
	if err := tw.Flush(); err != nil {
		return c, err
	}
	for i, line := range strings.Split(strings.TrimSuffix(table.String(), "\n"), "\n") {
		if h, ok := headings[i-1]; ok {
			fmt.Fprintf(w, "  %s\n", h)
		}
		fmt.Fprintln(w, line)
		if why, ok := whys[i-1]; ok {
			fmt.Fprintf(w, "why: %s\n", why)
		}
	}
	for _, line := range c.Tallies.Lines() {
		fmt.Fprintf(w, "  tally, %s\n", line)
	}
	for i, s := range sources {
		fmt.Fprintf(w, "  [%d] %s\n", i+1, s)
	}
	if len(f.Choices) > 0 {
		if err := writeReadings(w, f, rows, sources); err != nil {
			return c, err
		}
	}
	_, err := fmt.Fprintln(w)
	return c, err
}

// writeReadings prints, for a figure with choices, each claim's verdicts under every reading the
// rows hold and its summary line (figure.MatrixOf); sources are numbered as in the table above.
func writeReadings(w io.Writer, f *figure.Figure, rows []figure.Row, sources []string) error {
	m := figure.MatrixOf(f, rows)
	fmt.Fprintf(w, "  per reading (%s):\n", f.ChoicesText())
	for _, cr := range m.Claims {
		r := cr.Ref
		what := r.Series + " " + r.Metric
		if r.Baseline != "" && r.Kind != figure.Absolute {
			what += " vs " + r.Baseline
		}
		switch {
		case r.To != "":
			what += ", " + f.Sweep.Name + " " + r.X + "→" + r.To
		case r.X != "":
			what += ", " + f.Sweep.Name + " " + r.X
		}
		fmt.Fprintf(w, "  %s (%s) [%d]: %s\n", what, r.Evidence, slices.Index(sources, r.SourceText())+1, cr.Summary)
		var table bytes.Buffer
		tw := tabwriter.NewWriter(&table, 0, 0, 2, ' ', 0)
		for k, v := range cr.Verdicts {
			fmt.Fprintf(tw, "    %s\t%s\t%s\t%s\n", m.Readings[k].Name, v.Ref.Metric, dash(v.Ours), v.Verdict)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		if _, err := w.Write(table.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// openTrace opens a cell's trace file, resolving "data:REL" like -trace and -scenario do.
func openTrace(spec scenario.Spec) (io.ReadCloser, error) {
	path, err := resolveData(spec.Trace)
	if err != nil {
		return nil, err
	}
	return os.Open(path)
}

// runOrder is the order in which the runs are handed to the workers: figure by figure, each in
// figure.RunOrder, so that the runs sharing a workload come one after another.
func runOrder(jobs []job, runs [][]int) []int {
	order := make([]int, len(runs))
	for r := range order {
		order[r] = r
	}
	slices.SortStableFunc(order, func(a, b int) int {
		x, y := jobs[runs[a][0]], jobs[runs[b][0]]
		return cmp.Or(cmp.Compare(x.fig, y.fig), cmp.Compare(x.cell.X, y.cell.X), cmp.Compare(x.cell.Seed, y.cell.Seed),
			cmp.Compare(x.cell.S, y.cell.S))
	})
	return order
}
