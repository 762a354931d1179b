package trace

import (
	"io"
	"math"
	"slices"
	"strings"

	"schedlab/core"
)

// polluxGPUHours is the documented per-application rule that gives Pollux workloads a length.
// Pollux's workload files (and Sia's identical ones) carry no length: Pollux's simulator trains
// each application to a target from replayed measurements. Pollux's paper (OSDI'21, Table 1)
// sorts its six applications into size classes by GPU-time — Small (< 1 GPU·h): cifar10, ncf;
// Medium (1–10): bert, deepspeech2; Large (10–100): yolov3; XLarge (100–1000): imagenet — and
// the workloads pick the application by the Philly job's GPU-time bucket. The rule takes the
// geometric middle of each class, rounded: 0.5, 3, 30 and 300 GPU·hours. Ours: the class
// boundaries are as we read them from the paper; the figures are a rule, not a measurement.
var polluxGPUHours = map[string]float64{
	"cifar10": 0.5, "ncf": 0.5,
	"bert": 3, "deepspeech2": 3,
	"yolov3":   30,
	"imagenet": 300,
}

// Pollux reads Pollux's and Sia's workload files (petuum/adaptdl osdi21-artifact,
// simulator/workloads*/):
//
//	name,time,application,num_replicas,batch_size
//	cifar10-0,107,cifar10,6,2048
//
// Length rule: the file has no length, so Duration = GPU-hours of the application's size class ×
// 3600 / num_replicas (see polluxGPUHours: cifar10 and ncf 0.5, bert and deepspeech2 3, yolov3 30,
// imagenet 300 GPU·h; cifar10-0 above runs 0.5 × 3600 / 6 = 300 s). An application outside the
// rule is refused with a message naming the known ones. time is seconds from the trace start;
// num_replicas, the initial replica count of an elastic job, is the gang size; application is
// kept as Model; batch_size (the global batch) is checked but not used.
type Pollux struct{}

// Name implements Importer.
func (Pollux) Name() string { return "pollux" }

var polluxColumns = []string{"name", "time", "application", "num_replicas", "batch_size"}

// Detect implements Importer.
func (Pollux) Detect(first string) bool {
	h := headerFields(first)
	return len(h) >= 4 && slices.Equal(h[:4], polluxColumns[:4])
}

// Read implements Importer.
func (Pollux) Read(name string, r io.Reader, models *core.Models) ([]core.Job, []string, error) {
	rr := newRows(name, r)
	c := newCollector(name, models)
	idx, width, err := rr.header(polluxColumns[:4], polluxColumns[4:], false)
	if err != nil {
		return nil, nil, err
	}
	var list jobList
	for rec, err := range rr.records(width) {
		if err != nil {
			return c.finish(nil, err)
		}
		j := core.Job{Line: rr.line}
		if j.ID, err = text(rec[idx["name"]]); err != nil {
			return c.finish(nil, rr.errf("name", "%v", err))
		}
		if j.Submit, err = seconds(rec[idx["time"]]); err != nil {
			return c.finish(nil, rr.errf("time", "%v", err))
		}
		n, err := count(rec[idx["num_replicas"]], maxGPUs)
		if err != nil {
			return c.finish(nil, rr.errf("num_replicas", "%v", err))
		}
		j.GPUs = int(n)
		if _, err := optional(col(rec, idx, "batch_size"), func(s string) (int64, error) { return count(s, maxBatch) }); err != nil {
			return c.finish(nil, rr.errf("batch_size", "%v", err))
		}
		app, err := text(rec[idx["application"]])
		if err != nil {
			return c.finish(nil, rr.errf("application", "%v", err))
		}
		hours, ok := polluxGPUHours[strings.ToLower(app)]
		if !ok {
			return c.finish(nil, rr.errf("application", "%q has no length rule (the file gives no length; known: bert, cifar10, deepspeech2, imagenet, ncf, yolov3)", clip(app, 40)))
		}
		if j.GPUs > 0 {
			j.Duration = core.Time(math.Round(hours * 3600 * 1000 / float64(j.GPUs)))
		}
		if err := j.Validate(); err != nil {
			return c.finish(nil, rr.wrap(err))
		}
		j.Model = c.model(app)
		c.id(j.ID, j.Line)
		list.add(j)
	}
	c.warnf("%s: pollux workloads have no length: durations come from the per-application rule (GPU-hours by size class / num_replicas)", name)
	return c.finish(list.slice(), nil)
}
