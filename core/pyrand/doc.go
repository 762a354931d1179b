// Package pyrand is CPython's random module in pure Go, bit for bit: the Mersenne Twister
// (MT19937) seeded the way random.seed(int) seeds it, and the draws random(), uniform(),
// getrandbits(), randrange(), randint() and choice() computed exactly as CPython 3 computes them.
//
// It exists so that workloads the authors of a paper generated with Python's random module
// (Synergy's simulator seeds it with 42) can be regenerated here draw for draw, instead of
// being approximated by another stream with the same distribution. A Rand is not safe for
// concurrent use; each generator stream owns one.
//
// The draws are checked against vectors printed by python3 (testdata/vectors.txt.gz, made by
// testdata/vectors.py), natively and under Node.
package pyrand
