package report

import "runtime/debug"

// Revision is the commit the running program was built from, as the Go build info records it (the
// first 12 hex digits, "" when none is recorded), and whether the work tree had changes. The
// runner and the page both name it as the report's program version, each in its own words.
func Revision() (rev string, modified bool) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "", false
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value[:min(12, len(s.Value))]
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	return rev, modified
}
