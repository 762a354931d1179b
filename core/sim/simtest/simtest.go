// Package simtest holds what the policy families' tests share about a run's results, so that the
// hand-worked tests of every family read a job's timeline in one form.
package simtest

import (
	"fmt"
	"strings"

	"schedlab/core/sim"
)

// Timeline is job i's timeline, one line per entry: "AT KIND CLASS: TEXT", AT in seconds.
func Timeline(r *sim.Result, i int) string {
	var out []string
	for _, e := range r.Timeline(i) {
		out = append(out, fmt.Sprintf("%g %s %s: %s", e.At.Seconds(), e.Kind, e.Class, e.Text))
	}
	return strings.Join(out, "\n")
}
