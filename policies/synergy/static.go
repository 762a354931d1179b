package synergy

import "fmt"

// physicalNames are the ten schedulers synergy-physical and synergy-static show. Each has a re-run
// of the authors' simulator on the static trace (reruns, Trace StaticTrace); so do drf+tune and
// tetris+tune, which the static trace's test checks.
var physicalNames = []string{"fifo+proportional", "fifo+tune", "las+proportional", "las+tune",
	"srtf+proportional", "srtf+tune", "ftf+proportional", "ftf+tune", "drf", "tetris"}

// staticReruns are the re-runs on the static trace.
func staticReruns() []Rerun {
	var out []Rerun
	for _, r := range reruns {
		if r.Trace == StaticTrace {
			out = append(out, r)
		}
	}
	return out
}

// staticExpected is policy's mean JCT on the static trace in seconds as the authors' simulator
// printed it (in hours; to 0.1 ms), and the re-run's command as its source; ok is false when it was
// not run.
func staticExpected(policy string) (seconds float64, source string, ok bool) {
	for _, r := range staticReruns() {
		if r.Policy == policy {
			return round4(r.Mean * 3600), r.command() + fmt.Sprintf(": Mean = %.4f h", r.Mean), true
		}
	}
	return 0, "", false
}
