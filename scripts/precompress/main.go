package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// compressible lists the extensions worth compressing; images and fonts are already compressed.
var compressible = map[string]bool{
	".html": true, ".js": true, ".mjs": true, ".css": true, ".wasm": true, ".json": true,
	".map": true, ".svg": true, ".txt": true, ".csv": true, ".webmanifest": true,
}

func main() {
	minSize := flag.Int64("min", 512, "skip files smaller than this many bytes")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: precompress [-min BYTES] DIR")
		os.Exit(2)
	}
	n, saved, err := compressTree(flag.Arg(0), *minSize)
	if err != nil {
		fmt.Fprintln(os.Stderr, "precompress:", err)
		os.Exit(1)
	}
	fmt.Printf("precompress: %d files gzipped, %d bytes saved\n", n, saved)
}

// compressTree writes X.gz for every compressible regular file X of at least minSize bytes under
// dir, and removes stale X.gz files whose compressed form would not be smaller. It returns the
// number of files written and the bytes saved.
func compressTree(dir string, minSize int64) (written int, saved int64, err error) {
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || !compressible[strings.ToLower(filepath.Ext(p))] {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if int64(len(data)) < minSize {
			return nil
		}
		gz, err := gzipBytes(data)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if len(gz) >= len(data) {
			if err := os.Remove(p + ".gz"); err != nil && !os.IsNotExist(err) {
				return err
			}
			return nil
		}
		if err := os.WriteFile(p+".gz", gz, 0o644); err != nil {
			return err
		}
		written++
		saved += int64(len(data) - len(gz))
		return nil
	})
	return written, saved, err
}

// gzipBytes compresses data at the best level with an empty header (no name, zero time), so the
// output depends on the input alone.
func gzipBytes(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
