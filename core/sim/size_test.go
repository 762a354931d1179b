package sim

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"unsafe"
)

// TestStateSizesInReadme: the sizes README.md gives for a job's state (JobState and liveState) are
// the compiler's on 64-bit targets (amd64, arm64, wasm), so an added field makes this fail rather
// than leave the document's numbers stale; `go test -run TestStateSizesInReadme -v ./core/sim`
// prints them.
func TestStateSizesInReadme(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("sizes are given for 64-bit targets")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(string(readme)), " ") // the sentence may wrap anywhere
	for _, want := range []string{
		fmt.Sprintf("`JobState` (%d bytes)", unsafe.Sizeof(JobState{})),
		fmt.Sprintf("`liveState`, %d bytes", unsafe.Sizeof(liveState{})),
	} {
		t.Log(want)
		if !strings.Contains(doc, want) {
			t.Errorf("README.md does not say %s", want)
		}
	}
}
