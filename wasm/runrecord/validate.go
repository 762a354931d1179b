package runrecord

import (
	"encoding/json"
	"fmt"

	"schedlab/core"
)

// Validate checks what the page's views index by: a record from a user's JSON file (or a damaged
// stored one) could otherwise crash the page. Errors read "field: problem", the field a JSON
// path of the export such as intervals[5].g.
func (rec *Record) Validate() error {
	if rec.ID == "" {
		return fmt.Errorf("id: empty")
	}
	c, err := core.ParseCluster(rec.Cluster)
	if err != nil {
		return fmt.Errorf("cluster: %v", err)
	}
	var summary map[string]any
	if err := json.Unmarshal(rec.Summary, &summary); err != nil {
		return fmt.Errorf("summary: not a JSON object (%v)", err)
	}
	gpus, jobs := int32(c.NumGPUs()), int32(len(rec.Jobs))
	for i, iv := range rec.Intervals {
		switch {
		case iv.Job < 0 || iv.Job >= jobs:
			return fmt.Errorf("intervals[%d].j: job %d, want 0 … %d", i, iv.Job, jobs-1)
		case iv.To < iv.From:
			return fmt.Errorf("intervals[%d].t: ends at %d ms, before its start %d ms", i, iv.To, iv.From)
		case len(iv.CPU) != len(iv.Mem) || (len(iv.CPU) > 0 && len(iv.CPU) != len(iv.GPUs)):
			return fmt.Errorf("intervals[%d].c: %d CPU and %d memory values for %d GPUs", i, len(iv.CPU), len(iv.Mem), len(iv.GPUs))
		}
		for _, g := range iv.GPUs {
			if g < 0 || g >= gpus {
				return fmt.Errorf("intervals[%d].g: GPU %d is not in cluster %s (%d GPUs)", i, g, rec.Cluster, gpus)
			}
		}
	}
	s := rec.Series
	if n := len(s.T); len(s.Busy) != n || len(s.CPU) != n || len(s.Mem) != n || len(s.Queue) != n {
		return fmt.Errorf("series: %d times but %d/%d/%d/%d busy/cpu/mem/queue values", n, len(s.Busy), len(s.CPU), len(s.Mem), len(s.Queue))
	}
	for i, sp := range rec.Virtual {
		if sp.Job < 0 || sp.Job >= jobs || sp.To < sp.From {
			return fmt.Errorf("virtual[%d]: job %d from %d to %d ms, want a job 0 … %d and to ≥ from", i, sp.Job, sp.From, sp.To, jobs-1)
		}
	}
	return rec.validateWhy()
}
