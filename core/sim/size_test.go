package sim

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"unsafe"
)

// TestStateSizesInReadme: the sizes README.md (and liveState's comment) give for a job's state are
// the compiler's on 64-bit targets (amd64, arm64, wasm), so an added field makes this fail rather
// than leave the document's numbers stale; `go test -run TestStateSizesInReadme -v ./core/sim`
// prints them.
func TestStateSizesInReadme(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("sizes are given for 64-bit targets")
	}
	for _, c := range []struct{ file, want string }{
		{"README.md", fmt.Sprintf("`JobState` (%d bytes)", unsafe.Sizeof(JobState{}))},
		{"README.md", fmt.Sprintf("`liveState`, %d bytes", unsafe.Sizeof(liveState{}))},
		{"state.go", fmt.Sprintf("It is %d bytes", unsafe.Sizeof(liveState{}))}, // liveState's comment
	} {
		text, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		t.Log(c.file + ": " + c.want)
		if !strings.Contains(strings.Join(strings.Fields(string(text)), " "), c.want) { // a sentence may wrap anywhere
			t.Errorf("%s does not say %s", c.file, c.want)
		}
	}
}
