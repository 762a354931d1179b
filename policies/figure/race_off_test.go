//go:build !race

package figure_test

// raceEnabled: see race_on_test.go.
const raceEnabled = false
