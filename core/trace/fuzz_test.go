package trace

import (
	"strings"
	"testing"
)

// fuzzImporter checks the importer properties on arbitrary input: Read never panics; every error
// matches errPattern; whatever is accepted survives WriteNative/WriteNativeJSONL and a re-read as
// native (equal after normalise, which clears Line).
func fuzzImporter(f *testing.F, format string, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		jobs, _, err := Read("fuzz", strings.NewReader(in), format, nil)
		if err != nil {
			if !errPattern.MatchString(err.Error()) {
				t.Fatalf("input %q: got error %q, want it to match %s", in, err, errPattern)
			}
			return
		}
		if msg := roundTrip(jobs); msg != "" {
			t.Logf("input %q", in)
			t.Fatal(msg)
		}
	})
}

func FuzzPhilly(f *testing.F) {
	fuzzImporter(f, "philly",
		"timestamp,duration,num_gpus,gpu_time,cluster\n2017-10-09 07:01:55,66.0,1,66.0,11cb48\n2017-10-09 06:13:03,2951.0,1,2951.0,6214e9\n\n",
		"\xef\xbb\xbftimestamp,duration,num_gpus,gpu_time,cluster\r\n2017-10-09 07:01:55,0.0005,8,0.004,\"a,b\"\r\n",
		"timestamp,duration,num_gpus\n2017-10-09 07:01:55,1e3,2\n",
		"timestamp,duration,num_gpus,gpu_time,cluster\n2017-10-09 07:01:55,NaN,1,66.0,x\n")
}

func FuzzITP(f *testing.F) {
	fuzzImporter(f, "itp",
		"job_id,submission_time,duration,num_gpu\n496bd174-e6ee,432298,24765,8\nc2255913,432307,24719,8\n",
		"job_id,submission_time,num_iteration,model_name,deadline,batch_size,num_gpu,duration\r\nx,432298,409467,resnet50,444855,128,8,24765\r\n",
		"job_id,submission_time,duration,num_gpu\n a ,0.5,1.25,1.0\n a ,1,2,2\n")
}

func FuzzSynergy(f *testing.F) {
	fuzzImporter(f, "synergy",
		"0,alexnet,0.0,3349,1\n1,gnmt,0.001,26435,1\n",
		"0,alexnet,.123,3349,4\n2,transformer,.317,13451,2\n",
		"7,\"vgg 11\",8,23349,1\r\n")
}

func FuzzNative(f *testing.F) {
	fuzzImporter(f, "native",
		"id,submit_s,gpus,duration_s,iterations,model,batch_size,iter_time_s,gpu_types,cpu,mem_gb,user,recurrence,dp,pp,tp\n"+
			"a,1.5,4,,1000,res50,64,0.25,V100|p100,3,62.5,alice,r1,2,2,1\n\"b,\"\"c\",0,1,10,,,,,,,,,,,,\n",
		"id,submit_s,gpus,duration_s\nx,0.001,1,1e3\n")
}

func FuzzNativeJSONL(f *testing.F) {
	fuzzImporter(f, "native-jsonl",
		`{"id":"a","submit_s":1.5,"gpus":4,"iterations":1000,"model":"res50","gpu_types":"V100|P100","dp":2,"pp":2,"tp":1}`+"\n",
		`{"id":"b","submit_s":"2","gpus":"1","duration_s":3,"user":null}`+"\r\n\r\n")
}

// FuzzRead exercises detection: any input, format chosen from the first line.
func FuzzRead(f *testing.F) {
	fuzzImporter(f, "",
		"timestamp,duration,num_gpus,gpu_time,cluster\n2017-10-09 07:01:55,66.0,1,66.0,11cb48\n",
		"job_id,submission_time,duration,num_gpu\na,1,2,3\n",
		"0,alexnet,0.0,3349,1\n",
		"id,submit_s,gpus,duration_s\nx,0,1,1\n",
		`{"id":"a","submit_s":0,"gpus":1,"duration_s":1}`)
}
