package houserules

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"schedlab/policies"
)

// mdLink is a markdown link's target: a relative path, an optional #anchor (web links are left out).
var mdLink = regexp.MustCompile(`\]\(([^)#:\s]*)(#[^)\s]*)?\)`)

// docFiles lists the repository's markdown documents (slash paths from the root) among the files
// the words test reads (repoFiles).
func docFiles(t *testing.T, root string) []string {
	t.Helper()
	return slices.DeleteFunc(repoFiles(t, root), func(f string) bool { return !strings.HasSuffix(f, ".md") })
}

// anchorsOf lists the anchors GitHub gives a document's headings (fenced code skipped).
func anchorsOf(md string) []string {
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

// Every relative link in a document lands on a file and, with an anchor, on a heading; and every
// document is one click from the README, which links it directly.
func TestDocumentLinks(t *testing.T) {
	root := filepath.Join("..", "..")
	docs := docFiles(t, root)
	linked := map[string]bool{}
	for _, doc := range docs {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(doc)))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(string(b), -1) {
			target := doc
			if m[1] != "" {
				target = path.Join(path.Dir(doc), m[1])
			}
			text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(target)))
			if err != nil {
				t.Errorf("%s: link %s: %v", doc, m[0], err)
				continue
			}
			if m[2] != "" && !slices.Contains(anchorsOf(string(text)), m[2][1:]) {
				t.Errorf("%s: link %s: %s has no heading %s", doc, m[0], target, m[2])
			}
			if doc == "README.md" {
				linked[target] = true
			}
		}
	}
	for _, doc := range docs {
		if doc != "README.md" && !linked[doc] {
			t.Errorf("%s: not linked from README.md", doc)
		}
	}
}

// Every family's document, which the policy picker links (policies.Families), is a policies/….md
// file and, with an anchor, has that heading.
func TestFamilyDocuments(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, f := range policies.Families() {
		file, anchor, _ := strings.Cut(f.Doc, "#")
		if !strings.HasPrefix(file, "policies/") || !strings.HasSuffix(file, ".md") {
			t.Errorf("%s: document %q: want a policies/….md path", f.Title, f.Doc)
			continue
		}
		text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
		if err != nil {
			t.Errorf("%s: %v", f.Title, err)
			continue
		}
		if anchor != "" && !slices.Contains(anchorsOf(string(text)), anchor) {
			t.Errorf("%s: %s has no heading with anchor #%s", f.Title, file, anchor)
		}
	}
}

func TestAnchorsOf(t *testing.T) {
	got := anchorsOf("# A-SRPT — Luo, 2025\ntext\n```\n# not a heading\n```\n## Rules and choices (why)\n")
	if want := []string{"a-srpt--luo-2025", "rules-and-choices-why"}; !slices.Equal(got, want) {
		t.Errorf("anchorsOf = %q, want %q", got, want)
	}
}
