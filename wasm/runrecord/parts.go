package runrecord

// parts is what the binary encoder reads beyond the scalar fields: a Record's own slices, or a
// run's outcome read in place (Run), so that a worker encodes a million-job run without first
// copying it into a Record. Both give the same bytes (TestRunEncodesAsItsRecord).
type parts interface {
	jobs() int
	job(i int, j *Job) // sets *j to job i
	intervals() int
	interval(i int, iv *Interval) // sets *iv to interval i (its lists may be shared, not copied)
	series() *Series
	virtual() []Span
	why(yield func(Step)) // every timeline step, in job order and each job's in time order
	// sizeHint is a little more than the encoded size of the parts (varints and names taken at
	// their usual lengths, a million-job run's measured): the buffer of a large run is then
	// allocated once instead of grown by copying.
	sizeHint() int
}

func (rec *Record) jobs() int                    { return len(rec.Jobs) }
func (rec *Record) job(i int, j *Job)            { *j = rec.Jobs[i] }
func (rec *Record) intervals() int               { return len(rec.Intervals) }
func (rec *Record) interval(i int, iv *Interval) { *iv = rec.Intervals[i] }
func (rec *Record) series() *Series              { return &rec.Series }
func (rec *Record) virtual() []Span              { return rec.Virtual }

func (rec *Record) why(yield func(Step)) {
	for _, s := range rec.Why {
		yield(s)
	}
}

func (rec *Record) sizeHint() int {
	n := 12*len(rec.Series.T) + 16*len(rec.Virtual)
	for i := range rec.Why {
		n += 10 + len(rec.Why[i].Text)
	}
	for i := range rec.Jobs {
		n += 32 + len(rec.Jobs[i].ID)
	}
	for i := range rec.Intervals {
		n += 16 + 3*len(rec.Intervals[i].GPUs)
	}
	if rec.Sharing {
		n += 12 * len(rec.Jobs)
	}
	return n
}
