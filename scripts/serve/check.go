package main

import (
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// References the page makes, found in its text rather than listed by hand: attributes of the HTML
// (script src, stylesheet, module preload, the wasm preload, the icon) and, in JavaScript, static
// and dynamic imports and importScripts (relative to the script), fetch and new Worker (relative
// to the page, or to the script in a worker: a script calling importScripts) with a literal URL.
var (
	htmlRefs   = regexp.MustCompile(`\s(?:src|href)="([^"#?]+)"`)
	scriptRefs = regexp.MustCompile(`(?:\bfrom\s*|\bimport\s*\(?\s*|\bimportScripts\(\s*)['"](` + relURL + `)['"]`)
	pageRefs   = regexp.MustCompile(`(?:\bfetch\(\s*|\bnew Worker\(\s*)['"](` + relURL + `)['"]`)
)

// relURL is a relative URL of a file the page can load.
const relURL = `\.{0,2}/?[\w./-]+\.(?:js|mjs|wasm|css|json)`

// Check fetches the page at base and every file it loads, the way a browser asks for them
// (Accept-Encoding: br, gzip): the files the HTML and scripts name, and every file of the site
// directory dir (so a file only Go code names, such as the worker, is fetched too, and nothing the
// site build wrote goes unchecked). Each must answer 200 with the Content-Type of its extension and
// a body that decodes to the file's bytes on disk. It prints one line per file on out and returns
// an error listing every failure.
func Check(client *http.Client, base, dir string, out io.Writer) error {
	root, err := url.Parse(base)
	if err != nil {
		return fmt.Errorf("check: %s: %w", base, err)
	}
	queue := []string{"", "index.html"} // "": the page's own address
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || isCompressed(p) {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		queue = append(queue, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		return fmt.Errorf("check: %w", err)
	}
	var problems []string
	seen := map[string]bool{}
	for len(queue) > 0 {
		rel := queue[0]
		queue = queue[1:]
		if seen[rel] {
			continue
		}
		seen[rel] = true
		name, file := rel, rel
		if rel == "" {
			name, file = "/", "index.html"
		}
		body, problem := fetch(client, root.JoinPath(rel).String(), name, file, filepath.Join(dir, filepath.FromSlash(file)))
		if problem != "" {
			problems = append(problems, problem)
			fmt.Fprintln(out, "FAIL", problem)
			continue
		}
		fmt.Fprintf(out, "ok   %s (%s, %d bytes)\n", name, ContentType(file), len(body))
		add := func(re *regexp.Regexp, from string) {
			for _, m := range re.FindAllStringSubmatch(string(body), -1) {
				if u, err := url.Parse(m[1]); err == nil && !u.IsAbs() && u.Host == "" {
					queue = append(queue, strings.TrimPrefix(path.Join(path.Dir("/"+from), u.Path), "/"))
				}
			}
		}
		switch path.Ext(file) {
		case ".html":
			add(htmlRefs, file)
		case ".js", ".mjs":
			add(scriptRefs, file)
			if strings.Contains(string(body), "importScripts(") {
				add(pageRefs, file) // a worker: its own URL is the base
			} else {
				add(pageRefs, "index.html")
			}
		}
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		return fmt.Errorf("check: %d of %d files failed:\n%s", len(problems), len(seen), strings.Join(problems, "\n"))
	}
	return nil
}

// fetch GETs one file (rel names it in problems, typ is its file name) and compares it with its
// copy on disk; problem is "" when all is well.
func fetch(client *http.Client, u, rel, typ, file string) (body []byte, problem string) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Sprintf("%s: %v", rel, err)
	}
	req.Header.Set("Accept-Encoding", "br, gzip")
	res, err := client.Do(req)
	if err != nil {
		return nil, fmt.Sprintf("%s: %v", rel, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Sprintf("%s: status %s, want 200", rel, res.Status)
	}
	if got, want := res.Header.Get("Content-Type"), ContentType(typ); got != want {
		return nil, fmt.Sprintf("%s: Content-Type %q, want %q", rel, got, want)
	}
	want, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Sprintf("%s: named by the page but not in the site: %v", rel, err)
	}
	var r io.Reader = res.Body
	switch enc := res.Header.Get("Content-Encoding"); enc {
	case "":
	case "gzip":
		if r, err = gzip.NewReader(res.Body); err != nil {
			return nil, fmt.Sprintf("%s: gzip: %v", rel, err)
		}
	case "br":
		// No brotli decoder in the standard library: the served bytes must be the site's X.br.
		if want, err = os.ReadFile(file + ".br"); err != nil {
			return nil, fmt.Sprintf("%s: served br without %s.br on disk", rel, rel)
		}
	default:
		return nil, fmt.Sprintf("%s: Content-Encoding %q", rel, enc)
	}
	got, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Sprintf("%s: reading the body: %v", rel, err)
	}
	if string(got) != string(want) {
		return nil, fmt.Sprintf("%s: body (%d bytes) differs from the file (%d bytes)", rel, len(got), len(want))
	}
	if res.Header.Get("Content-Encoding") == "br" {
		if got, err = os.ReadFile(file); err != nil {
			return nil, fmt.Sprintf("%s: %v", rel, err)
		}
	}
	return got, ""
}
