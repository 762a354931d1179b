package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"
)

// synopsis is the usage line of each mode; the flags themselves are described only by their own
// help strings (parseFlags), printed by usageOf under the topics of helpGroups.
const synopsis = `usage: simulate (-trace PATH | -generate SPEC | -scenario NAME) [flags]
       simulate -figure ID|all [-seeds LIST] [-reading NAME] [-j N] [-figure-out PATH]
       simulate (-figure ID|all | -sweep FILE) [-seeds LIST] [-reading NAME] [-j N] -shard I/N
                -figure-out PART
       simulate (-figure ID|all | -sweep FILE) [-seeds LIST] [-reading NAME] -merge PART...
                -figure-out PATH
       simulate -judge FILE.csv|DIR [-report FILE.html]
       simulate -list
`

// helpGroups orders -h by topic. Every flag belongs to exactly one group (usageOf checks).
var helpGroups = []struct {
	title string
	flags []string
}{
	{"Workload", []string{"trace", "generate", "format", "columns", "max-jobs", "save-trace"}},
	{"Cluster", []string{"cluster"}},
	{"Policies", []string{"policy", "policy-config", "policy-file", "script-steps", "script-memory", "placement", "checkpoint-cost", "round", "first-round", "progress", "measured-only"}},
	{"Runs", []string{"scenario", "seed", "list"}},
	{"Output", []string{"json", "jobs-out", "trace-out", "explain"}},
	{"Figures and sweeps", []string{"figure", "seeds", "reading", "j", "figure-out", "sweep", "shard", "merge"}},
	{"Verdicts", []string{"judge", "report"}},
}

// usageOf renders fs's flags grouped by helpGroups: each as "-name ARG" (ARG is the help's
// back-quoted word, as flag.UnquoteUsage finds it) and its help, with the default appended when it
// is not the zero value and the help does not already state one. A flag without help or without a
// group, or a group naming no flag, is an error: the help is written once, here and complete.
func usageOf(fs *flag.FlagSet) (string, error) {
	var b strings.Builder
	b.WriteString(synopsis)
	var grouped []string
	for _, g := range helpGroups {
		fmt.Fprintf(&b, "\n%s:\n", g.title)
		for _, name := range g.flags {
			f := fs.Lookup(name)
			if f == nil {
				return "", fmt.Errorf("help group %s: no flag -%s", g.title, name)
			}
			if slices.Contains(grouped, name) {
				return "", fmt.Errorf("flag -%s: in two help groups", name)
			}
			grouped = append(grouped, name)
			arg, help := flag.UnquoteUsage(f)
			if strings.TrimSpace(help) == "" {
				return "", fmt.Errorf("flag -%s: no help", name)
			}
			if f.DefValue != "" && f.DefValue != "0" && f.DefValue != "false" && !strings.Contains(help, "default") {
				help += " (default " + f.DefValue + ")"
			}
			head := "  -" + name
			if arg != "" && arg != "value" {
				head += " " + arg
			}
			if len(head) < 24 {
				head += strings.Repeat(" ", 24-len(head))
			} else {
				head += "\n" + strings.Repeat(" ", 24)
			}
			b.WriteString(head + wrap(help, 24, 100) + "\n")
		}
	}
	var missing error
	fs.VisitAll(func(f *flag.Flag) {
		if missing == nil && !slices.Contains(grouped, f.Name) {
			missing = fmt.Errorf("flag -%s: in no help group", f.Name)
		}
	})
	return b.String(), missing
}

// wrap breaks text into lines of at most width columns, continuing lines indented by indent (the
// first line is assumed to start at indent).
func wrap(text string, indent, width int) string {
	var b strings.Builder
	col := indent
	for i, w := range strings.Fields(text) {
		n := len([]rune(w))
		if i > 0 && col+1+n > width {
			b.WriteString("\n" + strings.Repeat(" ", indent))
			col = indent
		} else if i > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += n
	}
	return b.String()
}
