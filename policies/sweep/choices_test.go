package sweep

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"schedlab/policies/figure"
)

// withChoices compares fifo and las under two choices: the placement (a run option) and LAS's
// queues (a policy parameter, merged into the file's own).
const withChoices = `{
  "id": "my-choices",
  "generate": "philly:jobs=20,rate=9",
  "cluster": "2x8",
  "policies": ["fifo", "las"],
  "params": {"las": {"thresholds_gpu_s": [3600]}},
  "sweep": {"param": "generate.rate", "values": [6, 12]},
  "seeds": "1-2",
  "metrics": ["mean_jct_s"],
  "choices": [
    {"name": "placement", "label": "where a job's GPUs go", "values": [
      {"name": "consolidate", "set": {}},
      {"name": "spread", "set": {"placement": "spread", "round_s": 60}}
    ]},
    {"name": "queues", "values": [
      {"name": "two", "set": {"params.las": {"queues": 2}}},
      {"name": "three", "set": {"params.las.queues": 3}}
    ]}
  ]
}`

func TestChoicesMakeReadings(t *testing.T) {
	_, fig, err := Parse("s.json", []byte(withChoices))
	if err != nil {
		t.Fatal(err)
	}
	if err := fig.Validate(); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range fig.Readings() {
		names = append(names, r.Name)
	}
	want := []string{"placement=consolidate,queues=two", "placement=consolidate,queues=three",
		"placement=spread,queues=two", "placement=spread,queues=three"}
	if !slices.Equal(names, want) || fig.Choices[0].Label != "where a job's GPUs go" {
		t.Fatalf("readings %q, want %q", names, want)
	}
	if n := len(fig.Cells(fig.Seeds)); n != 4*2*2*2 {
		t.Errorf("%d cells, want 32", n)
	}
	rs := fig.Readings()
	// Reading 3 (spread, three queues) at rate 12, las, seed 5.
	spec := fig.Spec(figure.Cell{R: 3, X: 1, S: 1, Seed: 5})
	if spec.Placement != "spread" || spec.Round != 60 || spec.Generate != "philly:jobs=20,rate=12" || spec.Seed != 5 ||
		string(spec.Params["las"]) != `{"queues":3,"thresholds_gpu_s":[3600]}` {
		t.Errorf("reading %s, las: %+v %s", rs[3].Name, spec, spec.Params["las"])
	}
	// The default reading leaves the file's settings; queues=two merges into LAS's parameters only.
	spec = fig.Spec(figure.Cell{R: 0, X: 0, S: 1, Seed: 1})
	if spec.Placement != "" || spec.Round != 0 || string(spec.Params["las"]) != `{"queues":2,"thresholds_gpu_s":[3600]}` {
		t.Errorf("reading %s, las: %+v %s", rs[0].Name, spec, spec.Params["las"])
	}
	if spec := fig.Spec(figure.Cell{R: 3, X: 0, S: 0, Seed: 1}); spec.Params != nil || spec.Placement != "spread" {
		t.Errorf("fifo under %s got %+v", rs[3].Name, spec)
	}
	if got, err := fig.SelectReadings("queues=three"); err != nil || !slices.Equal(got, []int{1, 3}) {
		t.Errorf("queues=three: %v %v", got, err)
	}
}

// TestChoiceErrors: hostile choices are refused naming the file, the line and the field.
func TestChoiceErrors(t *testing.T) {
	base := "{\"id\": \"x\", \"seeds\": \"1\", \"metrics\": [\"m\"], \"policies\": [\"a\", \"b\"], \"generate\": \"philly\",\n"
	value := func(name, set string) string { return `{"name": "` + name + `", "set": ` + set + `}` }
	choice := func(name string, values ...string) string {
		return "{\"name\": \"" + name + "\", \"values\": [\n" + strings.Join(values, ",\n") + "]}"
	}
	two := choice("p", value("c", `{}`), value("s", `{"placement": "spread"}`))
	tests := []struct{ name, choices, want string }{
		{"one value", choice("p", value("c", `{}`)), "s.json:3: choices[0].values: choice p has 1 value(s): want at least two"},
		{"no values", `{"name": "p"}`, "s.json:3: choices[0].values: choice p has 0 value(s)"},
		{"duplicate value", choice("p", value("c", `{}`), value("c", `{"placement": "spread"}`)), `s.json:5: choices[0].values[1].name: "c" given twice in choice p`},
		{"same settings", choice("p", value("c", `{"round_s": 60}`), value("d", `{"round_s":  60}`)), "s.json:5: choices[0].values[1].set: p=d sets what p=c sets"},
		{"duplicate choice", two + ",\n" + two, `s.json:6: choices[1].name: "p" given twice`},
		{"bad name", choice("a=b", value("c", `{}`), value("d", `{"round_s": 1}`)), `s.json:3: choices[0].name: "a=b": want`},
		{"bad value name", choice("p", value("c,d", `{}`), value("d", `{"round_s": 1}`)), `s.json:4: choices[0].values[0].name: "c,d": want`},
		{"unknown setting", choice("p", value("c", `{}`), value("d", `{"speed": 2}`)), "s.json:5: choices[0].values[1].set.speed: unknown setting"},
		{"params of no policy", choice("p", value("c", `{}`), value("d", `{"params.z.k": 2}`)), `s.json:5: choices[0].values[1].set.params.z.k: "z" is not one of the policies`},
		{"params not an object", choice("p", value("c", `{}`), value("d", `{"params.a": [1]}`)), "s.json:5: choices[0].values[1].set.params.a: want a JSON object"},
		{"value kind", choice("p", value("c", `{}`), value("d", `{"cluster": true}`)), "s.json:5: choices[0].values[1].set.cluster: true: want a string or a number"},
		{"bad placement", choice("p", value("c", `{}`), value("d", `{"placement": "far"}`)), `s.json:5: choices[0].values[1].set: placement = "far": unknown placement`},
		{"bad number", choice("p", value("c", `{}`), value("d", `{"round_s": "soon"}`)), `s.json:5: choices[0].values[1].set: round_s = "soon": not a number`},
		{"bad spec", choice("p", value("c", `{}`), value("d", `{"round_s": 0.5}`)), "s.json:2: with reading p=d: spec: round 0.5 s"},
		{"bad progress", choice("p", value("c", `{}`), value("d", `{"progress": "fast"}`)), `with reading p=d: spec: progress "fast"`},
		{"overlap", two + ",\n" + choice("q", value("x", `{}`), value("y", `{"placement": "random"}`)), "s.json:8: choices[1]: choice q sets placement, which choice p sets too"},
		{"overlap params", choice("p", value("c", `{}`), value("d", `{"params.a": {"k": 1}}`)) + ",\n" + choice("q", value("x", `{}`), value("y", `{"params.a.k": 2}`)), "choice q sets params.a.k, which choice p sets too (params.a)"},
		{"overlap workload", choice("p", value("c", `{}`), value("d", `{"trace": "t.csv"}`)) + ",\n" + choice("q", value("x", `{}`), value("y", `{"generate.rate": 2}`)), "choice q sets generate.rate, which choice p sets too (trace)"},
	}
	for _, tc := range tests {
		doc := base + "\"choices\": [\n" + tc.choices + "]}"
		_, _, err := Parse("s.json", []byte(doc))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q\n%s", tc.name, err, tc.want, doc)
		}
	}
	// The swept parameter is one more owner of what it sets.
	doc := base + "\"sweep\": {\"param\": \"round_s\", \"values\": [60]},\n\"choices\": [" + choice("p", value("c", `{}`), value("d", `{"round_s": 30}`)) + "]}"
	if _, _, err := Parse("s.json", []byte(doc)); err == nil || !strings.Contains(err.Error(), "choice p sets round_s, which the swept parameter sets too") {
		t.Errorf("choice over the swept parameter: %v", err)
	}
	// Too many readings: eleven two-valued choices.
	var many []string
	for i := range 11 {
		many = append(many, choice(fmt.Sprint("c", i), value("a", `{}`), value("b", fmt.Sprintf(`{"generate.k%d": 1}`, i))))
	}
	if _, _, err := Parse("s.json", []byte(base+"\"choices\": ["+strings.Join(many, ",")+"]}")); err == nil || !strings.Contains(err.Error(), "more than 1024 readings") {
		t.Errorf("eleven choices: %v", err)
	}
}

// TestCheckParams: a policy parameter the registry refuses is named with its line and field,
// whether the file's own, a swept one or a choice's.
func TestCheckParams(t *testing.T) {
	check := func(policy string, params json.RawMessage) error {
		var m map[string]any
		if err := json.Unmarshal(params, &m); err != nil {
			return err
		}
		for k := range m {
			if k != "queues" && k != "thresholds_gpu_s" {
				return fmt.Errorf("policy %s: unknown key %q", policy, k)
			}
		}
		return nil
	}
	file, _, err := Parse("s.json", []byte(withChoices))
	if err != nil {
		t.Fatal(err)
	}
	if err := file.CheckParams(check); err != nil {
		t.Errorf("a good file: %v", err)
	}
	for _, tc := range []struct{ from, to, want string }{
		{`"params.las.queues": 3`, `"params.las.queuez": 3`, `s.json:17: choices[1].values[1].set.params.las.queuez: policy las: unknown key "queuez"`},
		{`"params.las": {"queues": 2}`, `"params.las": {"queues": 2, "quota": 1}`, `s.json:16: choices[1].values[0].set.params.las: policy las: unknown key "quota"`},
		{`{"thresholds_gpu_s": [3600]}`, `{"threshold": 1}`, `s.json:6: params.las: policy las: unknown key "threshold"`},
		{`"generate.rate"`, `"params.fifo.speed"`, `s.json:7: sweep.values: params.fifo.speed = 6: policy fifo: unknown key "speed"`},
	} {
		doc := strings.Replace(withChoices, tc.from, tc.to, 1)
		file, _, err := Parse("s.json", []byte(doc))
		if err == nil {
			err = file.CheckParams(check)
		}
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: got %v, want %s", tc.to, err, tc.want)
		}
	}
	_, fig, _ := Parse("s.json", []byte(withChoices))
	if err := file.CheckReading(fig, "queue=two"); err == nil || !strings.HasPrefix(err.Error(), `s.json:10: choices: reading "queue=two": figure my-choices has no choice "queue"`) {
		t.Errorf("unknown choice in -reading: %v", err)
	}
}

// TestFigureOfCSVWithReadings: a sweep's CSV with readings reads back into a figure with the same
// choices and readings, and its rows write the same bytes; a reading column that does not name the
// first row's choices is refused naming the line.
func TestFigureOfCSVWithReadings(t *testing.T) {
	_, fig, err := Parse("s.json", []byte(withChoices))
	if err != nil {
		t.Fatal(err)
	}
	var rows []figure.Row
	for _, c := range fig.Cells(fig.Seeds) {
		rows = append(rows, fig.Rows(c, []float64{float64(c.Index) + 0.5})...)
	}
	var b bytes.Buffer
	if err := fig.WriteCSV(&b, rows); err != nil {
		t.Fatal(err)
	}
	got, back, err := FigureOfCSV("m.csv", b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if got.ChoicesText() != fig.ChoicesText() || len(back) != len(rows) {
		t.Errorf("choices %s, want %s; %d rows, want %d", got.ChoicesText(), fig.ChoicesText(), len(back), len(rows))
	}
	var again bytes.Buffer
	got.WriteCSV(&again, back)
	if again.String() != b.String() {
		t.Errorf("rows read back write other bytes:\n%s\nwant\n%s", again.String(), b.String())
	}
	// One reading's rows alone (-reading queues=three): a figure of those readings.
	three := slices.DeleteFunc(slices.Clone(rows), func(r figure.Row) bool { return r.R != 1 && r.R != 3 })
	b.Reset()
	fig.WriteCSV(&b, three)
	if got, back, err := FigureOfCSV("m.csv", b.Bytes()); err != nil || got.ChoicesText() != "placement consolidate|spread; queues three" ||
		len(figure.ReadingsIn(back)) != 2 {
		t.Errorf("readings queues=three: %v, %v", got.ChoicesText(), err)
	}
	h := figure.CSVHeader + "\n"
	for _, bad := range []struct{ doc, want string }{
		{h + "a,\"p=1,q=2\",,,s,1,m,s,1\na,p=1,,,s,1,m,s,1\n", `m.csv:3: reading: "p=1": want the choices of the first row, p, q`},
		{h + "a,\"p=1,q=2\",,,s,1,m,s,1\na,\"q=1,p=2\",,,s,1,m,s,1\n", `m.csv:3: reading: "q=1,p=2": want the choices of the first row, p, q`},
		{h + "a,p=1,,,s,1,m,s,1\na,,,,s,1,m,s,1\n", "m.csv:3: reading: empty, but the first row names a reading"},
		{h + "a,,,,s,1,m,s,1\na,p=1,,,s,1,m,s,1\n", `m.csv:3: reading: "p=1": want the choices of the first row`},
		{h + "a,p,,,s,1,m,s,1\n", `m.csv:2: reading: "p": want the choices of the first row`},
		{h + "a,p=1=2,,,s,1,m,s,1\n", `m.csv:2: reading: "p=1=2": choice p: value "1=2" empty or with = or |`},
		{h + "a,\"p=1,p=2\",,,s,1,m,s,1\n", `m.csv:2: reading: choice name "p" empty, repeated or with |`},
		{h + "a,=1,,,s,1,m,s,1\n", `m.csv:2: reading: choice name "" empty`},
	} {
		if _, _, err := FigureOfCSV("m.csv", []byte(bad.doc)); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: got %v, want %q", bad.doc, err, bad.want)
		}
	}
	// Two rows naming thirteen two-valued choices would make 8192 readings.
	var r1, r2 []string
	for i := range 13 {
		r1, r2 = append(r1, fmt.Sprintf("c%d=a", i)), append(r2, fmt.Sprintf("c%d=b", i))
	}
	doc := h + "a,\"" + strings.Join(r1, ",") + "\",,,s,1,m,s,1\na,\"" + strings.Join(r2, ",") + "\",,,s,1,m,s,1\n"
	if _, _, err := FigureOfCSV("m.csv", []byte(doc)); err == nil || !strings.Contains(err.Error(), "m.csv:3: reading: ") || !strings.Contains(err.Error(), "more than 4096 readings") {
		t.Errorf("13 choices: %v", err)
	}
}
