package trace

import (
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"schedlab/core"
)

// Philly reads the Philly-derived trace published with Pollux (pollux/traces/philly.csv):
//
//	timestamp,duration,num_gpus,gpu_time,cluster
//	2017-10-09 07:01:55,66.0,1,66.0,11cb48
//
// Rules:
//   - timestamp is read as UTC ("2006-01-02 15:04:05"); Submit is the offset from the earliest
//     timestamp in the file. Rows are not sorted, so the jobs are kept in file order (stable) and
//     shifted once the whole file has been read.
//   - duration is the run time in seconds (float, rounded to 1 ms) and becomes Duration: the
//     trace has no model, so the job runs exactly that long on any placement.
//   - num_gpus is the gang size; gpu_time (= duration × num_gpus) must be a number but is unused.
//   - cluster is Philly's virtual cluster (a team's quota), stored as User, which is what
//     per-tenant fairness and the UI's grouping use.
//   - ids are "L<line>", the file has no id column.
type Philly struct{}

// Name implements Importer.
func (Philly) Name() string { return "philly" }

var phillyRequired = []string{"timestamp", "duration", "num_gpus"}

// Detect implements Importer.
func (Philly) Detect(first string) bool {
	h := headerFields(first)
	return len(h) >= 3 && slices.Equal(h[:3], phillyRequired)
}

const phillyLayout = "2006-01-02 15:04:05"

// Read implements Importer.
func (Philly) Read(name string, r io.Reader, models *core.Models) ([]core.Job, []string, error) {
	rr := newRows(name, r)
	c := newCollector(name, models)
	idx, width, err := rr.header(phillyRequired, []string{"gpu_time", "cluster"}, false)
	if err != nil {
		return nil, nil, err
	}
	var list jobList
	iTime, iDur, iGPUs, iGPUTime := idx["timestamp"], idx["duration"], idx["num_gpus"], idx["gpu_time"]
	earliest := core.MaxTime
	for rec, err := range rr.records(width) {
		if err != nil {
			return c.finish(nil, err)
		}
		j := core.Job{ID: "L" + strconv.Itoa(rr.line), Line: rr.line}
		ts, err := time.Parse(phillyLayout, strings.TrimSpace(rec[iTime]))
		if err != nil {
			return c.finish(nil, rr.errf("timestamp", "want %q, got %q", phillyLayout, clip(rec[iTime], 40)))
		}
		at := core.Time(ts.UnixMilli())
		if j.Duration, err = seconds(rec[iDur]); err != nil {
			return c.finish(nil, rr.errf("duration", "%v", err))
		}
		n, err := count(rec[iGPUs], maxGPUs)
		if err != nil {
			return c.finish(nil, rr.errf("num_gpus", "%v", err))
		}
		j.GPUs = int(n)
		if iGPUTime >= 0 {
			if _, err := number(rec[iGPUTime], maxSeconds*maxGPUs); err != nil {
				return c.finish(nil, rr.errf("gpu_time", "%v", err))
			}
		}
		if j.User, err = text(col(rec, idx, "cluster")); err != nil {
			return c.finish(nil, rr.errf("cluster", "%v", err))
		}
		j.User = c.intern(j.User)
		if err := j.Validate(); err != nil {
			return c.finish(nil, rr.wrap(err))
		}
		j.Submit = at // absolute for now; shifted below
		earliest = min(earliest, at)
		list.add(j)
	}
	jobs := list.slice()
	if err := sinceEarliest(name, "timestamp", jobs, earliest); err != nil {
		return c.finish(nil, err)
	}
	return c.finish(jobs, nil)
}
