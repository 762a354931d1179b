package synergy

// staticTable is a re-run of the authors' simulator (msr-fiddle/synergy@1bb2bed6) on the static
// 100-job trace: mean JCT in seconds per scheduler (staticSource).
var staticTable = []struct {
	name string
	want float64
}{
	{"fifo+proportional", 20272.0}, {"fifo+tune", 18298.0},
	{"las+proportional", 20251.0}, {"las+tune", 18616.0},
	{"srtf+proportional", 15883.0}, {"srtf+tune", 14785.0},
	{"ftf+proportional", 28738.0}, {"ftf+tune", 28000.0},
	{"drf", 20014.0}, {"tetris", 13795.0},
}
