package script

import (
	"slices"
	"testing"
)

// TestExamplesListed: every embedded example is offered, once, and fifo comes first.
func TestExamplesListed(t *testing.T) {
	ents, err := exampleFS.ReadDir("examples")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range ents {
		files = append(files, e.Name())
	}
	listed := slices.Clone(exampleOrder)
	slices.Sort(listed)
	if !slices.Equal(files, listed) {
		t.Errorf("examples/ holds %v, exampleOrder lists %v", files, exampleOrder)
	}
	if ex := Examples(); len(ex) == 0 || ex[0].File != "examples/fifo.star" {
		t.Errorf("first example %v, want examples/fifo.star", ex)
	}
}
