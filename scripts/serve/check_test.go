package main

import (
	"bytes"
	"compress/gzip"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeSite writes files (name → body) under a new directory and returns it.
func writeSite(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, files)
	return dir
}

// writeFiles writes files (name → body, slash-separated, parents made) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func gz(t *testing.T, s string) string {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// checkSite serves dir with the real handler and runs Check on it.
func checkSite(t *testing.T, dir string) (string, error) {
	t.Helper()
	h, err := NewHandler(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	srv := httptest.NewServer(h)
	defer srv.Close()
	var out bytes.Buffer
	err = Check(srv.Client(), srv.URL+"/", dir, &out)
	return out.String(), err
}

func TestCheckFollowsThePageReferences(t *testing.T) {
	boot := "import * as c from './charts.js';\nWebAssembly.instantiateStreaming(fetch('app.wasm'))"
	files := map[string]string{
		"index.html":        `<link rel="stylesheet" href="static/app.css"><script type="module" src="static/boot.js"></script>`,
		"index.html.gz":     gz(t, `<link rel="stylesheet" href="static/app.css"><script type="module" src="static/boot.js"></script>`),
		"static/app.css":    "body{}",
		"static/boot.js":    boot,
		"static/boot.js.br": "BROTLI BYTES", // served as is to a client that accepts br
		"static/charts.js":  "export const x = 1; import('./lazy.js')",
		"static/lazy.js":    "export {}",
		"static/worker.js":  "importScripts('../wasm_exec.js'); fetch('../app.wasm')",
		"wasm_exec.js":      "// go",
		"app.wasm":          "\x00asm",
	}
	out, err := checkSite(t, writeSite(t, files))
	if err != nil {
		t.Fatalf("got %v\n%s", err, out)
	}
	for _, want := range []string{"ok   / (text/html", "ok   app.wasm (application/wasm", "ok   static/lazy.js (text/javascript",
		"ok   wasm_exec.js", "ok   static/boot.js"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}

	// A file the page names but the site lacks, a worker's fetch resolved against the worker,
	// and a precompressed variant that does not match its file.
	files["static/boot.js"] = boot + "\nimport('./gone.js')"
	files["static/worker.js"] = "importScripts('../wasm_exec.js'); fetch('missing.wasm')"
	files["index.html.gz"] = gz(t, "stale")
	_, err = checkSite(t, writeSite(t, files))
	for _, want := range []string{"static/gone.js: status 404", "static/missing.wasm: status 404", "index.html: body"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want it to name %q", err, want)
		}
	}
}
