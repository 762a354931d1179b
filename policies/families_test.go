package policies

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// Every registered policy is described exactly once, and every family's document (and anchor) exists.
func TestFamiliesDescribeEveryPolicy(t *testing.T) {
	var listed []string
	for _, f := range Families() {
		for _, p := range f.Policies {
			if strings.TrimSpace(p.Doc) == "" || len(p.Doc) > 100 {
				t.Errorf("%s: want a one-line description (≤ 100 bytes), got %q", p.Name, p.Doc)
			}
			listed = append(listed, p.Name)
		}
	}
	slices.Sort(listed)
	names := Builtin().Names()
	slices.Sort(names)
	if !slices.Equal(listed, names) {
		t.Errorf("families list\n%v\nwant the registry's\n%v", listed, names)
	}
	for _, f := range Families() {
		path, anchor, _ := strings.Cut(f.Doc, "#")
		if !strings.HasPrefix(path, "policies/") || !strings.HasSuffix(path, ".md") {
			t.Errorf("%s: document %q: want a policies/….md path", f.Title, f.Doc)
			continue
		}
		text, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(path)))
		if err != nil {
			t.Errorf("%s: %v", f.Title, err)
			continue
		}
		if anchor != "" && !slices.Contains(headingAnchors(string(text)), anchor) {
			t.Errorf("%s: %s has no heading with anchor #%s", f.Title, path, anchor)
		}
	}
}

// headingAnchors lists the anchors GitHub gives a markdown document's headings: lower case,
// spaces to '-', everything but letters, digits, '-' and '_' dropped (fenced code is skipped).
func headingAnchors(md string) []string {
	var out []string
	fence := false
	for line := range strings.Lines(md) {
		if strings.HasPrefix(line, "```") {
			fence = !fence
		}
		h := strings.TrimLeft(line, "#")
		if fence || len(h) == len(line) || !strings.HasPrefix(h, " ") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(h)) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		out = append(out, b.String())
	}
	return out
}

func TestHeadingAnchors(t *testing.T) {
	got := headingAnchors("# A-SRPT — Luo, 2025\ntext\n```\n# not a heading\n```\n## Rules and choices (why)\n")
	want := []string{"a-srpt--luo-2025", "rules-and-choices-why"}
	if !slices.Equal(got, want) {
		t.Errorf("headingAnchors = %q, want %q", got, want)
	}
}
