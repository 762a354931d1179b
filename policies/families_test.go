package policies

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Every registered policy is described exactly once, and every family's README heading exists.
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
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range Families() {
		if !strings.Contains(string(readme), "\n### "+f.README+"\n") {
			t.Errorf("%s: README has no heading %q", f.Title, f.README)
		}
	}
}
