package core

import (
	"strings"
	"testing"
)

func TestParseCluster(t *testing.T) {
	tests := []struct {
		name, spec, canon   string
		gpus, servers       int
		cpu0, mem0, gpumem0 float64
		intra0, inter0      float64
		type0               GPUType
	}{
		{"default", "16x8", "16x8", 128, 16, 24, 500, 16, 128, 25, V100},
		{"hetero", "36x1:K80+36x1:P100+36x1:V100", "36x1:K80+36x1:P100+36x1", 108, 108, 3, 62.5, 12, 128, 25, K80},
		{"cpu per server", "4x8,cpu=32", "4x8,cpu=32", 32, 4, 32, 500, 16, 128, 25, V100},
		{"alias and options", "2X4:v100m32,mem=100,gpumem=30,bw=300/100", "2x4:V100M32,mem=100,gpumem=30,bw=300/100", 8, 2, 12, 100, 30, 300, 100, V100M32},
		{"case and spaces", " 1x2 : tesla v100 ", "1x2", 2, 1, 6, 125, 16, 128, 25, V100},
		// One group holds at most 100,000 servers: a longer run of identical ones stays split.
		{"group bound", "100000x1+1X1", "100000x1+1x1", 100001, 100001, 3, 62.5, 16, 128, 25, V100},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ParseCluster(tc.spec)
			if err != nil {
				t.Fatal(err)
			}
			s := c.Servers[0]
			if c.NumGPUs() != tc.gpus || len(c.Servers) != tc.servers {
				t.Errorf("got %d GPUs on %d servers, want %d on %d", c.NumGPUs(), len(c.Servers), tc.gpus, tc.servers)
			}
			if s.CPUs != tc.cpu0 || s.MemGB != tc.mem0 || s.GPUMemGB != tc.gpumem0 || s.IntraGbps != tc.intra0 || s.InterGbps != tc.inter0 || s.Type != tc.type0 {
				t.Errorf("server 0 = %+v", s)
			}
			if got := c.String(); got != tc.canon {
				t.Errorf("String() = %q, want %q", got, tc.canon)
			}
			again, err := ParseCluster(c.String())
			if err != nil || again.String() != c.String() {
				t.Errorf("canonical form does not round-trip: %v", err)
			}
		})
	}
}

func TestParseClusterErrors(t *testing.T) {
	for _, spec := range []string{"", "16", "0x8", "16x0", "-1x8", "16x8:H999", "16x8,cpu=0", "16x8,cpu=x",
		"16x8,bw=10", "16x8,foo=1", "16x8,cpu", "16x8+", "1e9x8", "16x8,mem=NaN", "16x8,mem=Inf", "16x8,cpu=1,CPU=2", "16x8++1x1"} {
		if _, err := ParseCluster(spec); err == nil {
			t.Errorf("ParseCluster(%q): no error", spec)
		}
	}
}

func TestServerOfAndTypes(t *testing.T) {
	c, err := ParseCluster("1x2:K80+2x4:P100")
	if err != nil {
		t.Fatal(err)
	}
	wantServer := []int{0, 0, 1, 1, 1, 1, 2, 2, 2, 2}
	for g, w := range wantServer {
		if c.ServerOf(g) != w {
			t.Errorf("ServerOf(%d) = %d, want %d", g, c.ServerOf(g), w)
		}
	}
	if got := c.Types(); len(got) != 2 || got[0] != K80 || got[1] != P100 {
		t.Errorf("Types() = %v", got)
	}
	if c.GPUsOfType(P100) != 8 || c.GPUsOfType("") != 10 {
		t.Errorf("GPUsOfType wrong")
	}
}

func TestParseClusterJSON(t *testing.T) {
	c, err := ParseClusterJSON("c.json", []byte(`{"servers":[{"count":2,"gpus":4,"type":"k80","cpu":16},{"count":1,"gpus":8}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := c.String(); got != "2x4:K80,cpu=16+1x8" {
		t.Errorf("got %q", got)
	}
	for _, bad := range []string{`{`, `{"servers":[]}`, `{"servers":[{"count":1,"gpus":0}]}`, `{"x":1}`, `{"servers":[{"count":1,"gpus":2,"cpu":-3}]}`} {
		if _, err := ParseClusterJSON("c.json", []byte(bad)); err == nil || !strings.HasPrefix(err.Error(), "c.json") {
			t.Errorf("ParseClusterJSON(%s): err = %v, want one naming the file", bad, err)
		}
	}
}

func TestModels(t *testing.T) {
	m := BuiltinModels()
	for _, alias := range []string{"res50", "resnet50", "ResNet-50", "RESNET_50"} {
		if got, ok := m.Lookup(alias); !ok || got.Name != "resnet50" {
			t.Errorf("Lookup(%q) = %v, %v", alias, got, ok)
		}
	}
	if _, ok := m.Lookup("nope"); ok {
		t.Error("unknown model found")
	}
	if got := m.Canonical("transformer"); got != "transformer-xl" {
		t.Errorf("Canonical(transformer) = %q", got)
	}
	if _, err := NewModels([]Model{{Name: "a"}, {Name: "b", Aliases: []string{"A"}}}); err == nil {
		t.Error("duplicate alias accepted")
	}
}

// TestParseClusterJSONDuplicateKeys: a key given twice in one object (ignoring case, as the
// decoder matches fields) is an error naming the second line, the path and the first line.
func TestParseClusterJSONDuplicateKeys(t *testing.T) {
	tests := []struct {
		name, doc, want string // want: the whole error, "" for none
	}{
		{"top level", "{\"servers\": [{\"count\": 1, \"gpus\": 8}],\n \"servers\": [{\"count\": 2, \"gpus\": 8}]}",
			"cluster.json:2: servers: duplicate key (first at line 1)"},
		{"in an array element", "{\"servers\": [\n  {\"count\": 1, \"gpus\": 8},\n  {\"count\": 2,\n   \"gpus\": 4,\n   \"type\": \"K80\",\n   \"gpus\": 8}]}",
			"cluster.json:6: servers[1].gpus: duplicate key (first at line 4)"},
		{"case differs", "{\"servers\": [{\"count\": 1, \"gpus\": 8, \"Type\": \"K80\",\n \"TYPE\": \"T4\"}]}",
			"cluster.json:2: servers[0].TYPE: duplicate key (first at line 1)"},
		{"no duplicate", "{\"servers\": [{\"count\": 1, \"gpus\": 8, \"type\": \"K80\"},\n {\"count\": 1, \"gpus\": 8, \"type\": \"K80\"}]}", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ParseClusterJSON("cluster.json", []byte(tc.doc))
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Fatalf("got error %q, want %q", got, tc.want)
			}
			if err == nil && c.String() != "2x8:K80" {
				t.Errorf("got cluster %q, want 2x8:K80", c.String())
			}
		})
	}
}
