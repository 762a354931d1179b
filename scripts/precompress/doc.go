// Command precompress writes a gzip-compressed copy X.gz beside every compressible file X under a
// directory (the built site), so scripts/serve can send it with Content-Encoding: gzip.
//
// It is a Go program rather than a call to the gzip CLI so the site build needs nothing beyond Go
// and produces the same bytes on every machine: the gzip header carries no name and no time stamp.
// Brotli (X.br, smaller still) has no standard-library encoder; scripts/site.sh adds it with the
// `brotli` CLI when that is installed. A variant is kept only when it is smaller than the original.
//
// Usage:
//
//	go run ./scripts/precompress [-min 512] DIR
package main
