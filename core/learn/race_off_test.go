//go:build !race

package learn

// raceEnabled: timing checks and the long studies are skipped under the race detector.
const raceEnabled = false
