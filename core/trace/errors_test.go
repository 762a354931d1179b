package trace

import (
	"strings"
	"testing"
)

// TestMalformed feeds bad input to each importer: every error must be located and name a field.
func TestMalformed(t *testing.T) {
	const (
		ph  = "timestamp,duration,num_gpus,gpu_time,cluster\n"
		itp = "job_id,submission_time,duration,num_gpu\n"
		nat = "id,submit_s,gpus,duration_s,iterations,model\n"
	)
	tests := []struct {
		name, format, in, want string // want: a substring of the error
	}{
		{"empty", "", "", "t:1: input: empty"},
		{"blank lines only", "", "\n\n  \n", "t:1: input: empty"},
		{"unknown format", "", "a;b;c\n", "t:1: format: "},
		{"philly header only", "philly", ph, "t:1: input: no jobs"},
		{"philly header only detected", "", ph + "\n", "t:1: input: no jobs"},
		{"philly empty forced", "philly", "", "t:1: input: empty"},
		{"philly bad timestamp", "philly", ph + "2017-13-09 07:01:55,66.0,1,66.0,x\n", "t:2: timestamp: "},
		{"philly bad duration", "philly", ph + "2017-10-09 07:01:55,abc,1,66.0,x\n", "t:2: duration: not a number"},
		{"philly NaN duration", "philly", ph + "2017-10-09 07:01:55,NaN,1,66.0,x\n", "t:2: duration: not a finite"},
		{"philly Inf duration", "philly", ph + "2017-10-09 07:01:55,+Inf,1,66.0,x\n", "t:2: duration: not a finite"},
		{"philly huge duration", "philly", ph + "2017-10-09 07:01:55,1e13,1,66.0,x\n", "t:2: duration: absurdly large"},
		{"philly negative duration", "philly", ph + "2017-10-09 07:01:55,-5,1,66.0,x\n", "t:2: duration: negative"},
		{"philly zero duration", "philly", ph + "2017-10-09 07:01:55,0,1,0,x\n", "t:2: duration: "},
		{"philly zero gpus", "philly", ph + "2017-10-09 07:01:55,5,0,0,x\n", "t:2: gpus: "},
		{"philly fractional gpus", "philly", ph + "2017-10-09 07:01:55,5,1.5,0,x\n", "t:2: num_gpus: not a whole"},
		{"philly short row", "philly", ph + "2017-10-09 07:01:55,5,1\n", "t:2: row: got 3 columns, want 5"},
		{"philly long row", "philly", ph + "2017-10-09 07:01:55,5,1,5,x,y\n", "t:2: row: got 6 columns"},
		{"philly bad gpu_time", "philly", ph + "2017-10-09 07:01:55,5,1,?,x\n", "t:2: gpu_time: "},
		{"philly missing column", "philly", "timestamp,duration\n1,2\n", `t:1: header: missing column "num_gpus"`},
		{"philly bad quote", "philly", ph + "2017-10-09 07:01:55,5,1,5,a\"b\n", "t:2: csv: "},
		{"philly control char", "philly", ph + "2017-10-09 07:01:55,5,1,5,\"a\x01b\"\n", "t:2: cluster: control"},
		{"philly second row bad", "philly", ph + "2017-10-09 07:01:55,5,1,5,x\r\n2017-10-09 07:01:55,5,x,5,x\r\n", "t:3: num_gpus: "},
		{"itp missing value", "itp", itp + "a,,5,1\n", "t:2: submission_time: missing value"},
		{"itp negative submit", "itp", itp + "a,-1,5,1\n", "t:2: submission_time: negative"},
		{"itp huge gpus", "itp", itp + "a,1,5,99999999999\n", "t:2: num_gpu: absurdly large"},
		{"itp bad iteration", "itp", "job_id,submission_time,num_iteration,model_name,deadline,batch_size,num_gpu,duration\na,1,x,m,5,1,1,5\n", "t:2: num_iteration: "},
		{"itp bad deadline", "itp", "job_id,submission_time,num_iteration,model_name,deadline,batch_size,num_gpu,duration\na,1,5,m,x,1,1,5\n", "t:2: deadline: "},
		{"itp empty id", "itp", itp + ",1,5,1\n", "t:2: id: empty"},
		{"synergy four columns", "synergy", "0,alexnet,0.0,3349\n", "t:1: row: got 4 columns, want 5"},
		{"synergy zero iterations", "synergy", "0,alexnet,0.0,0,1\n", "t:1: num_iters: want a positive"},
		{"synergy missing model", "synergy", "0,,0.0,5,1\n", "t:1: model_name: missing"},
		{"synergy bad arrival", "synergy", "0,alexnet,1e400,5,1\n", "t:1: arrival_time: not a finite"},
		{"synergy third line", "synergy", "0,alexnet,0,5,1\n\n1,alexnet,0,5,-1\n", "t:3: gpu_demand: negative"},
		{"native unknown column", "native", "id,submit_s,gpus,colour\n", `t:1: header: unknown column "colour"`},
		{"native duplicate column", "native", "id,submit_s,gpus,gpus\n", `t:1: header: column "gpus" appears twice`},
		{"native bad gpu type", "native", "id,submit_s,gpus,duration_s,gpu_types\na,0,1,5,V100|Z9\n", "t:2: gpu_types: unknown GPU type"},
		{"native bad parallelism", "native", "id,submit_s,gpus,duration_s,dp,pp,tp\na,0,4,5,2,1,1\n", "t:2: parallelism: "},
		{"native no length", "native", nat + "a,0,1,,,\n", "t:2: duration: job has neither"},
		{"native bad utf8", "native", nat + "a\xff,0,1,5,,\n", "t:2: id: invalid UTF-8"},
		{"jsonl syntax", "", "{\"id\":\"a\",\n", "t:1: json: "},
		{"jsonl unknown key", "", "{\"id\":\"a\",\"submit_s\":0,\"gpus\":1,\"duration_s\":5,\"colour\":1}\n", `t:1: json: unknown key "colour"`},
		{"jsonl bool", "", "{\"id\":\"a\",\"submit_s\":0,\"gpus\":true}\n", "t:1: gpus: want a number or a string"},
		{"jsonl second line", "", "{\"id\":\"a\",\"submit_s\":0,\"gpus\":1,\"duration_s\":5}\r\n\r\n{\"id\":\"b\",\"submit_s\":-1,\"gpus\":1}\n", "t:3: submit_s: negative"},
		{"unknown forced format", "nosuch", "x\n", "unknown format"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Read("t", strings.NewReader(tt.in), tt.format, nil)
			if err == nil {
				t.Fatalf("got no error, want %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got error %q, want it to contain %q", err, tt.want)
			}
			if tt.format != "nosuch" && !errPattern.MatchString(err.Error()) {
				t.Errorf("got error %q, want it to match %s", err, errPattern)
			}
		})
	}
}

// TestQuirks covers input that must be accepted: BOM, CRLF, blank lines, duplicates (a warning),
// unsorted Philly rows, model aliases.
func TestQuirks(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		wantIDs   []string
		wantWarns int
	}{
		{"bom crlf philly", "\xef\xbb\xbftimestamp,duration,num_gpus,gpu_time,cluster\r\n" +
			"2017-10-09 07:01:55,66.0,1,66.0,a\r\n2017-10-09 07:00:55,6.5,2,13,b\r\n\r\n\r\n", []string{"L2", "L3"}, 0},
		{"duplicate ids", "0,res18,0,5,1\n0,res50,1,5,1\n", []string{"0", "0"}, 1},
		{"unknown model", "0,vgg11,0,5,1\n", []string{"0"}, 1},
		{"bom itp", "\xef\xbb\xbfjob_id,submission_time,duration,num_gpu\na,5,10,8.0\n", []string{"a"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			jobs, warns, err := Read("t", strings.NewReader(tt.in), "", nil)
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			var ids []string
			for _, j := range jobs {
				ids = append(ids, j.ID)
			}
			if strings.Join(ids, ",") != strings.Join(tt.wantIDs, ",") {
				t.Errorf("ids: got %v, want %v", ids, tt.wantIDs)
			}
			if len(warns) != tt.wantWarns {
				t.Errorf("warnings: got %q, want %d", warns, tt.wantWarns)
			}
		})
	}
}

// TestPhillyShift checks that Submit is the offset from the earliest row, whatever its position.
func TestPhillyShift(t *testing.T) {
	in := "timestamp,duration,num_gpus,gpu_time,cluster\n" +
		"2017-10-09 07:01:55,66.0,1,66.0,a\n" +
		"2017-10-09 07:00:55,6.5,2,13,b\n" +
		"2017-10-10 07:00:55,1,4,4,a\n"
	jobs, _, err := Read("t", strings.NewReader(in), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []int64{60000, 0, 86400000}
	for i, j := range jobs {
		if int64(j.Submit) != want[i] {
			t.Errorf("job %s submit: got %d ms, want %d", j.ID, j.Submit, want[i])
		}
	}
	if jobs[1].Duration != 6500 || jobs[1].GPUs != 2 || jobs[1].User != "b" {
		t.Errorf("job L3: got %+v, want duration 6.5 s, 2 GPUs, user b", jobs[1])
	}
}
