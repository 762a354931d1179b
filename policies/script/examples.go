package script

import (
	"embed"
	"path"
)

//go:embed examples/*.star
var exampleFS embed.FS

// Example is one of the shipped example scripts.
type Example struct {
	File   string // e.g. "examples/las.star"
	Source []byte
}

// exampleOrder is the order the examples are offered in, simplest first, so that the page's
// editor opens on fifo: the scripted copies of built-ins (byte-identical to them), then the
// policies users asked for (Tiresias' two queues, EASY backfill, per-user fair share), then
// wide-first (schedule with actions). TestExamplesListed keeps it in step with examples/.
var exampleOrder = []string{
	"fifo.star", "sjf.star", "las.star", "srsf.star",
	"tiresias.star", "easy.star", "fairshare.star", "wide-first.star",
}

// Examples lists the shipped examples in exampleOrder.
func Examples() []Example {
	out := make([]Example, 0, len(exampleOrder))
	for _, name := range exampleOrder {
		src, err := exampleFS.ReadFile(path.Join("examples", name))
		if err != nil {
			panic(err) // exampleOrder names a file that is not embedded: a programmer's error
		}
		out = append(out, Example{File: path.Join("examples", name), Source: src})
	}
	return out
}
