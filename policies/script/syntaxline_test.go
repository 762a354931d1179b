package script

import (
	"errors"
	"testing"
)

// A statement missing its colon is marked on its own line, not on the next token's, however far
// down blank lines and comments put that.
func TestSyntaxErrorLine(t *testing.T) {
	for _, c := range []struct {
		src  string
		line int
	}{
		{"name = \"x\"\n\ndef priority(job, s):\n    x = 1\n    y = 2\n    z = 3\n    if x > 0\n        return 1\n    return 2\n", 7},
		{"name = \"x\"\ndef priority(job, s)\n\n# a comment\n\n    return 1\n", 2},
		{"name = \"x\"\ndef priority(job, s):\n    return (1 +\n", 3}, // an unclosed bracket
	} {
		_, err := Check("a.star", []byte(c.src))
		var e *Error
		if !errors.As(err, &e) || e.Line != c.line {
			t.Errorf("%q: got %v, want an error at line %d", c.src, err, c.line)
		}
	}
}
