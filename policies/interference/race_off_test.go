//go:build !race

package interference_test

// raceEnabled: timing checks and the long studies are skipped under the race detector.
const raceEnabled = false
