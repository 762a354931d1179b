package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// newSite writes a small site into a temporary directory (with a secret file beside it that must
// never be served) and returns a Handler for it.
func newSite(t *testing.T) *Handler {
	t.Helper()
	base := t.TempDir()
	site := filepath.Join(base, "site")
	files := map[string]string{
		"index.html":           "<!doctype html><title>home</title>",
		"app.wasm":             "WASM-IDENTITY",
		"app.wasm.gz":          "WASM-GZIP",
		"app.wasm.br":          "WASM-BROTLI",
		"static/style.css":     "body{}",
		"static/style.css.gz":  "CSS-GZIP",
		"static/worker.js":     "postMessage(1)",
		"sub/index.html":       "<p>sub</p>",
		"data.bin":             "\x00\x01",
		"emptydir/.keep":       "",
		"../secret.txt":        "TOP SECRET",
		"static/chart.mjs":     "export {}",
		"static/echarts.js.br": "ORPHAN",
	}
	writeFiles(t, site, files)
	if err := os.Symlink(filepath.Join(base, "secret.txt"), filepath.Join(site, "link.txt")); err != nil {
		t.Fatal(err)
	}
	h, err := NewHandler(site)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

func TestHandler(t *testing.T) {
	h := newSite(t)
	tests := []struct {
		name, method, target, accept string
		wantStatus                   int
		wantType, wantEncoding       string
		wantBody                     string // checked when non-empty
		wantLocation                 string
	}{
		{"root index", "GET", "/", "gzip, br", 200, "text/html; charset=utf-8", "", "<!doctype html><title>home</title>", ""},
		{"wasm brotli", "GET", "/app.wasm", "gzip, deflate, br", 200, "application/wasm", "br", "WASM-BROTLI", ""},
		{"wasm gzip only", "GET", "/app.wasm", "gzip", 200, "application/wasm", "gzip", "WASM-GZIP", ""},
		{"wasm br refused", "GET", "/app.wasm", "br;q=0, gzip;q=0.5", 200, "application/wasm", "gzip", "WASM-GZIP", ""},
		{"wasm wildcard", "GET", "/app.wasm", "*", 200, "application/wasm", "br", "WASM-BROTLI", ""},
		{"wasm wildcard minus br", "GET", "/app.wasm", "*, br;q=0", 200, "application/wasm", "gzip", "WASM-GZIP", ""},
		{"wasm identity", "GET", "/app.wasm", "", 200, "application/wasm", "", "WASM-IDENTITY", ""},
		{"wasm identity only", "GET", "/app.wasm", "identity", 200, "application/wasm", "", "WASM-IDENTITY", ""},
		{"css falls back to gzip", "GET", "/static/style.css", "br, gzip", 200, "text/css; charset=utf-8", "gzip", "CSS-GZIP", ""},
		{"js no variants", "GET", "/static/worker.js", "br, gzip", 200, "text/javascript; charset=utf-8", "", "postMessage(1)", ""},
		{"mjs type", "GET", "/static/chart.mjs", "", 200, "text/javascript; charset=utf-8", "", "export {}", ""},
		{"unknown type", "GET", "/data.bin", "", 200, "application/octet-stream", "", "\x00\x01", ""},
		{"compressed file asked directly", "GET", "/app.wasm.gz", "gzip", 200, "application/gzip", "", "WASM-GZIP", ""},
		{"variant without original", "GET", "/static/echarts.js", "br", 404, "", "", "", ""},
		{"missing", "GET", "/nope.js", "", 404, "", "", "", ""},
		{"dir redirect", "GET", "/sub", "", 302, "", "", "", "/sub/"},
		{"dir redirect keeps query", "GET", "/sub?x=1", "", 302, "", "", "", "/sub/?x=1"},
		{"dir index", "GET", "/sub/", "", 200, "text/html; charset=utf-8", "", "<p>sub</p>", ""},
		{"no listing", "GET", "/emptydir/", "", 404, "", "", "", ""},
		{"dotdot", "GET", "/../secret.txt", "", 404, "", "", "", ""},
		{"encoded dotdot", "GET", "/%2e%2e/secret.txt", "", 404, "", "", "", ""},
		{"deep dotdot", "GET", "/static/../../secret.txt", "", 404, "", "", "", ""},
		{"symlink out of root", "GET", "/link.txt", "", 404, "", "", "", ""},
		{"post", "POST", "/", "", 405, "", "", "", ""},
		{"head", "HEAD", "/app.wasm", "br", 200, "application/wasm", "br", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(tc.method, tc.target, nil)
			if tc.accept != "" {
				req.Header.Set("Accept-Encoding", tc.accept)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			res := rec.Result()
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != tc.wantStatus {
				t.Fatalf("status: got %d, want %d (body %q)", res.StatusCode, tc.wantStatus, body)
			}
			if got := res.Header.Get("Content-Security-Policy"); got != CSP {
				t.Errorf("CSP: got %q, want %q", got, CSP)
			}
			if got := res.Header.Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("X-Content-Type-Options: got %q, want nosniff", got)
			}
			if strings.Contains(string(body), "SECRET") {
				t.Errorf("body: got %q, leaked a file outside the root", body)
			}
			if tc.wantStatus != 200 {
				if loc := res.Header.Get("Location"); loc != tc.wantLocation {
					t.Errorf("Location: got %q, want %q", loc, tc.wantLocation)
				}
				return
			}
			if got := res.Header.Get("Content-Type"); got != tc.wantType {
				t.Errorf("Content-Type: got %q, want %q", got, tc.wantType)
			}
			if got := res.Header.Get("Content-Encoding"); got != tc.wantEncoding {
				t.Errorf("Content-Encoding: got %q, want %q", got, tc.wantEncoding)
			}
			if got := res.Header.Get("Cache-Control"); got != "no-cache" {
				t.Errorf("Cache-Control: got %q, want no-cache", got)
			}
			if tc.method == "HEAD" {
				if len(body) != 0 {
					t.Errorf("HEAD body: got %q, want empty", body)
				}
			} else if string(body) != tc.wantBody {
				t.Errorf("body: got %q, want %q", body, tc.wantBody)
			}
		})
	}
}

func TestVaryAndETagDifferPerEncoding(t *testing.T) {
	h := newSite(t)
	etag := map[string]string{}
	for _, accept := range []string{"br", "gzip", ""} {
		req := httptest.NewRequest("GET", "/app.wasm", nil)
		req.Header.Set("Accept-Encoding", accept)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if got := rec.Header().Get("Vary"); got != "Accept-Encoding" {
			t.Errorf("Vary for %q: got %q, want Accept-Encoding", accept, got)
		}
		etag[accept] = rec.Header().Get("ETag")
	}
	if etag["br"] == etag["gzip"] || etag["gzip"] == etag[""] || etag["br"] == etag[""] {
		t.Errorf("ETags: got %v, want one per encoding", etag)
	}
}

// TestRawTraversal sends unnormalised request lines over a real connection, bypassing the
// client-side cleaning that http.NewRequest does.
func TestRawTraversal(t *testing.T) {
	srv := httptest.NewServer(newSite(t))
	defer srv.Close()
	for _, target := range []string{"/../secret.txt", "/..%2fsecret.txt", "/static/%2e%2e/%2e%2e/secret.txt", "//../secret.txt"} {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		_, err = io.WriteString(conn, "GET "+target+" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
		if err != nil {
			t.Fatal(err)
		}
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		conn.Close()
		if res.StatusCode == 200 || strings.Contains(string(body), "SECRET") {
			t.Errorf("%s: got status %d body %q, want no secret", target, res.StatusCode, body)
		}
	}
}

func TestAccepts(t *testing.T) {
	tests := []struct {
		header, coding string
		want           bool
	}{
		{"", "gzip", false},
		{"gzip", "gzip", true},
		{"GZIP", "gzip", true},
		{"gzip;q=0", "gzip", false},
		{"gzip; q=0.0", "gzip", false},
		{"gzip;q=0.001", "gzip", true},
		{"deflate, br", "gzip", false},
		{"*", "br", true},
		{"*;q=0", "br", false},
		{"*;q=0, br", "br", true},
		{"br;q=0, *", "br", false},
		{"gzip;q=bogus", "gzip", false},
		{" gzip , br ", "br", true},
	}
	for _, tc := range tests {
		if got := Accepts(tc.header, tc.coding); got != tc.want {
			t.Errorf("Accepts(%q, %q): got %v, want %v", tc.header, tc.coding, got, tc.want)
		}
	}
}

func TestNewHandlerErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(dir, "missing"), file} {
		if _, err := NewHandler(p); err == nil {
			t.Errorf("NewHandler(%q): got nil error, want one", p)
		}
	}
}
