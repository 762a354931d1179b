package script

import (
	"embed"
	"path"
	"sort"
)

//go:embed examples/*.star
var exampleFS embed.FS

// Example is one of the shipped example scripts.
type Example struct {
	File   string // e.g. "examples/las.star"
	Source []byte
}

// Examples lists the shipped examples by file name: fifo, las and sjf (scripted copies of the
// built-ins, byte-identical to them) and wide-first (schedule with actions).
func Examples() []Example {
	ents, _ := exampleFS.ReadDir("examples")
	var out []Example
	for _, e := range ents {
		src, _ := exampleFS.ReadFile(path.Join("examples", e.Name()))
		out = append(out, Example{File: path.Join("examples", e.Name()), Source: src})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].File < out[j].File })
	return out
}
