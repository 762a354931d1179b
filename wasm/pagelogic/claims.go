package pagelogic

import (
	"fmt"
	"slices"
	"strings"

	"schedlab/policies/figure"
	"schedlab/policies/figure/report"
)

// StoredFigure is what the Claims view reads of a figure run stored in the browser (the store's
// FigureRun): the catalogue id, the seeds and sweep values chosen, how many cells finished, and
// the rows as the figure's CSV.
type StoredFigure struct {
	Figure      string
	Seeds       string
	Xs          []string // the sweep values run (nil: all, or nothing swept)
	Cells, Done int
	Created     int64
	CSV         string
}

// SubFigure is f restricted to the sweep values xs, with only the references about them: the
// figure a run of those values writes its CSV against. With every value (or none) it is f itself.
// Its cells are f's by position among xs only if the caller maps them (the Figures view does).
func SubFigure(f *figure.Figure, xs []string) *figure.Figure {
	if len(xs) == 0 || slices.Equal(xs, f.Sweep.Values) {
		return f
	}
	s := *f
	s.Sweep.Values = slices.Clone(xs)
	s.Refs = nil
	for _, r := range f.Refs {
		if slices.Contains(xs, r.X) && (r.To == "" || slices.Contains(xs, r.To)) {
			s.Refs = append(s.Refs, r)
		}
	}
	return &s
}

// StoredClaims judges the stored figure runs for the Claims view and the report it downloads:
// of each catalogue figure the latest finished run (else the latest partial one, noted as such).
// A run whose figure is no longer in the catalogue, or whose rows no longer read against it (the
// figure changed since it was stored), judges nothing: it is named in problems, and its figure
// is listed as not run unless another run of it reads.
func StoredClaims(catalogue []*figure.Figure, runs []StoredFigure) (tables []report.Table, problems []string) {
	latest := map[string]StoredFigure{}
	var order []string
	for _, r := range runs {
		i := slices.IndexFunc(catalogue, func(f *figure.Figure) bool { return f.ID == r.Figure })
		if i < 0 {
			problems = append(problems, fmt.Sprintf("stored figure %q (seeds %s): not in the catalogue any more; it judges nothing", r.Figure, r.Seeds))
			continue
		}
		sub := SubFigure(catalogue[i], r.Xs)
		if _, err := figure.ReadCSV(sub, "stored figure "+r.Figure, strings.NewReader(r.CSV)); err != nil {
			problems = append(problems, err.Error()+" (stored before the figure changed: run it again in Figures)")
			continue
		}
		old, seen := latest[r.Figure]
		if !seen {
			order = append(order, r.Figure)
		}
		if !seen || better(r, old) {
			latest[r.Figure] = r
		}
	}
	for _, id := range order {
		r := latest[id]
		f := catalogue[slices.IndexFunc(catalogue, func(f *figure.Figure) bool { return f.ID == id })]
		sub := SubFigure(f, r.Xs)
		rows, _ := figure.ReadCSV(sub, "stored figure "+id, strings.NewReader(r.CSV)) // read above
		t := report.Table{Claims: figure.ClaimsOf(sub, rows)}
		if r.Done < r.Cells {
			t.Note = fmt.Sprintf("partial: %d of %d cells", r.Done, r.Cells)
		}
		tables = append(tables, t)
	}
	return tables, problems
}

// better: a finished run beats a partial one, then the later one wins.
func better(a, b StoredFigure) bool {
	af, bf := a.Done >= a.Cells, b.Done >= b.Cells
	if af != bf {
		return af
	}
	return a.Created >= b.Created
}

// BuildVersion is the page's program version: the commit the site was built from (scripts/site.sh
// stamps it), else the one the Go build info records, else a note that none was recorded.
func BuildVersion(commit string) string {
	if commit != "" {
		return "the page's build of commit " + commit
	}
	rev, modified := report.Revision()
	if rev == "" {
		return "the page's build (no commit recorded)"
	}
	if modified {
		rev += "+modified"
	}
	return "the page's build of commit " + rev
}
