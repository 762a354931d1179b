package sweep

import (
	"strings"
	"testing"
)

// TestDuplicateKeys: a key given twice in one object of a sweep file, at any depth and ignoring
// case, is an error naming its second line, the path and the first line.
func TestDuplicateKeys(t *testing.T) {
	tests := []struct{ name, doc, want string }{
		{"top level", strings.Replace(example, `"cluster": "4x8",`, `"cluster": "4x8", "cluster": "8x8",`, 1),
			`s.json:5: cluster: duplicate key (first at line 5)`},
		{"case differs", strings.Replace(example, `"seeds": "1-3",`, "\"seeds\": \"1-3\",\n  \"Seeds\": \"1-9\",", 1),
			`s.json:10: Seeds: duplicate key (first at line 9)`},
		{"nested", strings.Replace(example, `"label": "load (jobs/h)",`, "\"label\": \"load\",\n\"label\": \"rate\",", 1),
			`s.json:9: sweep.label: duplicate key (first at line 8)`},
		{"a policy's parameter", strings.Replace(example, `{"queues": 2}`, "{\"queues\": 2,\n\"queues\": 3}", 1),
			`s.json:8: params.tiresias.queues: duplicate key (first at line 7)`},
		{"an array element", strings.Replace(example, `[4, 8, "12"]`, `[4, {"a": 1, "a": 2}]`, 1),
			`s.json:8: sweep.values[1].a: duplicate key (first at line 8)`},
		{"none", example, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Parse("s.json", []byte(tc.doc))
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("got error %q, want %q", got, tc.want)
			}
		})
	}
}
