package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"
)

// Case is one argument list from the args file.
type Case struct {
	N    int      // 1-based index among argument lines; the golden file is N.jsonl
	Line int      // line number in the args file, for messages
	Args []string // runner arguments
}

// ReadCases parses an args file. A missing file gives no cases and no error.
func ReadCases(path string) ([]Case, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return ParseCases(path, data)
}

// ParseCases parses args-file content; name is used in error messages.
func ParseCases(name string, data []byte) ([]Case, error) {
	var cases []Case
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		args, err := SplitArgs(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: arguments: %v", name, line, err)
		}
		cases = append(cases, Case{N: len(cases) + 1, Line: line, Args: args})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return cases, nil
}

// SplitArgs splits a line into words on white space; '...' and "..." group characters
// (including spaces) into a word, and the quotes themselves are dropped.
func SplitArgs(s string) ([]string, error) {
	var (
		args  []string
		cur   strings.Builder
		inArg bool
		quote rune
	)
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inArg = r, true
		case r == ' ' || r == '\t':
			if inArg {
				args = append(args, cur.String())
				cur.Reset()
				inArg = false
			}
		default:
			cur.WriteRune(r)
			inArg = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unterminated %c quote", quote)
	}
	if inArg {
		args = append(args, cur.String())
	}
	return args, nil
}
