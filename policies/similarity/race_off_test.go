//go:build !race

package similarity

// raceEnabled: the 10-seed study is skipped under the race detector.
const raceEnabled = false
