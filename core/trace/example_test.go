package trace_test

import (
	"fmt"
	"os"
	"strings"

	"schedlab/core/trace"
)

// Example reads a Synergy trace (format detected from the first line) and exports it in the
// native format.
func Example() {
	in := "0,res18,0.5,1000,1\n1,transformer,2,50,4\n"
	jobs, warns, err := trace.Read("tiny.trace", strings.NewReader(in), "", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(jobs), "jobs,", len(warns), "warnings")
	trace.WriteNative(os.Stdout, jobs)
	// Output:
	// 2 jobs, 0 warnings
	// id,submit_s,gpus,duration_s,iterations,model,batch_size,iter_time_s,gpu_types,cpu,mem_gb,user,recurrence,dp,pp,tp
	// 0,0.5,1,,1000,resnet18,,,,,,,,,,
	// 1,2,4,,50,transformer-xl,,,,,,,,,,
}

// ExampleRead shows an error's shape: file:line: field: problem.
func ExampleRead() {
	in := "timestamp,duration,num_gpus,gpu_time,cluster\n2017-10-09 07:01:55,-3,1,0,vc\n"
	_, _, err := trace.Read("philly.csv", strings.NewReader(in), "", nil)
	fmt.Println(err)
	// Output: philly.csv:2: duration: negative: -3
}
