package houserules

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"schedlab/core/shareddata"
)

// TestPageHasNoInterpreter keeps the Starlark interpreter out of app.wasm, the page's own binary:
// it is about 175 KB of the page's load (brotli) and the page never runs a script itself. Only
// script.wasm (wasm/scriptworker), which the page's workers start to check or run a script,
// links it.
func TestPageHasNoInterpreter(t *testing.T) {
	root := shareddata.Root(t)
	deps := func(pkg string) string {
		c := exec.Command("go", "list", "-deps", pkg)
		c.Dir = root
		c.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		out, err := c.Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		return string(out)
	}
	if d := deps("./wasm/app"); strings.Contains(d, "go.starlark.net") {
		t.Errorf("wasm/app (app.wasm) depends on go.starlark.net: scripted policies belong in wasm/scriptworker")
	}
	if d := deps("./wasm/scriptworker"); !strings.Contains(d, "go.starlark.net") {
		t.Errorf("wasm/scriptworker (script.wasm) does not link go.starlark.net: scripted policies could not run")
	}
}

// TestPageBinaryLinksNoWorker keeps the workers' request handlers, and the simulation only they
// drive, out of app.wasm: the page's first load must stay under 2 MB (scripts/e2e/app.test.mjs),
// and the page never runs a policy itself. Its workers run worker.wasm (wasm/appworker).
func TestPageBinaryLinksNoWorker(t *testing.T) {
	root := shareddata.Root(t)
	c := exec.Command("go", "list", "-deps", "./wasm/app")
	c.Dir = root
	c.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := c.Output()
	if err != nil {
		t.Fatalf("go list -deps ./wasm/app: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if dep == "schedlab/wasm/worker" {
			t.Errorf("wasm/app (app.wasm) depends on schedlab/wasm/worker: the workers' code belongs in wasm/appworker")
		}
	}
}
