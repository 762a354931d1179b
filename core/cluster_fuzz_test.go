package core

import (
	"strings"
	"testing"
)

// TestParseClusterRefusesHugeBeforeAllocating wants specs past MaxGPUs refused, one group at a
// time or summed over groups (a typo in the app's spec field must not exhaust wasm's memory).
func TestParseClusterRefusesHugeBeforeAllocating(t *testing.T) {
	for _, spec := range []string{"100000x1024", "1000x1024+1000x1024", "1025x1024"} {
		allocs := testing.AllocsPerRun(1, func() {
			if _, err := ParseCluster(spec); err == nil || !strings.Contains(err.Error(), "more than 1048576 GPUs") {
				t.Errorf("%s: got %v, want the size limit", spec, err)
			}
		})
		if allocs > 50 {
			t.Errorf("%s: %v allocations before refusing, want a handful", spec, allocs)
		}
	}
	if c, err := ParseCluster("1024x1024"); err != nil || c.NumGPUs() != MaxGPUs {
		t.Errorf("the largest cluster: got %v", err)
	}
}

// FuzzParseCluster: any spec either parses to a cluster whose canonical String() parses back to
// the same cluster, or fails with a "cluster spec" error; never a panic.
func FuzzParseCluster(f *testing.F) {
	for _, s := range []string{"16x8", "36x1:K80+36x1:P100+36x1:V100", "4x8,cpu=32", "2X4:v100m32,mem=100,gpumem=30,bw=300/100",
		" 1x2 : tesla v100 ", "", "+", "0x8", "1x1,bw=1/", "1e3x2", "9999999999x1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		c, err := ParseCluster(spec)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "cluster spec") {
				t.Fatalf("%q: error %q does not name the cluster spec", spec, err)
			}
			return
		}
		if n := c.NumGPUs(); n <= 0 || n > MaxGPUs {
			t.Fatalf("%q: %d GPUs", spec, n)
		}
		canon := c.String()
		again, err := ParseCluster(canon)
		if err != nil {
			t.Fatalf("%q: canonical %q does not parse: %v", spec, canon, err)
		}
		if again.String() != canon || again.NumGPUs() != c.NumGPUs() || len(again.Servers) != len(c.Servers) {
			t.Fatalf("%q: canonical %q parses to %q", spec, canon, again.String())
		}
		for i := range c.Servers {
			if c.Servers[i] != again.Servers[i] {
				t.Fatalf("%q: server %d: %+v, after the canonical round trip %+v", spec, i, c.Servers[i], again.Servers[i])
			}
		}
	})
}
