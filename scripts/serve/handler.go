package main

import (
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
)

// CSP is the Content-Security-Policy sent with every response. It allows the app's own scripts,
// WebAssembly compilation ('wasm-unsafe-eval', which does not enable JS eval), workers started
// from the app's origin or from blob URLs, and images from data/blob URLs (chart exports); nothing
// from another origin, no inline scripts or styles, no eval.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
	"img-src 'self' data: blob:; worker-src 'self' blob:; connect-src 'self'; " +
	"object-src 'none'; base-uri 'none'"

// encodings lists the precompressed variants the server looks for, best first.
var encodings = [...]struct{ coding, ext string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// contentTypes pins the types the app depends on, so they do not vary with the machine's
// /etc/mime.types; other extensions fall back to package mime.
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".wasm":        "application/wasm",
	".json":        "application/json",
	".map":         "application/json",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".ico":         "image/x-icon",
	".txt":         "text/plain; charset=utf-8",
	".md":          "text/plain; charset=utf-8", // the documents, shown as text (the page links them)
	".webmanifest": "application/manifest+json",
	".gz":          "application/gzip",
	".br":          "application/octet-stream",
}

// Handler serves the files under one directory. It never lists directories, never follows a
// path or symlink out of the directory (os.Root enforces that), and prefers a precompressed
// sibling (X.br, X.gz) when the client accepts its encoding.
type Handler struct {
	root *os.Root
}

// NewHandler returns a Handler serving dir, which must exist and be a directory.
func NewHandler(dir string) (*Handler, error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("%s: not a directory", dir)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &Handler{root: root}, nil
}

// Close releases the directory handle.
func (h *Handler) Close() error { return h.root.Close() }

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	hdr.Set("Content-Security-Policy", CSP)
	hdr.Set("X-Content-Type-Options", "nosniff")
	hdr.Set("Referrer-Policy", "no-referrer")
	hdr.Set("Cache-Control", "no-cache")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hdr.Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}
	upath := r.URL.Path
	if !strings.HasPrefix(upath, "/") {
		upath = "/" + upath
	}
	// Cleaning a rooted path drops every ".." that would climb above "/".
	rel := strings.TrimPrefix(path.Clean(upath), "/")
	if rel == "" {
		rel = "."
	}
	if !fs.ValidPath(rel) {
		http.NotFound(w, r)
		return
	}
	fi, err := h.root.Stat(rel)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	if fi.IsDir() {
		if !strings.HasSuffix(upath, "/") {
			target := upath + "/"
			if r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			http.Redirect(w, r, target, http.StatusFound)
			return
		}
		rel = path.Join(rel, "index.html")
		if fi, err = h.root.Stat(rel); err != nil {
			http.NotFound(w, r)
			return
		}
	}
	if !fi.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	h.serveFile(w, r, rel, fi)
}

// serveFile sends rel (or its best acceptable precompressed variant) with its own Content-Type.
func (h *Handler) serveFile(w http.ResponseWriter, r *http.Request, rel string, fi fs.FileInfo) {
	hdr := w.Header()
	name, coding := rel, ""
	if !isCompressed(rel) {
		hdr.Add("Vary", "Accept-Encoding")
		accept := r.Header.Get("Accept-Encoding")
		for _, e := range encodings {
			if !Accepts(accept, e.coding) {
				continue
			}
			if cfi, err := h.root.Stat(rel + e.ext); err == nil && cfi.Mode().IsRegular() {
				name, coding, fi = rel+e.ext, e.coding, cfi
				break
			}
		}
	}
	f, err := h.root.Open(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	hdr.Set("Content-Type", ContentType(rel))
	if coding != "" {
		hdr.Set("Content-Encoding", coding)
	}
	hdr.Set("ETag", fmt.Sprintf(`"%x-%x-%s"`, fi.ModTime().UnixNano(), fi.Size(), coding))
	http.ServeContent(w, r, rel, fi.ModTime(), f)
}

// isCompressed reports whether name is itself a compressed variant.
func isCompressed(name string) bool {
	for _, e := range encodings {
		if strings.HasSuffix(name, e.ext) {
			return true
		}
	}
	return false
}

// ContentType returns the Content-Type for a file name, by extension.
func ContentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

// Accepts reports whether an Accept-Encoding header value allows the content coding: it must be
// listed (or matched by "*") with a q value above zero; an explicit entry beats "*".
func Accepts(header, coding string) bool {
	explicit, wildcard := -1.0, -1.0
	for part := range strings.SplitSeq(header, ",") {
		fields := strings.Split(part, ";")
		name := strings.ToLower(strings.TrimSpace(fields[0]))
		q := 1.0
		for _, p := range fields[1:] {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil {
					f = 0
				}
				q = f
			}
		}
		switch name {
		case coding:
			explicit = q
		case "*":
			wildcard = q
		}
	}
	if explicit >= 0 {
		return explicit > 0
	}
	return wildcard > 0
}
