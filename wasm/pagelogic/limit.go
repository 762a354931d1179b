package pagelogic

import (
	"fmt"
	"strconv"

	"schedlab/core/gen"
)

// MaxJobs is the most jobs the page runs or imports (the worker's trace.Limits.MaxJobs), lower
// than the runner's trace.DefaultMaxJobs: a worker holds the jobs (≈trace.BytesPerJob each) and
// then the run's state and record in one wasm32 memory of at most 4 GB, and the page keeps every
// record it shows. A generator may make more (philly up to 10,000,000): the runner runs those.
const MaxJobs = 1_000_000

// GeneratorProblem says why the page will not run the generator spec ("" when it will): more jobs
// than MaxJobs, which would end in a worker out of memory after seconds of work. Other mistakes in
// the spec are left to the generator's own check, which names them.
func GeneratorProblem(spec string) string {
	_, pairs, err := gen.ParseSpec(spec)
	if err != nil {
		return ""
	}
	for _, kv := range pairs {
		if kv[0] != "jobs" {
			continue
		}
		n, err := strconv.ParseFloat(kv[1], 64)
		if err == nil && n > MaxJobs {
			count := kv[1] // as typed when it is past int64 (1e300, Inf): converting it is undefined
			if n < 1e18 {
				count = Thousands(int64(n))
			}
			return fmt.Sprintf("generator %s: jobs: %s jobs; the page runs at most %s (the runner build/simulate runs more)",
				spec, count, Thousands(MaxJobs))
		}
	}
	return ""
}

// Thousands writes n with commas between groups of three digits (1,000,000).
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	out := make([]byte, 0, len(s)+len(s)/3+1)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}
