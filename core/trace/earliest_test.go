package trace

import (
	"strings"
	"testing"

	"schedlab/core"
)

// TestSinceEarliest: absolute submit times become offsets from the earliest; an offset beyond
// 1e12 s (a year-1 date-time beside a number of seconds near the bound) is an error on its line.
func TestSinceEarliest(t *testing.T) {
	const head = "job_id,gpu_num,submit_time,duration\n"
	tests := []struct {
		name, in string
		want     []core.Time // submit offsets
		err      string
	}{
		{name: "date-times", in: head + "a,1,2020-06-09 18:41:27,5\nb,1,2020-06-09 18:41:01,5\n",
			want: []core.Time{26 * core.Second, 0}},
		{name: "seconds", in: head + "a,1,100,5\nb,1,40.5,5\n", want: []core.Time{59500, 0}},
		{name: "too far apart", in: head + "a,1,0001-01-01 00:00:00,5\nb,1,1000000000000,5\n",
			err: "x.csv:3: submit_time: more than 1e12 s after the earliest"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			jobs, _, err := Read("x.csv", strings.NewReader(tt.in), "helios", nil)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("got error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for i, j := range jobs {
				if j.Submit != tt.want[i] {
					t.Errorf("job %d: got submit %v, want %v", i, j.Submit, tt.want[i])
				}
			}
		})
	}
}
