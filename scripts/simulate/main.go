// Command simulate is schedlab's native runner: it loads a trace or generates a workload, runs one
// or more policies on the same jobs and cluster, and prints a table or JSON Lines (one object per
// run). Bad input or usage exits with status 2 and one line on stderr.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// usageError marks bad input or usage (exit status 2).
type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }

func main() {
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	var ue usageError
	switch {
	case err == nil:
	case errors.Is(err, errHelp):
		os.Exit(0)
	case errors.As(err, &ue):
		fmt.Fprintln(os.Stderr, "simulate: "+oneLine(ue.err.Error()))
		os.Exit(2)
	default:
		fmt.Fprintln(os.Stderr, "simulate: "+oneLine(err.Error()))
		os.Exit(1)
	}
}

func oneLine(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return s[:i]
		}
	}
	return s
}

var errHelp = errors.New("help")

func run(args []string, stdout, stderr io.Writer) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	opts, err := parseFlags(args, stdout)
	if err != nil {
		return err
	}
	opts.stderr = stderr
	if len(opts.scripts) > 0 && stderr == os.Stderr {
		capHeap(heapCap(opts.scriptLimits.Memory), stderr)
	}
	return execute(opts, stdout)
}
