package scenario

import (
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	ok := Spec{Generate: "philly:jobs=10", Cluster: "2x4", Policies: []string{"fifo"}}
	if err := ok.Validate(); err != nil {
		t.Fatalf("a plain spec: %v", err)
	}
	one := 1.0
	tests := []struct {
		name  string
		spoil func(s *Spec)
		want  string
	}{
		{"both workloads", func(s *Spec) { s.Trace = "x.csv" }, "exactly one of generate and trace"},
		{"no workload", func(s *Spec) { s.Generate = "" }, "exactly one of generate and trace"},
		{"no policy", func(s *Spec) { s.Policies = nil }, "no policy"},
		{"blank policy", func(s *Spec) { s.Policies = []string{"fifo", " "} }, "empty policy name"},
		{"negative cost", func(s *Spec) { s.CheckpointCost = -1 }, "must not be negative"},
		{"millisecond round", func(s *Spec) { s.Round = 0.001 }, "round 0.001 s: want at least 1 s"},
		{"empty window", func(s *Spec) { s.WindowFrom, s.WindowTo = 5, 5 }, "window [5, 5) is empty"},
		{"columns without mapped", func(s *Spec) { s.Trace, s.Generate, s.Format, s.Columns = "x.csv", "", "philly", "submit=t" }, "columns is a mapping"},
		{"progress", func(s *Spec) { s.Progress = "fast" }, `progress "fast"`},
	}
	for _, tc := range tests {
		s := ok
		s.FirstRound = &one
		tc.spoil(&s)
		if err := s.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
}
