package main

import (
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	served := map[string]bool{"policies/WRITING.md": true, "README.md": true, "static/guide.md": true}
	exists := func(p string) bool { return served[p] }
	src := "# The *page*: a guide\n\nSee [writing](../policies/WRITING.md#policies-as-scripts), " +
		"[the readme](../README.md), [missing](../nowhere.md), [code](../core/sim/engine.go), " +
		"[out](https://example.org/a.md) and [here](#the-page-a-guide).\n\n## Policies as scripts\n\n" +
		"| a | b |\n|---|---|\n| 1 | 2 |\n\n<script>alert(1)</script>\n"
	out, err := render("static/guide.md", []byte(src), exists)
	if err != nil {
		t.Fatal(err)
	}
	page := string(out)
	for _, want := range []string{
		`<title>The page: a guide — schedlab</title>`,
		`href="../static/app.css"`,
		`href="../policies/WRITING.html#policies-as-scripts"`,
		`href="../README.html"`,
		`href="../nowhere.md"`, // not served: left as written
		`href="../core/sim/engine.go"`,
		`href="https://example.org/a.md"`,
		`href="#the-page-a-guide"`,
		`<h2 id="policies-as-scripts">`,
		`<table>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s:\n%s", want, page)
		}
	}
	if strings.Contains(page, "<script>alert") {
		t.Errorf("raw HTML passed through:\n%s", page)
	}
	top, err := render("README.md", []byte("# schedlab\n"), exists)
	if err != nil || !strings.Contains(string(top), `href="./static/app.css"`) {
		t.Errorf("a root document's stylesheet link: %v\n%s", err, top)
	}
}
