package houserules

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// processWords are words of how the product was built, which have no place in what a user reads:
// README and docs, code comments and the strings the page and the runner show. Add a rule with one
// line. The expressions are written so that they do not match their own text in this file.
var processWords = []struct {
	why string
	re  *regexp.Regexp
}{
	{"an issue number", regexp.MustCompile(`(?i)\bissues?\s*#?[0-9]+`)},
	// A private note's tag or section cannot be looked up: cite the paper, the artifact's file at its
	// commit, or a re-run of the authors' simulator with its command.
	{"a private note's tag", regexp.MustCompile(`\[(SRC|INF|CODE|MEM|RUN)\b`)},
	{"a private specification's section", regexp.MustCompile(`(?i)\bspec\s*§`)},
	{"a sitting of work", regexp.MustCompile(`(?i)\bsess[i]ons?\b`)},
	{"a note to the team lead", regexp.MustCompile(`(?i)\b(by|for|to) the lea[d]\b`)},
	// A calendar date is a measurement's date unless it is Go's reference layout (2006-01-02) or
	// a date-time with seconds, as trace rows and format examples are written.
	{"a date of measurement", regexp.MustCompile(`\b20[0-9][0-9]-[01][0-9]-[0-3][0-9]\b([ T][0-9]{2}:[0-9]{2}:[0-9]{2})?`)},
}

// productTextExt are the files whose whole text a user may read: documents, code (comments and
// strings), the page.
var productTextExt = []string{".md", ".go", ".html", ".js", ".mjs", ".css", ".sh"}

// processWordHits lists the lines of text that hold a process word, as "line: why: match".
func processWordHits(text string) []string {
	var hits []string
	for i, line := range strings.Split(text, "\n") {
		for _, w := range processWords {
			for _, m := range w.re.FindAllStringSubmatch(line, -1) {
				if w.why == "a date of measurement" && (strings.HasPrefix(m[0], "2006-01-02") || m[1] != "") {
					continue
				}
				hits = append(hits, strconv.Itoa(i+1)+": "+w.why+": "+m[0])
			}
		}
	}
	return hits
}

// repoFiles lists the repository's files, as slash paths from root, leaving out build/ outputs,
// testdata/, hidden directories and node_modules: the files the house rules on words and documents read.
func repoFiles(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (rel == "build" || d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		out = append(out, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestNoProcessWordsInProductText reads the repository's files (repoFiles) and fails on every
// process word in product text, with file and line.
func TestNoProcessWordsInProductText(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, rel := range repoFiles(t, root) {
		if path.Base(rel) != "Makefile" && !slices.Contains(productTextExt, path.Ext(rel)) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range processWordHits(string(b)) {
			t.Errorf("%s:%s", rel, h)
		}
	}
}

// The rules catch what they are for and leave trace data and Go layouts alone.
func TestProcessWordHits(t *testing.T) {
	bad := []string{
		"see iss" + "ue 5", "(Iss" + "ue #14)", "iss" + "ues 3 and 4", "in the same sess" + "ion",
		"merged by the lea" + "d", "paper [S" + "RC]", "[I" + "NF from the profiles]", "[CO" + "DE profiles]", "[M" + "EM, unverified]", "[R" + "UN]",
		"sp" + "ec §4.6", "Sp" + "ec § 8", "measured 2026" + "-11-24 on this machine", "(2026" + "-11-23 21:51 UTC)",
	}
	for _, s := range bad {
		if len(processWordHits(s)) != 1 {
			t.Errorf("%q: want one hit, got %q", s, processWordHits(s))
		}
	}
	good := []string{
		"2017-10-09 07:01:55,66.0,1,66.0,11cb48", `time.Format("2006-01-02 15:04")`, "sessionStorage",
		"2023-03-01T00:23:58+08:00", "the leading job", "an issue of scale", "Mohan et al., OSDI 2022, §6", "[CODEC]", "the specification of the workload",
	}
	for _, s := range good {
		if h := processWordHits(s); len(h) != 0 {
			t.Errorf("%q: want no hit, got %q", s, h)
		}
	}
}
