package main

import (
	"bytes"
	"fmt"
)

// maxShown bounds how much of a differing line a message quotes.
const maxShown = 240

// FirstDiff compares two outputs line by line. It returns 0 when they are equal, else the 1-based
// number of the first differing line and a message quoting both versions of it.
func FirstDiff(gotName string, got []byte, wantName string, want []byte) (int, string) {
	if bytes.Equal(got, want) {
		return 0, ""
	}
	gl, wl := bytes.SplitAfter(got, []byte("\n")), bytes.SplitAfter(want, []byte("\n"))
	for i := 0; ; i++ {
		var g, w []byte
		gok, wok := i < len(gl), i < len(wl)
		if gok {
			g = gl[i]
		}
		if wok {
			w = wl[i]
		}
		if bytes.Equal(g, w) && gok && wok {
			continue
		}
		col := 0
		for col < len(g) && col < len(w) && g[col] == w[col] {
			col++
		}
		return i + 1, fmt.Sprintf("first difference at line %d, column %d\n  %s: %s\n  %s: %s",
			i+1, col+1, gotName, show(g, gok, col), wantName, show(w, wok, col))
	}
}

// show quotes a line for a message; a long line is cut to a window around column col (0-based).
func show(line []byte, ok bool, col int) string {
	if !ok || len(line) == 0 {
		return "(end of output)"
	}
	from := max(0, min(col-maxShown/4, len(line)-maxShown))
	to := min(len(line), from+maxShown)
	s := fmt.Sprintf("%q", line[from:to])
	if from > 0 {
		s = "…" + s
	}
	if to < len(line) {
		s += "…"
	}
	return s
}
