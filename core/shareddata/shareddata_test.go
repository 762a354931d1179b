package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRootHoldsGoMod(t *testing.T) {
	root := Root(t)
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("got root %s without go.mod: %v", root, err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := filepath.Join(root, "core", "shareddata"), wd; got != want {
		t.Errorf("got root/core/shareddata %s, want the test directory %s", got, want)
	}
}

func TestFileIsUnderDir(t *testing.T) {
	got := File(t, "tiresias/n32g4.csv")
	want := filepath.Join(Root(t), "..", "shared", "data", "tiresias", "n32g4.csv")
	if got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if _, err := os.Stat(got); err != nil {
		t.Errorf("got %s, which does not exist: %v", got, err)
	}
}
