package trace

import (
	"bytes"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"schedlab/core"
)

// nastyFormat is a valid one-job file of a format, split into cells so the test can poison them.
type nastyFormat struct {
	format string
	sep    string
	header string // "" for headerless formats
	row    []string
	text   int // a text cell that may hold a quoted comma (-1: none)
	num    int // a numeric cell (a count or a length)
	time   int // a time cell (submit) that must not be negative (-1: none is plain seconds)
}

var nastyFormats = []nastyFormat{
	{"native", ",", "id,submit_s,gpus,duration_s", []string{"a", "1", "2", "30"}, 0, 3, 1},
	{"philly", ",", "timestamp,duration,num_gpus,gpu_time,cluster", []string{"2017-10-09 07:01:55", "66.0", "1", "66.0", "vc"}, 4, 1, -1},
	{"itp", ",", "job_id,submission_time,duration,num_gpu", []string{"a", "5", "30", "8"}, 0, 2, 1},
	{"synergy", ",", "", []string{"3", "res18", "0.003", "30857", "1"}, 1, 3, 2},
	{"gavel", "\t", "", []string{"ResNet-18 (batch size 64)", "python3 main.py", "-n", "1", "1000", "0.5", "2"}, 1, 4, 5},
	{"tiresias", ",", "job_id,num_gpu,submit_time,iterations,model_name,duration,interval", []string{"0", "1", "0", "606", "vgg19", "164", "30"}, 4, 5, 2},
	{"muri", ",", strings.Join(muriColumns, ","), []string{"0", "1", "0", "5853661", "dqn", "128", "2868294000", "46122000", "490", "446", "8", "0", "1"}, 4, 3, 2},
	{"pollux", ",", "name,time,application,num_replicas,batch_size", []string{"cifar10-0", "107", "cifar10", "6", "2048"}, 0, 3, 1},
	{"alibaba-openb", ",", strings.Join(openbColumns, ","), []string{"p0", "6000", "12288", "1", "1000", "", "LS", "Running", "5", "100", "7"}, 0, 3, 8},
	{"alibaba-pai", ",", "", []string{"j", "worker", "1.0", "Terminated", "10.0", "40.0", "600.0", "29.3", "100.0", "V100"}, 1, 8, 4},
	{"helios", ",", "job_id,user,vc,gpu_num,cpu_num,node_num,state,submit_time,start_time,end_time,duration,queue",
		[]string{"1", "u", "vc", "1", "1", "1", "COMPLETED", "2020-06-09 18:41:01", "2020-06-09 18:41:01", "2020-06-10 04:55:09", "36848", "0"}, 1, 10, -1},
	{"acme", ",", "job_id,user,node_num,gpu_num,cpu_num,type,state,submit_time,start_time,end_time,duration,queue,gpu_time",
		[]string{"1", "u", "1", "8", "128", "Other", "FAILED", "10", "20", "137", "117", "10", "936"}, 1, 10, 7},
	{"mapped", ",", "name,at,secs,g", []string{"a", "5", "30", "2"}, 0, 2, 1},
}

var nastyMapping = Builtin().WithMapping(Mapping{Fields: []MapField{
	{Field: "id", Column: "name"}, {Field: "submit", Column: "at", Unit: "s"},
	{Field: "duration", Column: "secs", Unit: "s"}, {Field: "gpus", Column: "g", Unit: "count"},
}})

func (f nastyFormat) file(row []string, eol string) string {
	var b strings.Builder
	if f.header != "" {
		b.WriteString(strings.ReplaceAll(f.header, ",", f.sep) + eol)
	}
	b.WriteString(strings.Join(row, f.sep) + eol)
	return b.String()
}

func (f nastyFormat) with(i int, v string) []string {
	row := append([]string(nil), f.row...)
	row[i] = v
	return row
}

// TestNastyInputs feeds every importer the inputs that break peer simulators. Each case either
// fails with a located "file:line: field: problem" error (wantErr, a substring) or is a documented
// acceptance (wantErr ""), in which case the jobs must equal those of the plain file. Never a panic.
func TestNastyInputs(t *testing.T) {
	for _, f := range nastyFormats {
		plain := f.file(f.row, "\n")
		wide := append(append([]string(nil), f.row...), make([]string, 100_000)...)
		cases := []struct {
			name, in, wantErr string
		}{
			{"empty", "", ":1: input: empty"},
			{"blank lines", "\n\r\n\n", ":1: input: empty"},
			{"plain", plain, ""},
			{"BOM", "\xef\xbb\xbf" + plain, ""},
			{"CRLF", f.file(f.row, "\r\n"), ""},
			{"no final newline", strings.TrimSuffix(plain, "\n"), ""},
			{"huge number", f.file(f.with(f.num, "1e400"), "\n"), ": "},
			{"huge integer", f.file(f.with(f.num, "99999999999999999999999"), "\n"), ": "},
			{"NaN", f.file(f.with(f.num, "NaN"), "\n"), ": "},
			{"Inf", f.file(f.with(f.num, "+Inf"), "\n"), ": "},
			{"10^5 columns", f.file(wide, "\n"), ":"},
		}
		if f.header != "" {
			cases = append(cases, struct{ name, in, wantErr string }{"header only", f.file(nil, "\n")[:len(f.header)+1], ":1: input: no jobs"})
		}
		if f.text >= 0 && f.sep == "," {
			cases = append(cases, struct{ name, in, wantErr string }{"quoted comma", f.file(f.with(f.text, `"x,y"`), "\n"), "accept"})
		}
		if f.time >= 0 {
			cases = append(cases, struct{ name, in, wantErr string }{"negative time", f.file(f.with(f.time, "-5"), "\n"), ": "})
		}
		for _, tc := range cases {
			t.Run(f.format+"/"+tc.name, func(t *testing.T) {
				reg := Builtin()
				if f.format == "mapped" {
					reg = nastyMapping
				}
				jobs, _, err := reg.Read("t", strings.NewReader(tc.in), f.format, nil)
				switch tc.wantErr {
				case "", "accept":
					if err != nil {
						t.Fatalf("got error %v, want acceptance", err)
					}
					if tc.wantErr == "" {
						want, _, err := reg.Read("t", strings.NewReader(plain), f.format, nil)
						if err != nil {
							t.Fatal(err)
						}
						if !reflect.DeepEqual(normalise(jobs), normalise(want)) {
							t.Errorf("got %+v, want the plain file's %+v", jobs, want)
						}
					}
					checkRoundTrip(t, jobs)
				default:
					if err == nil {
						t.Fatalf("got jobs %+v, want an error containing %q", jobs, tc.wantErr)
					}
					if !errPattern.MatchString(err.Error()) || !strings.Contains(err.Error(), tc.wantErr) {
						t.Errorf("got error %q, want it to match %s and contain %q", err, errPattern, tc.wantErr)
					}
				}
			})
		}
	}
}

// TestHugeLine checks that a 100 MB line stops a native import with a located error before it
// is buffered whole (natively only: generating it under wasm is slow).
func TestHugeLine(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("100 MB input: covered natively")
	}
	in := bytes.Repeat([]byte{'x'}, 100<<20)
	in = append([]byte("id,submit_s,gpus,duration_s\n"), in...)
	_, _, err := Read("big.csv", bytes.NewReader(in), "native", nil)
	if err == nil || err.Error() != "big.csv:2: input: line longer than 1048576 bytes" {
		t.Errorf("got error %v, want big.csv:2: input: line longer than 1048576 bytes", err)
	}
}

// TestJobLimit checks the job-count refusal and that the limit is a parameter.
func TestJobLimit(t *testing.T) {
	in := "id,submit_s,gpus,duration_s\n" + strings.Repeat("a,0,1,1\n", 11)
	_, _, err := Builtin().ReadLimited("t", strings.NewReader(in), "", nil, Limits{MaxJobs: 10})
	if err == nil || !strings.HasPrefix(err.Error(), "t:12: input: more than 11 lines: the import limit is 10 jobs") {
		t.Errorf("got error %v, want the job limit at line 12", err)
	}
	jobs, _, err := Builtin().ReadLimited("t", strings.NewReader(in), "", nil, Limits{MaxJobs: 11})
	if err != nil || len(jobs) != 11 {
		t.Errorf("limit 11: got %d jobs, %v; want 11 jobs", len(jobs), err)
	}
}

func TestNeverFit(t *testing.T) {
	c, err := core.ParseCluster("2x4:T4+1x8:V100")
	if err != nil {
		t.Fatal(err)
	}
	jobs := []core.Job{
		{ID: "ok", Line: 2, GPUs: 16},
		{ID: "big", Line: 3, GPUs: 17},
		{ID: "typed", Line: 4, GPUs: 9, GPUTypes: []core.GPUType{core.V100}},
		{ID: "cpu", Line: 5, GPUs: 1, CPU: 1000},
	}
	got := NeverFit("t", jobs, c)
	want := []string{
		"t:3: job big never fits the cluster (needs 17 GPUs, the cluster has 16 it may use)",
		"t:4: job typed never fits the cluster (needs 9 GPUs, the cluster has 8 it may use)",
		"t:5: job cpu asks for 1000 CPU cores, more than the servers it may use have (48): it runs with what a policy gives it",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q, want %q", got, want)
	}
}
