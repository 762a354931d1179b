package clusterfile

import (
	"testing"

	"schedlab/core"
)

// TestDuplicateKeys: a key (or .ini section) given twice is an error naming its second line, the
// field and the first line, in both formats that have keys; a file without one parses as before.
func TestDuplicateKeys(t *testing.T) {
	const ini = "[CLUSTER]\nracks = 1\nservers_per_rack = 4\ngpus_per_server = 8\n"
	tests := []struct {
		name, in, want string // want: the whole error, "" for none
	}{
		{"ini key", ini + "servers_per_rack = 16\n", "c:5: servers_per_rack: duplicate key (first at line 3)"},
		{"ini key, case differs", ini + "GPUs_Per_Server=8\n", "c:5: gpus_per_server: duplicate key (first at line 4)"},
		{"ini ignored key", ini + "sspeed_per_server = 500\nsspeed_per_server = 400\n", "c:6: sspeed_per_server: duplicate key (first at line 5)"},
		{"ini key with a space", ini + "my key = 1\nMY KEY = 2\n", `c:6: key: "my key": duplicate key (first at line 5)`},
		{"ini section", ini + "[SCHEDULER]\nlease_time = 5\n[cluster]\ncpus_per_server = 24\n", "c:7: section: [CLUSTER] given twice (first at line 1)"},
		{"ini same key in two sections", ini + "[SCHEDULER]\nracks = 2\nlease_time = 5\n", ""},
		{"ini dotted section and key", ini + "[SCHEDULER]\nlease_time = 5\n[X.1]\ny = 1\n[X]\n1.y = 2\n", ""},
		{"json top level", "{\"servers\": [{\"count\": 4, \"gpus\": 8}],\n\"servers\": []}", "c:2: servers: duplicate key (first at line 1)"},
		{"json nested", "{\"servers\": [{\"count\": 4,\n \"gpus\": 8,\n \"Gpus\": 4}]}", "c:3: servers[0].Gpus: duplicate key (first at line 2)"},
		{"json none", "{\"servers\": [{\"count\": 4, \"gpus\": 8}]}", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Parse("c", []byte(tc.in))
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Fatalf("got error %q, want %q", got, tc.want)
			}
			if err != nil {
				if !errPattern.MatchString(got) {
					t.Errorf("error %q does not match %s", got, errPattern)
				}
				return
			}
			if f.Cluster.String() != "4x8" {
				t.Errorf("got cluster %s, want 4x8", f.Cluster)
			}
			if f.Format == "synergy" && f.Round != 300*core.Second {
				t.Errorf("got round %v, want 300 s", f.Round)
			}
		})
	}
}
