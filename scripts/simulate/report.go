package main

import (
	"io"
	"runtime/debug"

	"schedlab/policies"
	"schedlab/policies/figure/report"
)

// vcsRevision is the commit the binary was built from, as the build info records it (" (commit
// abc123, modified)"), or "" when it records none.
func vcsRevision() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev == "" {
		return ""
	}
	return " (commit " + rev[:min(12, len(rev))] + modified + ")"
}

// writeReport writes the reviewer's report of tables (package report): one self-contained HTML
// page listing per paper every claim, with each figure's and each paper's tally and the program
// version. The page's Claims view draws the same rows with the same template.
func writeReport(w io.Writer, tables []report.Table, version, from string) error {
	return report.Write(w, report.Report{Papers: report.Papers(policies.Figures(), tables, false), Version: version, From: from})
}
