package main

import (
	"io"

	"schedlab/policies"
	"schedlab/policies/figure/report"
)

// vcsRevision is the commit the binary was built from, as the build info records it (" (commit
// abc123, modified)"), or "" when it records none.
func vcsRevision() string {
	rev, modified := report.Revision()
	if rev == "" {
		return ""
	}
	if modified {
		return " (commit " + rev + ", modified)"
	}
	return " (commit " + rev + ")"
}

// writeReport writes the reviewer's report of tables (package report): one self-contained HTML
// page listing per paper every claim, with each figure's and each paper's tally and the program
// version. The page's Claims view draws the same rows with the same template.
func writeReport(w io.Writer, tables []report.Table, version, from string) error {
	return report.Write(w, report.Report{Papers: report.Papers(policies.Figures(), tables, false), Version: version, From: from})
}
