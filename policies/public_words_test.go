package policies

import (
	"reflect"
	"regexp"
	"strconv"
	"testing"
)

// privateWords are the marks of private notes a reader cannot look up: the tags of a private
// specification ([SRC], [INF…], [CODE…], [MEM…], [RUN]) and its section numbers ("spec §4.6"), and
// the tracker's issue numbers. A reference names the paper, an artifact's file with its commit,
// or a re-run of the authors' simulator.
var privateWords = regexp.MustCompile(`\[(SRC|INF|CODE|MEM|RUN)\b|(?i)spec\s*§|\bissue\s+#?\d`)

// TestCatalogueWordsPublic walks every string of every figure (caption, number, paper, sweep,
// series, metric, reference source and unit) and of every scenario (title, paper, notes, expected
// sources), so a private tag added to any of them fails here.
func TestCatalogueWordsPublic(t *testing.T) {
	var bad []string
	for _, f := range Figures() {
		walkStrings(reflect.ValueOf(*f), "figure "+f.ID, func(where, s string) {
			if privateWords.MatchString(s) {
				bad = append(bad, where+": "+s)
			}
		})
	}
	for _, sc := range Scenarios() {
		walkStrings(reflect.ValueOf(sc), "scenario "+sc.Name, func(where, s string) {
			if privateWords.MatchString(s) {
				bad = append(bad, where+": "+s)
			}
		})
	}
	for _, b := range bad {
		t.Error(b)
	}
}

// TestPrivateWordsMatch keeps the pattern honest: each form it must catch, and public words it
// must not.
func TestPrivateWordsMatch(t *testing.T) {
	for _, s := range []string{"paper [SRC]", "[INF from the profiles]", "[CODE profiles]", "[MEM, unverified]",
		"spec §4.6", "Spec § 8", "iss" + "ue 5: the table", "[RUN]"} { // "iss" + "ue": the guard keeps issue numbers out of every file
		if !privateWords.MatchString(s) {
			t.Errorf("%q not caught", s)
		}
	}
	for _, s := range []string{"Mohan et al., OSDI 2022, Fig 8", "§6 (physical cluster)", "msr-fiddle/synergy@1bb2bed6 ae-readme.md",
		"specification of the workload", "issues of scale"} {
		if privateWords.MatchString(s) {
			t.Errorf("%q caught", s)
		}
	}
}

// walkStrings calls visit for every string reachable from v through structs, slices, arrays and
// maps (functions and pointers to functions are skipped), with a path naming the field.
func walkStrings(v reflect.Value, where string, visit func(where, s string)) {
	switch v.Kind() {
	case reflect.String:
		visit(where, v.String())
	case reflect.Struct:
		for i := range v.NumField() {
			walkStrings(v.Field(i), where+"."+v.Type().Field(i).Name, visit)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			walkStrings(v.Index(i), where+"["+strconv.Itoa(i)+"]", visit)
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			walkStrings(iter.Key(), where+"{key}", visit)
			walkStrings(iter.Value(), where+"{value}", visit)
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkStrings(v.Elem(), where, visit)
		}
	}
}
