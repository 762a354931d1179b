package sweep

import (
	"strings"
	"testing"

	"schedlab/policies/figure"
)

const example = `{
  "id": "load-sweep",
  "caption": "mean JCT as the load grows",
  "generate": "philly:jobs=200,rate=4",
  "cluster": "4x8",
  "policies": ["fifo", "tiresias"],
  "params": {"tiresias": {"queues": 2}},
  "sweep": {"param": "generate.rate", "label": "load (jobs/h)", "values": [4, 8, "12"]},
  "seeds": "1-3",
  "metrics": ["mean_jct_s", "gpu_util"]
}`

func TestParseBuildsTheFigure(t *testing.T) {
	file, fig, err := Parse("s.json", []byte(example))
	if err != nil {
		t.Fatal(err)
	}
	if fig.ID != "load-sweep" || fig.Chart != figure.Lines || file.Caption == "" {
		t.Errorf("got id %q chart %q", fig.ID, fig.Chart)
	}
	if got := strings.Join(fig.Sweep.Values, " "); fig.Sweep.Name != "rate" || got != "4 8 12" {
		t.Errorf("got sweep %q over %q, want rate over 4 8 12", fig.Sweep.Name, got)
	}
	if fig.Metrics[0].Unit != "s" || fig.Metrics[1].Unit != "1" {
		t.Errorf("got units %q %q, want s and 1", fig.Metrics[0].Unit, fig.Metrics[1].Unit)
	}
	if got := figure.FormatSeeds(fig.Seeds); got != "1-3" {
		t.Errorf("got seeds %s", got)
	}
	if n := len(fig.Cells(fig.Seeds)); n != 3*2*3 {
		t.Errorf("got %d cells, want 18", n)
	}
	spec := fig.Cell(2, 1, 7)
	if spec.Generate != "philly:jobs=200,rate=12" || spec.Cluster != "4x8" || spec.Seed != 7 ||
		len(spec.Policies) != 1 || spec.Policies[0] != "tiresias" || string(spec.Params["tiresias"]) != `{"queues": 2}` {
		t.Errorf("cell (2, 1, 7): got %+v", spec)
	}
	if spec := fig.Cell(0, 0, 1); spec.Params != nil || spec.Policies[0] != "fifo" {
		t.Errorf("cell (0, 0, 1): fifo got tiresias's parameters: %+v", spec)
	}
}

func TestSweptParameters(t *testing.T) {
	base := `"generate": "philly:jobs=50", "policies": ["fifo", "tiresias"], "seeds": "1", "metrics": ["mean_jct_s"]`
	tests := []struct {
		param, values string
		check         func(t *testing.T, fig *figure.Figure)
	}{
		{"cluster", `["2x8", "4x8"]`, func(t *testing.T, fig *figure.Figure) {
			if got := fig.Cell(1, 0, 1).Cluster; got != "4x8" {
				t.Errorf("got cluster %q", got)
			}
		}},
		{"generate.jobs", `[10]`, func(t *testing.T, fig *figure.Figure) {
			if got := fig.Cell(0, 0, 1).Generate; got != "philly:jobs=10" {
				t.Errorf("got %q", got)
			}
		}},
		{"trace", `["a.csv"]`, func(t *testing.T, fig *figure.Figure) {
			if s := fig.Cell(0, 0, 1); s.Trace != "a.csv" || s.Generate != "" {
				t.Errorf("got %+v", s)
			}
		}},
		{"round_s", `[60, 600]`, func(t *testing.T, fig *figure.Figure) {
			if got := fig.Cell(1, 1, 1).Round; got != 600 {
				t.Errorf("got round %v", got)
			}
		}},
		{"params.tiresias.queues", `[2, "3"]`, func(t *testing.T, fig *figure.Figure) {
			if got := string(fig.Cell(1, 1, 1).Params["tiresias"]); got != `{"queues":3}` {
				t.Errorf("got %s", got)
			}
			if got := fig.Cell(1, 0, 1).Params; got != nil {
				t.Errorf("fifo got %v", got)
			}
		}},
	}
	for _, tc := range tests {
		doc := `{"id": "x", ` + base + `, "sweep": {"param": "` + tc.param + `", "values": ` + tc.values + `}}`
		_, fig, err := Parse("s.json", []byte(doc))
		if err != nil {
			t.Errorf("%s: %v", tc.param, err)
			continue
		}
		tc.check(t, fig)
	}
}

func TestErrorsNameFileLineAndField(t *testing.T) {
	tests := []struct{ name, doc, want string }{
		{"syntax", "{\n\"id\": \"x\",\n}", "s.json:3: "},
		{"type", "{\n\"id\": \"x\",\n\"seeds\": 5\n}", "s.json:3: seeds: want string"},
		{"unknown", "{\"id\": \"x\",\n\"sede\": \"1\"}", "s.json:2: sede: unknown field"},
		{"id", `{"id": "a b"}`, "s.json:1: id: "},
		{"seed", "{\"id\": \"x\",\n\"seed\": 3}", "s.json:2: seed: a sweep runs every seed"},
		{"seeds", "{\"id\": \"x\",\n\"seeds\": \"3-1\"}", "s.json:2: seeds: "},
		{"metrics", "{\"id\": \"x\", \"seeds\": \"1\",\n\"metrics\": []}", "s.json:2: metrics: required"},
		{"policies", `{"id": "x", "seeds": "1", "metrics": ["m"], "policies": []}`, "policies: required"},
		{"twice", `{"id": "x", "seeds": "1", "metrics": ["m"], "policies": ["a", "a"]}`, `policies: "a" given twice`},
		{"chart", `{"id": "x", "seeds": "1", "metrics": ["m"], "policies": ["a"], "generate": "philly", "chart": "pie"}`, "chart: \"pie\""},
		{"no workload", `{"id": "x", "seeds": "1", "metrics": ["m"], "policies": ["a"]}`, "exactly one of generate and trace"},
		{"param", "{\"id\": \"x\", \"seeds\": \"1\", \"metrics\": [\"m\"], \"policies\": [\"a\"], \"generate\": \"philly\",\n\"sweep\": {\"param\": \"speed\", \"values\": [1]}}", "s.json:2: sweep.param: speed = \"1\": unknown parameter"},
		{"values", `{"id": "x", "seeds": "1", "metrics": ["m"], "policies": ["a"], "generate": "philly", "sweep": {"param": "cluster", "values": ["2x8", "2x8"]}}`, "sweep.values: \"2x8\" is empty or given twice"},
		{"value type", `{"id": "x", "seeds": "1", "metrics": ["m"], "policies": ["a"], "generate": "philly", "sweep": {"param": "cluster", "values": [true]}}`, "want a string or a number"},
		{"gen on trace", `{"id": "x", "seeds": "1", "metrics": ["m"], "policies": ["a"], "trace": "t.csv", "sweep": {"param": "generate.rate", "values": [1]}}`, "not generated"},
		{"params policy", `{"id": "x", "seeds": "1", "metrics": ["m"], "policies": ["a"], "generate": "philly", "sweep": {"param": "params.b.k", "values": [1]}}`, "POLICY one of the policies"},
		{"params unknown", `{"id": "x", "seeds": "1", "metrics": ["m"], "policies": ["a"], "generate": "philly", "params": {"b": {}}}`, "params.b: not one of the policies"},
		{"round", `{"id": "x", "seeds": "1", "metrics": ["m"], "policies": ["a"], "generate": "philly", "sweep": {"param": "round_s", "values": [0.5]}}`, "with round_s = 0.5: spec: round 0.5 s"},
		{"two values", `{"id": "x"} {}`, "more than one JSON value"},
		{"truncated", `{"id": "x"`, "not a complete JSON object"},
	}
	for _, tc := range tests {
		_, _, err := Parse("s.json", []byte(tc.doc))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
}

// FuzzParse: any input is a sweep or an error naming the file, never a panic; an accepted sweep
// yields a valid figure whose every cell's spec validates.
func FuzzParse(f *testing.F) {
	f.Add([]byte(example))
	f.Add([]byte(`{"id": "x", "seeds": "1", "metrics": ["m"], "policies": ["a"], "generate": "philly", "sweep": {"param": "params.a.k", "values": ["v", 1]}}`))
	f.Add([]byte(`{"id": "x", "seeds": "1", "metrics": ["m"], "policies": ["a"], "trace": "t", "sweep": {"param": "round_s", "values": [1e3]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, fig, err := Parse("f.json", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.json:") {
				t.Fatalf("error without file name: %v", err)
			}
			return
		}
		if err := fig.Validate(); err != nil {
			t.Fatal(err)
		}
		for _, c := range fig.Cells(fig.Seeds[:1]) {
			if spec := fig.Cell(c.X, c.S, c.Seed); spec.Validate() != nil {
				t.Fatalf("cell %+v: %v", c, spec.Validate())
			}
		}
	})
}
