// Command serve is the development web server for the browser app: it serves a built site
// directory (normally build/site, made by scripts/site.sh) on a local address.
//
// It exists instead of `python -m http.server` or a bare http.FileServer because the app needs
// three things those do not give: the precompressed files the site build writes next to each asset
// (X.br, X.gz — a Go wasm binary shrinks about 4x), the right Content-Type for .wasm so
// WebAssembly.instantiateStreaming works, and the same strict Content-Security-Policy the app must
// live with in production, so a stray inline script or eval fails during development rather than
// later. Everything is sent with Cache-Control: no-cache so a rebuilt app.wasm is always picked up.
//
// Usage:
//
//	go build -o build/serve ./scripts/serve && build/serve -dir build/site -addr 127.0.0.1:8080
//
// With -addr 127.0.0.1:0 the kernel picks a free port; the first line on stdout is always
// "serving DIR at http://HOST:PORT/", which scripts/e2e.sh reads, and the second "pid N (…)":
// `make serve` execs the built server (not `go run`, whose parent would leave the server behind
// when killed), so a script that started `make serve` in the background stops it with kill N.
package main
