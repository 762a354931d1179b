package trace

import (
	"errors"
	"fmt"
	"io"

	"schedlab/core"
)

// Limits bound what one import may hold in memory. Jobs are counted as lines (a header, blank
// lines and quoted line breaks count too, so the bound is conservative); a line longer than
// MaxLineBytes stops the import before it is buffered whole.
type Limits struct {
	MaxJobs      int // 0 = DefaultMaxJobs
	MaxLineBytes int // 0 = DefaultMaxLineBytes
}

// Import memory budget. A parsed job is a core.Job (≈210 bytes) plus its id text, and the job
// list is copied once at the end of a read, so an import needs about BytesPerJob bytes per job
// at its peak (measured: see the package documentation). DefaultMaxJobs, the native runner's
// bound, admits Helios' 3.36 M jobs: its import peaks near 2.75 GB, and a run needs about as much
// again. The page sets its own, lower bound (wasm/worker), which leaves room in wasm32's 4 GB.
const (
	BytesPerJob         = 550
	DefaultMaxJobs      = 5_000_000
	DefaultMaxLineBytes = 1 << 20
)

// errLimit is returned by guard once a bound is crossed; Registry.ReadLimited turns it into a
// located error.
var errLimit = errors.New("import limit")

// guard counts lines and stops the reader at the limits.
type guard struct {
	r        io.Reader
	lim      Limits
	line     int // completed lines
	lineLen  int // bytes of the current line so far
	tripped  string
	trippedL int
}

func (g *guard) Read(p []byte) (int, error) {
	if g.tripped != "" {
		return 0, errLimit
	}
	n, err := g.r.Read(p)
	for i := 0; i < n; i++ {
		if p[i] == '\n' {
			g.line++
			g.lineLen = 0
			if g.line > g.lim.MaxJobs+1 {
				g.trip(g.line, fmt.Sprintf("more than %d lines: the import limit is %d jobs (about %d bytes each)",
					g.lim.MaxJobs+1, g.lim.MaxJobs, BytesPerJob))
				return i + 1, errLimit
			}
			continue
		}
		g.lineLen++
		if g.lineLen > g.lim.MaxLineBytes {
			g.trip(g.line+1, fmt.Sprintf("line longer than %d bytes", g.lim.MaxLineBytes))
			return i + 1, errLimit
		}
	}
	return n, err
}

func (g *guard) trip(line int, msg string) {
	g.tripped, g.trippedL = msg, line
}

// ReadLimited is Read within lim: an input over a bound is refused with "name:line: input: …"
// instead of exhausting memory.
func (r Registry) ReadLimited(name string, rd io.Reader, format string, models *core.Models, lim Limits) ([]core.Job, []string, error) {
	if lim.MaxJobs <= 0 {
		lim.MaxJobs = DefaultMaxJobs
	}
	if lim.MaxLineBytes <= 0 {
		lim.MaxLineBytes = DefaultMaxLineBytes
	}
	g := &guard{r: rd, lim: lim}
	jobs, warns, err := r.read(name, g, format, models)
	if g.tripped != "" {
		return nil, nil, fmt.Errorf("%s:%d: input: %s", name, g.trippedL, g.tripped)
	}
	return jobs, warns, err
}
