package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCompressTree(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"index.html":     strings.Repeat("<p>hello</p>\n", 200),
		"static/app.js":  strings.Repeat("console.log(1);\n", 100),
		"small.css":      "a{}",
		"image.png":      strings.Repeat("x", 5000),
		"random.wasm":    string(noise(4096)),
		"random.wasm.gz": "stale",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	n, saved, err := compressTree(dir, 512)
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 || saved <= 0 {
		t.Errorf("compressTree: got %d files, %d bytes saved; want 2 files, >0 saved", n, saved)
	}
	for name, want := range map[string]bool{
		"index.html.gz": true, "static/app.js.gz": true, "small.css.gz": false,
		"image.png.gz": false, "random.wasm.gz": false,
	} {
		_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name)))
		if got := err == nil; got != want {
			t.Errorf("%s exists: got %v, want %v", name, got, want)
		}
	}
	gz, err := os.ReadFile(filepath.Join(dir, "index.html.gz"))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != files["index.html"] {
		t.Errorf("round trip: got %d bytes, want the original %d", len(got), len(files["index.html"]))
	}
}

func TestGzipDeterministic(t *testing.T) {
	data := []byte(strings.Repeat("same input, same bytes ", 100))
	a, err := gzipBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	b, err := gzipBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Errorf("gzipBytes: got two different outputs for one input")
	}
}

// noise returns n incompressible bytes from a fixed xorshift sequence.
func noise(n int) []byte {
	out := make([]byte, n)
	x := uint64(88172645463325252)
	for i := range out {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		out[i] = byte(x)
	}
	return out
}
