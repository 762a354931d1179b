package pagelogic

import (
	"testing"

	"schedlab/core/trace"
)

// TestMappingSpec wants the form's choices written as the runner's -columns string, read back by
// trace.ParseMapping to the same text and by MappingChoices to the same choices.
func TestMappingSpec(t *testing.T) {
	tests := []struct {
		name    string
		choices []MapChoice
		want    string
	}{
		{"minimal", []MapChoice{{"submit", "t", "s"}, {"duration", "d", "ms"}, {"gpus", "g", "count"}, {"model", "", ""}},
			"submit=t:s,duration=d:ms,gpus=g:count"},
		{"clocks and text", []MapChoice{{"id", "job", ""}, {"submit", "queued_at", "datetime"}, {"duration", "runtime_ms", "ms"},
			{"gpus", "num_gpu", "count"}, {"model", "app", ""}, {"user", "team", ""}},
			"id=job,submit=queued_at:datetime,duration=runtime_ms:ms,gpus=num_gpu:count,model=app,user=team"},
		{"start and end", []MapChoice{{"submit", "a", "unix"}, {"start", "b", "unix"}, {"end", "c", "unix"}, {"gpus", "g", "milli"}},
			"submit=a:unix,start=b:unix,end=c:unix,gpus=g:milli"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := MappingSpec(tt.choices)
			if got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
			m, err := trace.ParseMapping(got)
			if err != nil {
				t.Fatalf("ParseMapping(%q): %v", got, err)
			}
			if m.String() != got {
				t.Errorf("ParseMapping(%q).String(): got %q, want it unchanged", got, m.String())
			}
			back := MappingChoices(got)
			for _, c := range tt.choices {
				if c.Column != "" && back[c.Field] != c {
					t.Errorf("%s: got %+v, want %+v", c.Field, back[c.Field], c)
				}
			}
		})
	}
}

func TestGuessMapping(t *testing.T) {
	tests := []struct {
		header []string
		want   string
	}{
		{[]string{"job_id", "Submit_Time", "runtime", "num_gpu", "app", "cost:usd", "a,b"},
			"id=job_id,submit=Submit_Time:s,duration=runtime:s,gpus=num_gpu:count"},
		{[]string{"x", "y"}, ""},
	}
	for _, tt := range tests {
		if got := GuessMapping(tt.header); got != tt.want {
			t.Errorf("GuessMapping(%q): got %q, want %q", tt.header, got, tt.want)
		}
	}
	if got, want := Mappable([]string{" a ", "b:c", "d,e", "a", ""}), []string{"a"}; len(got) != 1 || got[0] != want[0] {
		t.Errorf("Mappable: got %q, want %q", got, want)
	}
}
