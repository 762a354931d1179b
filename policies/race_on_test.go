//go:build race

package policies

// raceEnabled: tests that run every series of the families' figures are skipped under the race
// detector (about 10 s natively, minutes with -race; the engine is race-tested by smaller runs).
const raceEnabled = true
