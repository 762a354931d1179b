//go:build race

package figure_test

// raceEnabled is true under the race detector, where a cell of the authors' workload runs ten
// times slower: TestRecordedRowsRerunOneCell skips.
const raceEnabled = true
