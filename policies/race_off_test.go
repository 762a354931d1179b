//go:build !race

package policies

// raceEnabled: see race_on_test.go.
const raceEnabled = false
