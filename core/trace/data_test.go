package trace

import (
	"os"
	"path/filepath"
	"testing"

	"schedlab/core"
)

// repoRoot walks up from the test's directory to the one holding go.mod.
func repoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test directory")
		}
		dir = parent
	}
}

// sharedData returns the path of a file under ../shared/data, skipping the test when the
// directory is absent (failing instead when CI=true).
func sharedData(t testing.TB, rel string) string {
	t.Helper()
	dir := filepath.Join(repoRoot(t), "..", "shared", "data")
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true but the shared data directory is missing: %v", err)
		}
		t.Skipf("shared data not found at %s: %v", dir, err)
	}
	return filepath.Join(dir, rel)
}

// readFile imports a file with format detection.
func readFile(t testing.TB, path, format string) ([]core.Job, []string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	jobs, warns, err := Read(filepath.Base(path), f, format, nil)
	if err != nil {
		t.Fatalf("Read(%s): %v", path, err)
	}
	return jobs, warns
}
