package script

import (
	"errors"
	"fmt"
	"strings"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Error is what went wrong in a script, at its line: a syntax error, a runtime error, a broken
// rule (GPUs that are not free, a job started twice) or a spent step budget. Error() is
// "file:line: message", the form editors and the runner print; Line and Col (1-based; 0 when
// unknown) let a page put the message at its line.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	if e.Line <= 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

func errAt(pos syntax.Position, file, msg string) *Error {
	if !pos.IsValid() {
		return &Error{File: file, Msg: msg}
	}
	return &Error{File: file, Line: int(pos.Line), Col: int(pos.Col), Msg: msg}
}

// syntaxError is a parse error of src as an Error at the line the parser was on. A statement cut
// short by its line's end ("got newline, want ':'", or an unclosed bracket's "got outdent" or
// "got EOF") is reported by the parser at the next token,
// often lines further down, past blank lines and comments: it is placed on the last line before
// that token which holds code, the line that lacks the colon or bracket.
func syntaxError(file string, src []byte, err error) *Error {
	e := asError(file, err)
	var se syntax.Error
	cut := errors.As(err, &se) && (strings.HasPrefix(se.Msg, "got newline") || strings.HasPrefix(se.Msg, "got outdent") ||
		strings.HasPrefix(se.Msg, "got EOF"))
	if !cut || e.Line <= 1 {
		return e
	}
	lines := strings.Split(string(src), "\n")
	if e.Line > len(lines) || strings.TrimSpace(lines[e.Line-1][:min(len(lines[e.Line-1]), max(0, e.Col-1))]) != "" {
		return e // code before the token on its own line: that line is the one
	}
	for l := e.Line - 1; l >= 1; l-- {
		if t := strings.TrimSpace(lines[l-1]); t != "" && !strings.HasPrefix(t, "#") {
			e.Line, e.Col = l, len(lines[l-1])+1
			break
		}
	}
	return e
}

// asError turns an error from the Starlark interpreter into an Error at the innermost line of
// the script's own file (a builtin's frame has no line).
func asError(file string, err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var se syntax.Error
	if errors.As(err, &se) {
		return errAt(se.Pos, file, se.Msg)
	}
	var rl resolve.ErrorList
	if errors.As(err, &rl) && len(rl) > 0 {
		return errAt(rl[0].Pos, file, rl[0].Msg)
	}
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		msg := ee.Msg
		var inner *Error
		if errors.As(ee.Unwrap(), &inner) && inner.Line == 0 {
			msg = inner.Msg // a rule broken inside a builtin: placed at the caller's line below
		}
		for i := len(ee.CallStack) - 1; i >= 0; i-- {
			if pos := ee.CallStack[i].Pos; pos.Filename() == file && pos.Line > 0 {
				return errAt(pos, file, msg)
			}
		}
		return &Error{File: file, Msg: msg}
	}
	return &Error{File: file, Msg: err.Error()}
}
