package trace

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"schedlab/core"
)

// errPattern is the shape every import error must have: "name:line: field: problem".
var errPattern = regexp.MustCompile(`^\S+:\d+: \S+: `)

// normalise clears what a round trip through the native format cannot keep: Line, which
// becomes the line in the native file.
func normalise(jobs []core.Job) []core.Job {
	out := make([]core.Job, len(jobs))
	for i, j := range jobs {
		j.Line = 0
		out[i] = j
	}
	return out
}

func jobsEqual(a, b core.Job) bool { return reflect.DeepEqual(a, b) }

func firstLineOf(t testing.TB, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	br := bufio.NewReader(f)
	skipBOM(br)
	line, _ := br.ReadString('\n')
	return strings.TrimSpace(line)
}

// roundTrip writes jobs in both native forms and reads them back; it returns a message
// describing the first difference, or "".
func roundTrip(jobs []core.Job) string {
	want := normalise(jobs)
	for _, form := range []struct {
		format string
		write  func(*bytes.Buffer, []core.Job) error
	}{
		{"native", func(b *bytes.Buffer, j []core.Job) error { return WriteNative(b, j) }},
		{"native-jsonl", func(b *bytes.Buffer, j []core.Job) error { return WriteNativeJSONL(b, j) }},
	} {
		var buf bytes.Buffer
		if err := form.write(&buf, jobs); err != nil {
			return form.format + ": write: " + err.Error()
		}
		got, _, err := Read("export", bytes.NewReader(buf.Bytes()), "", nil)
		if err != nil {
			return form.format + ": re-read: " + err.Error() + "\n" + clip(buf.String(), 2000)
		}
		got = normalise(got)
		if len(got) != len(want) {
			return form.format + ": job count changed"
		}
		for i := range got {
			if !reflect.DeepEqual(got[i], want[i]) {
				return form.format + ": job " + want[i].ID + " changed: got " + strings.TrimSpace(
					sprint(got[i])) + ", want " + sprint(want[i]) + "\n" + clip(buf.String(), 2000)
			}
		}
	}
	return ""
}

func sprint(j core.Job) string { return strings.ReplaceAll(strings.TrimSpace(fmtJob(j)), "\n", " ") }

func checkRoundTrip(t *testing.T, jobs []core.Job) {
	t.Helper()
	if msg := roundTrip(jobs); msg != "" {
		t.Error(msg)
	}
}

func fmtJob(j core.Job) string { return fmt.Sprintf("%+v", j) }
