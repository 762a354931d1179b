package main

import (
	"bytes"
	"errors"
	"flag"
	"strings"
	"testing"
)

// -h prints every flag once, under its topic, with its own help: the only description of the
// flags there is.
func TestHelpGroupsEveryFlag(t *testing.T) {
	var out bytes.Buffer
	if _, err := parseFlags([]string{"-h"}, &out); !errors.Is(err, errHelp) {
		t.Fatalf("-h: %v, want errHelp", err)
	}
	text := out.String()
	if !strings.HasPrefix(text, "usage: simulate ") {
		t.Errorf("-h does not open with the synopsis:\n%s", text)
	}
	last := -1
	for _, g := range helpGroups {
		at := strings.Index(text, "\n"+g.title+":\n")
		if at < last {
			t.Errorf("group %q missing or out of order", g.title)
		}
		last = at
		for _, name := range g.flags {
			if n := strings.Count(text, "\n  -"+name+" "); n != 1 {
				t.Errorf("-%s listed %d times", name, n)
			}
		}
	}
	for _, want := range []string{"  -scenario NAME ", "  -merge PART... ", "(default 16x8)", "(default: the number of cores)"} {
		if !strings.Contains(text, want) {
			t.Errorf("-h lacks %q", want)
		}
	}
	for _, line := range strings.Split(text, "\n") {
		if n := len([]rune(line)); n > 100 {
			t.Errorf("line of %d columns: %q", n, line)
		}
	}
}

// usageOf refuses a flag without help or group, and a group naming no flag.
func TestUsageOfRefusesIncompleteHelp(t *testing.T) {
	for _, tc := range []struct {
		define func(fs *flag.FlagSet)
		want   string
	}{
		{func(fs *flag.FlagSet) { fs.String("trace", "", "") }, "flag -trace: no help"},
		{func(fs *flag.FlagSet) { fs.String("stray", "", "a `PATH`") }, "no flag -trace"},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		tc.define(fs)
		if _, err := usageOf(fs); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("usageOf: %v, want %q", err, tc.want)
		}
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	for _, g := range helpGroups {
		for _, name := range g.flags {
			fs.String(name, "", "help")
		}
	}
	fs.String("stray", "", "help")
	if _, err := usageOf(fs); err == nil || !strings.Contains(err.Error(), "flag -stray: in no help group") {
		t.Errorf("a flag in no group: %v", err)
	}
}
