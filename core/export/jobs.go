package export

import (
	"encoding/csv"
	"io"
	"strconv"

	"schedlab/core"
	"schedlab/core/sim"
)

// JobsHeader is the per-job CSV header.
var JobsHeader = []string{"policy", "job_id", "submit_s", "first_start_s", "end_s", "gpus", "gpu_type", "preemptions", "queue_s", "status"}

// Run is one policy's result to export.
type Run struct {
	Policy string
	Result *sim.Result
}

// WriteJobsCSV writes the header and one row per job of every run: times in seconds with
// millisecond precision, empty where there is none; status done, rejected or unfinished.
func WriteJobsCSV(w io.Writer, runs []Run) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(JobsHeader); err != nil {
		return err
	}
	for _, r := range runs {
		for _, j := range r.Result.Jobs {
			status, start, end, queue := "unfinished", "", "", ""
			switch j.Status {
			case sim.Done:
				status = "done"
			case sim.Rejected:
				status = "rejected"
			}
			if j.FirstStart >= 0 {
				start = Seconds(j.FirstStart)
				queue = Seconds(j.FirstStart - j.Job.Submit)
			}
			if j.End >= 0 {
				end = Seconds(j.End)
			}
			rec := []string{r.Policy, j.Job.ID, Seconds(j.Job.Submit), start, end, strconv.Itoa(j.Job.GPUs),
				string(j.GPUType), strconv.Itoa(j.Preemptions), queue, status}
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// Seconds formats t as seconds with millisecond precision and no trailing zeros.
func Seconds(t core.Time) string { return strconv.FormatFloat(t.Seconds(), 'f', -1, 64) }
