package export

import (
	"bufio"
	"encoding/json"
	"io"
	"strconv"

	"schedlab/core"
)

// WriteTraceEvents writes the Chrome trace-event JSON of the runs' GPU allocations, which
// Perfetto and chrome://tracing open: one process per run and server ("policy / server N"), one
// thread per GPU, and one complete ("X") event per allocation interval and GPU, in microseconds.
// Every event's args carry the interval's index in sim.Result.Intervals, so the number of distinct
// (pid-run, interval) pairs is the run's interval count.
func WriteTraceEvents(w io.Writer, c *core.Cluster, runs []Run) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(`{"displayTimeUnit":"ms","traceEvents":[`)
	first := true
	sep := func() {
		if !first {
			bw.WriteByte(',')
		}
		first = false
		bw.WriteByte('\n')
	}
	for ri, r := range runs {
		for si, s := range c.Servers {
			pid := ri*len(c.Servers) + si + 1
			sep()
			bw.WriteString(`{"ph":"M","name":"process_name","pid":` + strconv.Itoa(pid) + `,"args":{"name":`)
			writeString(bw, r.Policy+" / server "+strconv.Itoa(si)+" ("+string(s.Type)+")")
			bw.WriteString(`}}`)
			for g := 0; g < s.GPUs; g++ {
				sep()
				bw.WriteString(`{"ph":"M","name":"thread_name","pid":` + strconv.Itoa(pid) + `,"tid":` +
					strconv.Itoa(s.FirstGPU+g) + `,"args":{"name":"GPU ` + strconv.Itoa(s.FirstGPU+g) + `"}}`)
			}
		}
		for ii, iv := range r.Result.Intervals {
			j := r.Result.Jobs[iv.Job].Job
			for _, g := range iv.GPUs {
				pid := ri*len(c.Servers) + c.ServerOf(int(g)) + 1
				sep()
				bw.WriteString(`{"ph":"X","name":`)
				writeString(bw, j.ID)
				bw.WriteString(`,"cat":`)
				writeString(bw, r.Policy)
				bw.WriteString(`,"pid":` + strconv.Itoa(pid) + `,"tid":` + strconv.Itoa(int(g)) +
					`,"ts":` + strconv.FormatInt(int64(iv.From)*1000, 10) +
					`,"dur":` + strconv.FormatInt(int64(iv.To-iv.From)*1000, 10) +
					`,"args":{"interval":` + strconv.Itoa(ii) + `,"job":` + strconv.Itoa(int(iv.Job)) + `,"model":`)
				writeString(bw, j.Model)
				bw.WriteString(`}}`)
			}
		}
	}
	bw.WriteString("\n]}\n")
	return bw.Flush()
}

func writeString(w *bufio.Writer, s string) {
	b, _ := json.Marshal(s) // a string always marshals
	w.Write(b)
}
