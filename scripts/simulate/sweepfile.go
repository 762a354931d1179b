package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"schedlab/policies/figure"
	"schedlab/policies/sweep"
)

// loadSweep reads -sweep FILE into the one figure the run (or shard, or merge) works on; its
// policies must be in the registry, and their parameters (the file's, a swept one's, its choices')
// keys the registry's policies take.
func loadSweep(o *figureOptions, set map[string]bool) error {
	if set["figure"] {
		return usageError{fmt.Errorf("-figure and -sweep are exclusive")}
	}
	data, err := os.ReadFile(o.sweep)
	if err != nil {
		return usageError{fmt.Errorf("-sweep %s: %w", o.sweep, err)}
	}
	file, fig, err := sweep.Parse(o.sweep, data)
	if err != nil {
		return usageError{err}
	}
	for _, p := range file.Policies {
		if !o.reg.Has(p) {
			return usageError{fmt.Errorf("%s: policies: %q is not a registered policy (see -list, or give its -policy-file)", o.sweep, p)}
		}
	}
	if err := file.CheckParams(func(policy string, params json.RawMessage) error {
		_, err := o.reg.New(policy, params)
		return err
	}); err != nil {
		return usageError{err}
	}
	if err := file.CheckReading(fig, o.reading); err != nil {
		return usageError{fmt.Errorf("-reading %s: %w", o.reading, err)}
	}
	if strings.HasSuffix(o.out, "/") {
		return usageError{fmt.Errorf("-figure-out %s: a directory; a sweep writes a file", o.out)}
	}
	o.id, o.figs, o.sweepHash = fig.ID, []*figure.Figure{fig}, contentHash(data)
	return nil
}
