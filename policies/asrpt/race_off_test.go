//go:build !race

package asrpt

// raceEnabled: see race_on_test.go.
const raceEnabled = false
