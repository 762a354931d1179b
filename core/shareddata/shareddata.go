// Package shareddata lets tests find the module root and the read-only reference data that lives
// beside it (../shared/data next to the directory holding go.mod). It exists so that every package's
// tests apply one rule instead of each carrying its own copy of the search:
//
//   - the data is optional on a developer's machine: when ../shared/data is absent the test skips
//     with a message naming the path it looked at;
//   - under CI=true a missing directory is a failure, so a broken checkout cannot turn the real-data
//     tests into silent skips.
//
// Only test code imports this package (it imports testing); runtime code that resolves "data:"
// paths (the runner) keeps its own lookup, which also honours SCHEDLAB_DATA. It uses os.Getwd,
// which `go test` sets to the package directory natively and under Node (GOOS=js GOARCH=wasm).
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// Root returns the module root: the nearest directory at or above the test's working directory
// that holds go.mod. It fails the test when there is none.
func Root(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("no go.mod above the test directory")
		}
		dir = parent
	}
}

// Dir returns ../shared/data beside the module root. When the directory is absent it skips the
// test with a message, or fails it when the environment has CI=true.
func Dir(tb testing.TB) string {
	tb.Helper()
	data := filepath.Join(Root(tb), "..", "shared", "data")
	if _, err := os.Stat(data); err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("shared data missing at %s (CI=true): %v", data, err)
		}
		tb.Skipf("shared data not found at %s: skipping", data)
	}
	return data
}

// File returns the path of rel (slash-separated) under Dir, with Dir's skip and CI rules. It does
// not check that the file itself exists: a missing file is the caller's failure, not a skip.
func File(tb testing.TB, rel string) string {
	tb.Helper()
	return filepath.Join(Dir(tb), filepath.FromSlash(rel))
}

// Seeds returns ../shared/seeds beside the module root: the papers' abstracts as plain text, which
// the claims' quotes are checked against. When the directory is absent it skips the test with a
// message, or fails it when the environment has CI=true.
func Seeds(tb testing.TB) string {
	tb.Helper()
	dir := filepath.Join(Root(tb), "..", "shared", "seeds")
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("the papers' abstracts missing at %s (CI=true): %v", dir, err)
		}
		tb.Skipf("the papers' abstracts not found at %s: skipping", dir)
	}
	return dir
}
