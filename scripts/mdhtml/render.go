package main

import (
	"bytes"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// renderTree renders every .md file under dir (site-relative paths) and returns how many.
func renderTree(dir string) (int, error) {
	site := os.DirFS(dir)
	var docs []string
	err := fs.WalkDir(site, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			docs = append(docs, p)
		}
		return err
	})
	if err != nil {
		return 0, err
	}
	// A document may link to a repository file the site does not carry (LICENSE, an example
	// script, a Go file): serve copies it from the repository (the working directory) into the
	// site, so that every link of a rendered page answers.
	exists := func(p string) bool {
		if _, err := fs.Stat(site, p); err == nil {
			return true
		}
		b, err := os.ReadFile(filepath.FromSlash(p))
		if err != nil {
			return false
		}
		dst := filepath.Join(dir, filepath.FromSlash(p))
		return os.MkdirAll(filepath.Dir(dst), 0o755) == nil && os.WriteFile(dst, b, 0o644) == nil
	}
	for _, p := range docs {
		src, err := fs.ReadFile(site, p)
		if err != nil {
			return 0, err
		}
		out, err := render(p, src, exists)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", p, err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(strings.TrimSuffix(p, ".md")+".html")), out, 0o644); err != nil {
			return 0, err
		}
	}
	return len(docs), nil
}

var md = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithParserOptions(parser.WithAutoHeadingID()),
)

// render turns the document at site path p into a page. exists says whether a site path is served.
func render(p string, src []byte, exists func(string) bool) ([]byte, error) {
	doc := md.Parser().Parse(text.NewReader(src))
	title := "schedlab"
	err := ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if title == "schedlab" && n.Level == 1 {
				title = plainText(n, src)
			}
		case *ast.Link:
			n.Destination = []byte(pageLink(p, string(n.Destination), exists))
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		return nil, err
	}
	var body bytes.Buffer
	if err := md.Renderer().Render(&body, src, doc); err != nil {
		return nil, err
	}
	up := strings.Repeat("../", strings.Count(p, "/")) // from the page's directory to the site's root
	if up == "" {
		up = "./"
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%s — schedlab</title>
<link rel="icon" href="%sstatic/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="%sstatic/app.css">
</head>
<body class="doc">
<header><h1><a href="%s">schedlab</a></h1><span>GPU-cluster scheduling for deep-learning training, simulated in your browser</span>
<nav class="views"><a href="%s">Simulator</a><a href="%sstatic/guide.html">Guide</a></nav></header>
<main class="docpage">
<article>
`, html.EscapeString(title), up, up, up, up, up)
	b.Write(body.Bytes())
	b.WriteString("</article>\n</main>\n</body>\n</html>\n")
	return b.Bytes(), nil
}

// pageLink rewrites a relative link from the document at p to another served document (A.md,
// A.md#part) into a link to its page; every other link comes back unchanged. exists is asked
// about every relative target (it may bring a repository file onto the site).
func pageLink(p, dest string, exists func(string) bool) string {
	if dest == "" || strings.HasPrefix(dest, "#") || strings.HasPrefix(dest, "/") || strings.Contains(dest, ":") {
		return dest
	}
	target, frag, _ := strings.Cut(dest, "#")
	if !exists(path.Join(path.Dir(p), target)) || !strings.HasSuffix(target, ".md") {
		return dest
	}
	out := strings.TrimSuffix(target, ".md") + ".html"
	if frag != "" {
		out += "#" + frag
	}
	return out
}

// plainText is the text of n's inline children (a heading's words, without its markup).
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			b.Write(t.Segment.Value(src))
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}
