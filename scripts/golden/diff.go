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
		return i + 1, fmt.Sprintf("first difference at line %d\n  %s: %s\n  %s: %s",
			i+1, gotName, show(g, gok), wantName, show(w, wok))
	}
}

// show quotes a line for a message, shortening long lines.
func show(line []byte, ok bool) string {
	if !ok || len(line) == 0 {
		return "(end of output)"
	}
	s := string(line)
	if len(s) > maxShown {
		s = s[:maxShown] + "…"
	}
	return fmt.Sprintf("%q", s)
}
