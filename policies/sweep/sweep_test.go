package sweep

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"schedlab/core/jsondup"
	"schedlab/policies/figure"
	"schedlab/policies/scenario"
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
		{"type", "{\n\"id\": \"x\",\n\"seeds\": 5\n}", "s.json:3: seeds: want a string, got a JSON number"},
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
		{"params unknown, two", `{"id": "x", "seeds": "1", "metrics": ["m"], "policies": ["a"], "generate": "philly", "params": {"c": {}, "b": {}}}`, "params.b: not one of the policies"}, // the first by name, not by map order
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
// yields a valid figure whose every cell's spec, in every reading, validates.
func FuzzParse(f *testing.F) {
	f.Add([]byte(example))
	f.Add([]byte(`{"id": "x", "seeds": "1", "metrics": ["m"], "policies": ["a"], "generate": "philly", "sweep": {"param": "params.a.k", "values": ["v", 1]}}`))
	f.Add([]byte(`{"id": "x", "seeds": "1", "metrics": ["m"], "policies": ["a"], "trace": "t", "sweep": {"param": "round_s", "values": [1e3]}}`))
	f.Add([]byte("{\"id\": \"x\", \"seeds\": \"1\",\n\"params\": {\"a\": {\"k\": 1, \"K\": 2}}, \"ID\": \"y\"}"))
	f.Add([]byte(withChoices))
	f.Add([]byte(`{"id": "x", "seeds": "1", "metrics": ["m"], "policies": ["a"], "generate": "philly", "choices": [{"name": "p", "values": [{"name": "c", "set": {}}]}]}`))
	f.Add([]byte(`{"id": "x", "seeds": "1", "metrics": ["m"], "policies": ["a"], "generate": "philly", "choices": [{"name": "p", "values": [{"name": "c", "set": {"params.a": {"k": 1}}}, {"name": "d", "set": {"params.a.k": [2], "trace": "t"}}]}]}`))
	f.Add([]byte(`{"id": "x", "seeds": "1", "metrics": ["m"], "policies": ["a"], "generate": "philly", "sweep": {"param": "round_s", "values": [60]}, "choices": [{"name": "p", "values": [{"name": "c", "set": {"round_s": 1}}, {"name": "c", "set": {"progress": "exact"}}]}, {"name": "p", "values": []}]}`))
	dup := regexp.MustCompile(`^f\.json:\d+: \S+: duplicate key \(first at line \d+\)$`)
	f.Fuzz(func(t *testing.T, data []byte) {
		_, fig, err := Parse("f.json", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.json:") {
				t.Fatalf("error without file name: %v", err)
			}
			if d := (*jsondup.Dup)(nil); errors.As(err, &d) && !dup.MatchString(err.Error()) {
				t.Fatalf("duplicate key error %q does not match %s", err, dup)
			}
			return
		}
		if err := fig.Validate(); err != nil {
			t.Fatal(err)
		}
		for _, c := range fig.Cells(fig.Seeds[:1]) {
			if spec := fig.Spec(c); spec.Validate() != nil {
				t.Fatalf("cell %+v: %v", c, spec.Validate())
			}
		}
	})
}

func TestFileOfParsesBack(t *testing.T) {
	spec := scenario.Spec{Generate: "philly:jobs=100,rate=9", Cluster: "16x8", Policies: []string{"fifo", "las"},
		Params: map[string]json.RawMessage{"las": json.RawMessage(`{"queues":2}`)}, Round: 60, Seed: 7}
	data, err := FileOf("my-run", spec)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte(`"seed"`)) || !bytes.Contains(data, []byte(`"seeds": "7"`)) {
		t.Errorf("exported file:\n%s", data)
	}
	_, fig, err := Parse("my-run.json", data)
	if err != nil {
		t.Fatal(err)
	}
	got := fig.Cell(0, 1, 7)
	var params bytes.Buffer
	json.Compact(&params, got.Params["las"])
	if got.Generate != spec.Generate || got.Cluster != "16x8" || got.Round != 60 || got.Policies[0] != "las" ||
		params.String() != `{"queues":2}` || got.Seed != 7 {
		t.Errorf("cell of the exported file: %+v", got)
	}
	if _, err := FileOf("bad id", spec); err == nil {
		t.Error("an id with a space was exported")
	}
}

func TestFigureOfCSV(t *testing.T) {
	_, fig, err := Parse("s.json", []byte(example))
	if err != nil {
		t.Fatal(err)
	}
	var rows []figure.Row
	for _, c := range fig.Cells(fig.Seeds) {
		vals := make([]float64, len(fig.Metrics))
		for m, met := range fig.Metrics {
			vals[m] = float64(c.Index) + float64(len(met.Name))
		}
		rows = append(rows, fig.Rows(c, vals)...)
	}
	var b bytes.Buffer
	if err := fig.WriteCSV(&b, rows); err != nil {
		t.Fatal(err)
	}
	got, back, err := FigureOfCSV("m.csv", b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != fig.ID || !slices.Equal(got.Sweep.Values, fig.Sweep.Values) || len(got.Series) != 2 ||
		got.Series[1].Name != "tiresias" || got.Metrics[1].Unit != "1" || figure.FormatSeeds(got.Seeds) != "1-3" || got.Chart != figure.Lines {
		t.Errorf("inferred figure %+v", got)
	}
	var again bytes.Buffer
	got.WriteCSV(&again, back)
	if again.String() != b.String() {
		t.Errorf("rows read back write other bytes:\n%s\nwant\n%s", again.String(), b.String())
	}
	for _, bad := range []struct{ doc, want string }{
		{"", "m.csv:1: header"},
		{figure.CSVHeader + "\n", "no rows"},
		{figure.CSVHeader + "\na,,r,1,s,1,m,s,1\nb,,r,1,s,1,m,s,1\n", "m.csv:3: figure: b, r: one figure per file"},
		{figure.CSVHeader + "\na,,r,1,s,x,m,s,1\n", "m.csv:2: seed"},
		{figure.CSVHeader + "\na,,r,1,s,1,m,s,1\na,,r,1,s,1,m,h,1\n", "m.csv:3: unit"},
		{figure.CSVHeader + "\na,r,1,s,1\n", "wrong number of fields"},
	} {
		if _, _, err := FigureOfCSV("m.csv", []byte(bad.doc)); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: got %v, want %q", bad.doc, err, bad.want)
		}
	}
}

// FuzzFigureOfCSV: any bytes are a figure and rows that write back to a CSV reading the same, or an
// error naming the file; never a panic.
func FuzzFigureOfCSV(f *testing.F) {
	f.Add([]byte(figure.CSVHeader + "\na,,rate,4,fifo,1,mean_jct_s,s,12.5\na,,rate,8,fifo,1,mean_jct_s,s,13\n"))
	f.Add([]byte(figure.CSVHeader + "\n\"a,b\",,,\"s\"\"x\",2,m,1,0.5\n"))
	f.Add([]byte(figure.CSVHeader + "\na,\"p=1,q=x\",rate,4,fifo,1,m,s,1\na,\"p=2,q=x\",rate,4,fifo,1,m,s,2\na,\"p=2,q=y\",rate,4,fifo,1,m,s,3\n"))
	f.Add([]byte(figure.CSVHeader + "\na,p=1,,,s,1,m,s,1\na,,,,s,1,m,s,1\na,\"p=1,p=2\",,,s,1,m,s,1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		fig, rows, err := FigureOfCSV("f.csv", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.csv") {
				t.Fatalf("error without file name: %v", err)
			}
			return
		}
		var b bytes.Buffer
		if err := fig.WriteCSV(&b, rows); err != nil {
			t.Fatal(err)
		}
		if _, again, err := FigureOfCSV("f.csv", b.Bytes()); err != nil || len(again) != len(rows) {
			t.Fatalf("written back: %v (%d rows, want %d)", err, len(again), len(rows))
		}
	})
}

// TestNames checks the id and metric tests against the patterns they replace, on the edges: the
// empty name, 64 and 65 characters, each allowed and refused first and later character, non-ASCII.
func TestNames(t *testing.T) {
	id := regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)
	metric := regexp.MustCompile(`^[a-z][a-z0-9_.]{0,63}$`)
	cases := []string{"", "a", "A", "0", ".", "_", "-", "a.b_c-d", "mean_jct_s", "gpu.util", "Mean", "a b",
		"a/b", "é", "aé", "a\n", strings.Repeat("a", 64), strings.Repeat("a", 65), "9lives", "x-", "x.", "x_"}
	for c := byte(0); c < 128; c++ {
		cases = append(cases, string([]byte{c}), "a"+string([]byte{c}))
	}
	for _, s := range cases {
		if got, want := validID(s), id.MatchString(s); got != want {
			t.Errorf("validID(%q) = %v, the pattern says %v", s, got, want)
		}
		if got, want := validMetric(s), metric.MatchString(s); got != want {
			t.Errorf("validMetric(%q) = %v, the pattern says %v", s, got, want)
		}
	}
}
