package figure

import (
	"fmt"
	"strconv"
	"strings"
)

// maxSeeds bounds a seed list, so a typo like "1-1000000000" is refused instead of allocating.
const maxSeeds = 10_000

// ParseSeeds reads a seed list as the runner's -seeds flag and the page's ?seeds= take it: comma-
// separated seeds and inclusive ranges, "42", "1-5", "42,1-4". Seeds keep the order given; a seed
// given twice is an error (its cells would run twice).
func ParseSeeds(s string) ([]uint64, error) {
	var out []uint64
	seen := map[uint64]bool{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.ParseUint(strings.TrimSpace(lo), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("seeds %q: %q is not a seed (want N or N-M, N ≥ 0)", s, part)
		}
		b := a
		if isRange {
			if b, err = strconv.ParseUint(strings.TrimSpace(hi), 10, 64); err != nil || b < a {
				return nil, fmt.Errorf("seeds %q: %q is not a range N-M with N ≤ M", s, part)
			}
		}
		if b-a >= maxSeeds || len(out)+int(b-a) >= maxSeeds {
			return nil, fmt.Errorf("seeds %q: more than %d seeds", s, maxSeeds)
		}
		for v := a; ; v++ {
			if seen[v] {
				return nil, fmt.Errorf("seeds %q: seed %d given twice", s, v)
			}
			seen[v] = true
			out = append(out, v)
			if v == b {
				break
			}
		}
	}
	return out, nil
}

// FormatSeeds writes seeds back in ParseSeeds's form, runs of consecutive seeds as ranges.
func FormatSeeds(seeds []uint64) string {
	var b strings.Builder
	for i := 0; i < len(seeds); {
		j := i
		for j+1 < len(seeds) && seeds[j+1] == seeds[j]+1 {
			j++
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatUint(seeds[i], 10))
		if j > i {
			b.WriteString("-" + strconv.FormatUint(seeds[j], 10))
		}
		i = j + 1
	}
	return b.String()
}

// SeedRange is the seeds from through to, ascending: a figure's default seeds.
func SeedRange(from, to uint64) []uint64 {
	var out []uint64
	for s := from; s <= to; s++ {
		out = append(out, s)
	}
	return out
}
