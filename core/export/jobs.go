package export

import (
	"encoding/csv"
	"io"
	"strconv"

	"schedlab/core"
	"schedlab/core/sim"
)

// JobsHeader is the per-job CSV header.
// wait_s is the job's whole waiting (queueing and every wait after a preemption), and the
// wait_CLASS_s columns split it by reason class (sim.Result.WaitBy).
var JobsHeader = []string{"policy", "job_id", "submit_s", "first_start_s", "end_s", "gpus", "gpu_type", "preemptions", "queue_s", "status",
	"wait_s", "wait_capacity_s", "wait_shape_s", "wait_order_s", "wait_held_s", "wait_script_s"}

// NormTputColumn is appended to JobsHeader when any exported run shares GPUs (sim.Result.Sharing):
// the job's mean normalised throughput, NormTput. Runs without sharing keep the contract header.
const NormTputColumn = "norm_tput"

// NormTput is a job's mean normalised throughput while it held GPUs: the time it would have
// needed alone at its isolated speed (JobRecord.Effective) ÷ the wall time it held GPUs
// (JobRecord.Held), in (0, 1]; 1 means co-location never slowed it. A restore stall after a
// preemption counts as held time without progress, so it lowers the figure too. ok is false for
// a job that never held GPUs.
func NormTput(j *sim.JobRecord) (v float64, ok bool) {
	if j.Held <= 0 {
		return 0, false
	}
	return j.Effective / float64(j.Held), true
}

// FormatNormTput is NormTput as the CSV and the app show it: six decimals, empty when undefined.
func FormatNormTput(j *sim.JobRecord) string {
	v, ok := NormTput(j)
	if !ok {
		return ""
	}
	return strconv.FormatFloat(v, 'f', 6, 64)
}

// Run is one policy's result to export.
type Run struct {
	Policy string
	Result *sim.Result
}

// WriteJobsCSV writes the header and one row per job of every run: times in seconds with
// millisecond precision, empty where there is none; status done, rejected or unfinished. When
// any run shares GPUs every row gets a norm_tput cell (empty for the runs that do not share).
func WriteJobsCSV(w io.Writer, runs []Run) error {
	cw := csv.NewWriter(w)
	sharing := false
	for _, r := range runs {
		sharing = sharing || r.Result.Sharing
	}
	header := JobsHeader
	if sharing {
		header = append(append([]string(nil), JobsHeader...), NormTputColumn)
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, r := range runs {
		for i := range r.Result.Jobs {
			j := &r.Result.Jobs[i]
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
			rec = appendWaits(rec, r.Result, i)
			if sharing {
				nt := ""
				if r.Result.Sharing {
					nt = FormatNormTput(j)
				}
				rec = append(rec, nt)
			}
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// appendWaits adds job i's wait_s and wait_CLASS_s cells (empty for a rejected job, which never
// waited).
func appendWaits(rec []string, r *sim.Result, i int) []string {
	if r.Jobs[i].Status == sim.Rejected {
		return append(rec, "", "", "", "", "", "")
	}
	by := r.WaitBy(i)
	var total core.Time
	for _, t := range by {
		total += t
	}
	rec = append(rec, Seconds(total))
	for _, c := range sim.Classes() {
		rec = append(rec, Seconds(by[c]))
	}
	return rec
}

// Seconds formats t as seconds with millisecond precision and no trailing zeros.
func Seconds(t core.Time) string { return strconv.FormatFloat(t.Seconds(), 'f', -1, 64) }
