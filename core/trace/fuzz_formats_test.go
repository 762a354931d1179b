package trace

import (
	"strings"
	"testing"
)

// Fuzz targets of the issue-4 importers: the properties are fuzzImporter's (no panic, located
// errors, accepted input survives export to native and re-import).

func FuzzGavel(f *testing.F) {
	fuzzImporter(f, "gavel",
		"Transformer (batch size 128)\tcd x && python3 train.py\t-step\t1\t95121\t0.000000\t1\n"+
			"Recommendation (batch size 8192)\tpython3 train.py\t-n\t1\t10000\t6.000000\t1\n",
		"Transformer (batch size 128)\tpython3 train.py\ttranslation\t-step\t1\t346\t2\t1\t-1.000000\t0\r\n",
		"LM (batch size 10)\tpython3 main.py\tlanguage_modeling\t--steps\t1\t134583\t1\tgns\t1\t-1.000000\t1418\t0\n",
		"A3C\t\"quoted\t-n\t1\t5\t1e3\t8\n")
}

func FuzzTiresias(f *testing.F) {
	fuzzImporter(f, "tiresias",
		"job_id,num_gpu,submit_time,iterations,model_name,duration,interval\n0,1,0,606,vgg19,164,30\n1,8,30,133,vgg11,147,23\n",
		"job_id,num_gpu,submit_time,start_time,duration,model_size,aggr_interval,model_name,model_scale\n10,12,11,14,20,400,0,vgg19,1\n10,12,11,14,20,400,0,vgg19,1")
}

func FuzzMuri(f *testing.F) {
	fuzzImporter(f, "muri",
		strings.Join(muriColumns, ",")+"\n0,16,0,4378042,vgg16,16,1453510000,3840000,332,83,68,110,0\n1,8,201694000,8787693,dqn,128,4472936000,201694000,509,435,8,0.5,0\n",
		strings.Join(muriColumns, ",")+"\r\n0,8,0,10956,gpt2,4,5095000,91000,0,0.6,419,49,0\r\n")
}

func FuzzPollux(f *testing.F) {
	fuzzImporter(f, "pollux",
		"name,time,application,num_replicas,batch_size\ncifar10-0,107,cifar10,6,2048\ndeepspeech2-1,110,deepspeech2,6,320\n",
		"name,time,application,num_replicas,batch_size\nimagenet-2,0.5,ImageNet,3,\nx,1,gpt,1,1\n")
}

func FuzzAlibabaOpenB(f *testing.F) {
	fuzzImporter(f, "alibaba-openb",
		strings.Join(openbColumns, ",")+"\nopenb-pod-0000,12000,16384,1,1000,,LS,Running,0,12537496,0\nopenb-pod-0001,6000,12288,1,460,,LS,Running,427061,12902960,427061\n",
		strings.Join(openbColumns, ",")+"\np,1,2,2,1000,V100M16|V100M32|V100M32,BE,Failed,5,9,6\nq,1,2,1,1000,,BE,Pending,5,9,\nr,1,2,0,0,,BE,Running,5,9,6\n",
		"name,cpu_milli,memory_mib,num_gpu,gpu_milli\nopenb-pod-0000,12000,16384,1,1000\n")
}

func FuzzAlibabaPAI(f *testing.F) {
	fuzzImporter(f, "alibaba-pai",
		"4f057009a5d481acec67b088,tensorflow,1.0,Terminated,1739162.0,1739200.0,600.0,29.296875,50.0,MISC\n"+
			"af72,worker,2.0,Terminated,2081336.0,2083889.0,600.0,29.29,100.0,V100\naf72,ps,1.0,Terminated,1,2,600.0,29.2,0.0,\n",
		strings.Join(paiTask, ",")+",user,group,gpu_type_spec\nj,w,1,Failed,5,9,100,2,200,T4,u,g,V100|T4\n",
		"4b3f04b66a525d2df903eb16,8cb3bec23d14,58540f191766,Terminated,4550879.0,4551416.0\n")
}

func FuzzHelios(f *testing.F) {
	fuzzImporter(f, "helios",
		"job_id,user,vc,gpu_num,cpu_num,node_num,state,submit_time,start_time,end_time,duration,queue\n"+
			"1425511,uXBbc,vcJkd,1,1,1,COMPLETED,2020-06-09 18:41:01,2020-06-09 18:41:01,2020-06-10 04:55:09,36848,0\n"+
			"1425512,uVMrF,vchbv,4,16,1,FAILED,2020-06-09 18:41:27,2020-06-09 18:41:27,2020-06-09 18:45:36,249,0\n",
		"job_id,gpu_num,submit_time,start_time,end_time\n1,2,100,150,\"250\"\n2,1,1970-01-01 00:00:00,1,1\n")
}

func FuzzAcme(f *testing.F) {
	fuzzImporter(f, "acme",
		"job_id,user,node_num,gpu_num,cpu_num,type,state,submit_time,start_time,end_time,duration,queue,gpu_time\n"+
			"5778469,u5907,1,8,128,Other,COMPLETED,2023-03-01 00:23:58+08:00,2023-03-01 00:24:11+08:00,2023-03-01 01:09:04+08:00,2693,13,21544.0\n",
		"job_id,user,node_num,gpu_num,cpu_num,mem_per_pod_GB,type,submit_time,duration\nd,u,8,64,960,1000,SFT,2023-05-17T11:00:58Z,18\n")
}

// FuzzMapped fuzzes the mapping text and the file together.
func FuzzMapped(f *testing.F) {
	f.Add("id=job,submit=queued_at:datetime,duration=runtime_ms:ms,gpus=num_gpu,model=app,user=team",
		"job,queued_at,runtime_ms,num_gpu,app,team\na,2021-03-04 10:00:00,60000,2,resnet50,vision\n\"c,1\",2021-03-04 09:59:00,250,1,,nlp\n")
	f.Add("submit=t:unix-ms,start=s:h,end=e:h,gpus=g:milli,cpu=c:pct,mem=m:mb,iterations=n,iter_time=it:ms,gpu_types=ty,batch_size=b,recurrence=r",
		"t,s,e,g,c,m,n,it,ty,b,r\n1614852000000,1,2.5,1500,400,2048,100,12.5,V100|T4,32,grp\n")
	f.Fuzz(func(t *testing.T, mapping, in string) {
		m, err := ParseMapping(mapping)
		if err != nil {
			return
		}
		if back, err := ParseMapping(m.String()); err != nil || back.String() != m.String() {
			t.Fatalf("mapping %q: String %q does not parse back (%v)", mapping, m.String(), err)
		}
		jobs, _, err := Builtin().WithMapping(m).Read("fuzz", strings.NewReader(in), "mapped", nil)
		if err != nil {
			if !errPattern.MatchString(err.Error()) {
				t.Fatalf("input %q: got error %q, want it to match %s", in, err, errPattern)
			}
			return
		}
		if msg := roundTrip(jobs); msg != "" {
			t.Logf("mapping %q input %q", mapping, in)
			t.Fatal(msg)
		}
	})
}
