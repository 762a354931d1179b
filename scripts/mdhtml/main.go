// Command mdhtml renders the site's Markdown documents to HTML pages at build time: every X.md
// under the site directory gets an X.html beside it, styled like the app (static/app.css), so
// that the Guide link, the policy-writing guide and the family documents the page links open as
// pages rather than as raw Markdown. scripts/site.sh runs it after copying the documents:
//
//	go run ./scripts/mdhtml build/site
//
// Rendering is github.com/yuin/goldmark (CommonMark with GitHub's tables, autolinks and
// strikethrough; headings get GitHub-style ids, so "#policies-as-scripts" works). Raw HTML in a
// document is dropped, not passed through. A relative link to a document served on the site
// (A.md, A.md#part) is rewritten to its page (A.html, A.html#part); other links are kept, and a
// repository file a document links to that the site lacks (LICENSE, an example script) is copied
// onto the site, so that every link answers.
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: mdhtml SITE_DIR")
		os.Exit(2)
	}
	n, err := renderTree(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "mdhtml:", err)
		os.Exit(1)
	}
	fmt.Printf("mdhtml: %d documents rendered to HTML\n", n)
}
