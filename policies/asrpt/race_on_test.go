//go:build race

package asrpt

// raceEnabled: the 10-seed studies are skipped under the race detector (20 s natively, about
// three minutes with -race; the engine they drive is race-tested by the smoke-sized tests).
const raceEnabled = true
