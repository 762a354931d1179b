//go:build race

package learn

// raceEnabled: the long studies are skipped under the race detector.
const raceEnabled = true
