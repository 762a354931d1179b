package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"schedlab/policies/figure"
)

// A shard is the runs of a figure whose first cell's canonical index is I mod N (figure.Shard):
// a cluster array job runs one per task (-shard I/N), and -merge joins the parts into the bytes an
// unsharded run writes. The cells that share a run (readings a series' policy does not read) are in
// one shard, so no run is made twice; taking every N-th run rather than a contiguous block spreads
// each sweep value's runs — and so the slow high-load ones — over all tasks.
type shard struct{ i, n int } // n == 0: not sharded

// maxShards bounds N (a cluster array is at most a few thousand tasks; more is a typo).
const maxShards = 100_000

func parseShard(s string) (shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || n > maxShards || i < 0 || i >= n {
		return shard{}, fmt.Errorf("-shard %q: want I/N with 0 ≤ I < N ≤ %d", s, maxShards)
	}
	return shard{i, n}, nil
}

func (s shard) String() string { return fmt.Sprintf("%d/%d", s.i, s.n) }

// of returns the cells of f's cells that belong to s (all of them when not sharded).
func (s shard) of(f *figure.Figure, cells []figure.Cell) ([]figure.Cell, error) {
	if s.n == 0 {
		return cells, nil
	}
	return f.Shard(cells, s.i, s.n)
}

// partPrefix starts a part's first line, the metadata that -merge checks: which figure, seeds,
// shard, program version and (for a sweep file) which file content made it. The rest of the part is
// the figure CSV of the shard's cells, so a part reads like any figure CSV after its first line.
const partPrefix = "# schedlab part:"

// partMeta is a part's metadata.
type partMeta struct {
	figure, seeds, version string
	sweep                  string // the sweep file's content hash; "" for a catalogue figure
	scripts                string // the -policy-file scripts' hash (scriptsHash); "" without any
	readings               string // the -reading filter ("all" when not given)
	shard                  shard
}

func (m partMeta) String() string {
	s := fmt.Sprintf("%s figure=%s seeds=%s shard=%s version=%s", partPrefix, m.figure, m.seeds, m.shard, m.version)
	if m.sweep != "" {
		s += " sweep=" + m.sweep
	}
	if m.scripts != "" {
		s += " scripts=" + m.scripts
	}
	return s + " readings=" + m.readings
}

// parsePartMeta reads a part's first line.
func parsePartMeta(line string) (partMeta, error) {
	rest, ok := strings.CutPrefix(line, partPrefix)
	if !ok {
		return partMeta{}, fmt.Errorf("first line %.60q: not a part (a part starts with %q; merge the parts -shard wrote)", line, partPrefix)
	}
	var m partMeta
	for _, kv := range strings.Fields(rest) {
		k, v, _ := strings.Cut(kv, "=")
		var err error
		switch k {
		case "figure":
			m.figure = v
		case "seeds":
			m.seeds = v
		case "version":
			m.version = v
		case "sweep":
			m.sweep = v
		case "scripts":
			m.scripts = v
		case "readings":
			m.readings = v
		case "shard":
			m.shard, err = parseShard(v)
		default:
			err = fmt.Errorf("unknown key %q", k)
		}
		if err != nil {
			return m, fmt.Errorf("part metadata: %v", err)
		}
	}
	if m.figure == "" || m.seeds == "" || m.version == "" || m.shard.n == 0 || m.readings == "" {
		return m, fmt.Errorf("part metadata %q: figure, seeds, shard, version and readings are required", line)
	}
	return m, nil
}

// programVersion identifies the running binary by the SHA-256 of its own file (first 16 hex digits).
// A content hash, unlike the VCS revision in the build info, also tells apart two builds of the same
// commit with different uncommitted changes or toolchains — any of which can change a result — while
// every array task running one shared binary agrees on it.
func programVersion() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("the program version (a hash of the runner binary): %w", err)
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", fmt.Errorf("the program version (a hash of the runner binary): %w", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("the program version (a hash of %s): %w", exe, err)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// contentHash is the first 16 hex digits of data's SHA-256 (a sweep file's identity in a part).
func contentHash(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])[:16]
}

// writePart writes the metadata line then the figure CSV of rows.
func writePart(w io.Writer, f *figure.Figure, m partMeta, rows []figure.Row) error {
	if _, err := io.WriteString(w, m.String()+"\n"); err != nil {
		return err
	}
	return f.WriteCSV(w, rows)
}

// readPart reads a part of figure f from path: its metadata, which must come from the run want
// describes (sameRun), then its rows, checked by figure.ReadCSV, whose line numbers stay the
// file's own.
func readPart(f *figure.Figure, path string, want partMeta) (partMeta, []figure.Row, error) {
	file, err := os.Open(path)
	if err != nil {
		return partMeta{}, nil, err
	}
	defer file.Close()
	br := bufio.NewReader(file)
	first, err := br.ReadString('\n')
	if err != nil && first == "" {
		return partMeta{}, nil, fmt.Errorf("%s: empty: not a part", path)
	}
	m, err := parsePartMeta(strings.TrimRight(first, "\r\n"))
	if err != nil {
		return m, nil, fmt.Errorf("%s:1: %w", path, err)
	}
	if err := sameRun(path, m, want); err != nil {
		return m, nil, err
	}
	// An empty first line keeps ReadCSV's line numbers the file's (the CSV reader skips it).
	rows, err := figure.ReadCSV(f, path, io.MultiReader(strings.NewReader("\n"), br))
	return m, rows, err
}

// partCoverage compares the cells a part's rows hold with the cells of its shard: missing are
// shard cells without all of f's metrics, foreign are cells of other shards (or seeds) it holds.
func partCoverage(f *figure.Figure, want []figure.Cell, rows []figure.Row) (missing, foreign []figure.Cell) {
	type key struct {
		r, x, s int
		seed    uint64
	}
	count := map[key]int{}
	for _, r := range rows {
		count[key{r.R, r.X, r.S, r.Seed}]++
	}
	for _, c := range want {
		k := key{c.R, c.X, c.S, c.Seed}
		if count[k] != len(f.Metrics) {
			missing = append(missing, c)
		}
		delete(count, k)
	}
	figure.SortRows(rows)
	for _, r := range rows {
		if k := (key{r.R, r.X, r.S, r.Seed}); count[k] > 0 {
			foreign = append(foreign, figure.Cell{Index: -1, R: r.R, X: r.X, S: r.S, Seed: r.Seed})
			delete(count, k)
		}
	}
	return missing, foreign
}

// describeCells names up to five cells ("cell 6 (rate=8, series fifo, seed 2)") and counts the rest.
func describeCells(f *figure.Figure, cells []figure.Cell) string {
	var parts []string
	for i, c := range cells {
		if i == 5 {
			parts = append(parts, fmt.Sprintf("and %d more", len(cells)-5))
			break
		}
		d := f.CellName(c)
		if c.Index >= 0 {
			d = fmt.Sprintf("cell %d (%s)", c.Index, d)
		} else {
			d = "(" + d + ")"
		}
		parts = append(parts, d)
	}
	return strings.Join(parts, ", ")
}

// splitMerge takes the part names that follow -merge out of args (up to the next flag), so
// `-merge out/part-*.csv -figure-out fig.csv` reads as a shell glob expands it; the flag package
// would stop at the first name.
func splitMerge(args []string) (rest, parts []string) {
	for k := 0; k < len(args); k++ {
		rest = append(rest, args[k])
		if args[k] != "-merge" && args[k] != "--merge" {
			continue
		}
		for k+1 < len(args) && !strings.HasPrefix(args[k+1], "-") {
			k++
			parts = append(parts, args[k])
		}
	}
	return rest, parts
}

// parseShardFlags checks -shard and -merge, and fixes the program version their parts carry.
func parseShardFlags(o *figureOptions, set map[string]bool, shardS string) error {
	switch {
	case set["shard"] && set["merge"]:
		return usageError{fmt.Errorf("-shard runs one part and -merge joins them: give one of them")}
	case set["merge"] && len(o.merge) == 0:
		return usageError{fmt.Errorf("-merge: name the parts, e.g. -merge out/part-*.csv")}
	case (set["shard"] || set["merge"]) && o.out == "":
		return usageError{fmt.Errorf("-shard and -merge write -figure-out: give it")}
	case !set["shard"] && !set["merge"]:
		return nil
	}
	if set["shard"] {
		s, err := parseShard(shardS)
		if err != nil {
			return usageError{err}
		}
		o.shard = s
	}
	v, err := programVersion()
	if err != nil {
		return err
	}
	o.version = v
	return nil
}
