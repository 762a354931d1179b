package runrecord

import (
	"errors"
	"math"
)

// The optional fields of a job in version 2: a job's flags say which it has (a field is absent
// when it is zero, "" or false; a float when its bits are zero, so -0 is kept). A trace's job has
// a handful of them, and a decoder then reads a dozen values per job instead of twenty.
const (
	jobGPUType = 1 << iota
	jobPreemptions
	jobModel
	jobUser
	jobMeasured // no value: the flag is the field
	jobDuration
	jobIterations
	jobLine
	jobCPU
	jobSpeedup
	jobRef
	jobSim
	jobBest
	jobFlags = iota // how many flags there are
)

// encodeJobs writes the jobs (version 2): their count, every ID in one block, then per job its
// ID's length, its submission (from the previous job's), first start (from its submission), end
// (from its first start), GPUs, status, flags and the fields its flags name, in the order above.
func encodeJobs(w *bw, src parts) {
	nj := src.jobs()
	// One pass over the jobs: the IDs go to their block and the rest to rows, joined after.
	// Sized at a trace's usual lengths, so that they are seldom grown by copying.
	ids, rows := &bw{b: make([]byte, 0, 8*nj)}, &bw{b: make([]byte, 0, 24*nj), names: w.names}
	var j Job
	var submit int64
	for i := range nj {
		src.job(i, &j)
		ids.b = append(ids.b, j.ID...)
		rows.uint(uint64(len(j.ID)))
		rows.int(j.Submit - submit)
		submit = j.Submit
		rows.int(j.FirstStart - j.Submit)
		rows.int(j.End - j.FirstStart)
		rows.int(int64(j.GPUs))
		rows.uint(uint64(j.Status))
		f := flags(&j)
		rows.uint(f)
		if f&jobGPUType != 0 {
			rows.name(j.GPUType)
		}
		if f&jobPreemptions != 0 {
			rows.int(int64(j.Preemptions))
		}
		if f&jobModel != 0 {
			rows.name(j.Model)
		}
		if f&jobUser != 0 {
			rows.name(j.User)
		}
		if f&jobDuration != 0 {
			rows.int(j.Duration)
		}
		if f&jobIterations != 0 {
			rows.int(j.Iterations)
		}
		if f&jobLine != 0 {
			rows.int(int64(j.Line))
		}
		if f&jobCPU != 0 {
			rows.num(j.CPU)
		}
		if f&jobSpeedup != 0 {
			rows.num(j.Speedup)
		}
		if f&jobRef != 0 {
			rows.name(j.Ref)
		}
		if f&jobSim != 0 {
			rows.num(j.Sim)
		}
		if f&jobBest != 0 {
			rows.name(j.Best)
		}
	}
	w.uint(uint64(nj))
	w.uint(uint64(len(ids.b)))
	w.b = append(append(w.b, ids.b...), rows.b...)
	w.names = rows.names
}

// flags are the optional fields j has.
func flags(j *Job) uint64 {
	var f uint64
	set := func(bit uint64, on bool) {
		if on {
			f |= bit
		}
	}
	set(jobGPUType, j.GPUType != "")
	set(jobPreemptions, j.Preemptions != 0)
	set(jobModel, j.Model != "")
	set(jobUser, j.User != "")
	set(jobMeasured, j.Measured)
	set(jobDuration, j.Duration != 0)
	set(jobIterations, j.Iterations != 0)
	set(jobLine, j.Line != 0)
	set(jobCPU, math.Float64bits(j.CPU) != 0)
	set(jobSpeedup, math.Float64bits(j.Speedup) != 0)
	set(jobRef, j.Ref != "")
	set(jobSim, math.Float64bits(j.Sim) != 0)
	set(jobBest, j.Best != "")
	return f
}

// decodeJobsV2 reads what encodeJobs wrote.
func (rec *Record) decodeJobsV2(r *br, step func() error) error {
	rec.Jobs = make([]Job, r.count(7)) // a job takes at least 7 bytes: ID length … flags
	ids := string(r.bytes())           // every job's ID, one allocation
	var submit int64
	for i := 0; i < len(rec.Jobs) && r.err == nil; i++ {
		j := &rec.Jobs[i]
		n := r.uint()
		if n > uint64(len(ids)) {
			r.err = errors.New("runrecord: job IDs longer than their block")
			break
		}
		j.ID, ids = ids[:n], ids[n:]
		submit += r.int()
		j.Submit = submit
		j.FirstStart = j.Submit + r.int()
		j.End = j.FirstStart + r.int()
		j.GPUs = int(r.int())
		j.Status = uint8(r.uint())
		f := r.uint()
		if f >= 1<<jobFlags && r.err == nil {
			r.err = errors.New("runrecord: a job's flags name fields that do not exist")
		}
		if f&jobGPUType != 0 {
			j.GPUType = r.name()
		}
		if f&jobPreemptions != 0 {
			j.Preemptions = int(r.int())
		}
		if f&jobModel != 0 {
			j.Model = r.name()
		}
		if f&jobUser != 0 {
			j.User = r.name()
		}
		j.Measured = f&jobMeasured != 0
		if f&jobDuration != 0 {
			j.Duration = r.int()
		}
		if f&jobIterations != 0 {
			j.Iterations = r.int()
		}
		if f&jobLine != 0 {
			j.Line = int(r.int())
		}
		if f&jobCPU != 0 {
			j.CPU = r.num()
		}
		if f&jobSpeedup != 0 {
			j.Speedup = r.num()
		}
		if f&jobRef != 0 {
			j.Ref = r.name()
		}
		if f&jobSim != 0 {
			j.Sim = r.num()
		}
		if f&jobBest != 0 {
			j.Best = r.name()
		}
		if err := step(); err != nil {
			return err
		}
	}
	if r.err == nil && len(ids) > 0 {
		r.err = errors.New("runrecord: job IDs shorter than their block")
	}
	return nil
}
