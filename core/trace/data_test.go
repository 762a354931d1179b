package trace

import (
	"os"
	"path/filepath"
	"testing"

	"schedlab/core"
)

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
