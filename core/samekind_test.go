package core

import (
	"reflect"
	"testing"
)

// TestSameKind changes each field of a job in turn: the fields that say which job it is, when it
// comes and how long it runs keep its kind, every other field changes it (a field added to Job
// later fails here until SameKind compares it or the test lists it).
func TestSameKind(t *testing.T) {
	base := Job{ID: "a", Line: 3, Submit: 5, GPUs: 2, Duration: 0, Iterations: 100, Model: "resnet18", BatchSize: 32,
		IterTime: 0.5, GPUTypes: []GPUType{V100}, CPU: 4, MemGB: 8, User: "u", Recurrence: "r",
		Par: Parallelism{DP: 1, PP: 1, TP: 2}, ResourceTimes: [3]float64{1, 2, 3}}
	keeps := map[string]bool{"ID": true, "Line": true, "Submit": true, "Duration": true, "Iterations": true}
	typ := reflect.TypeOf(base)
	for i := range typ.NumField() {
		o := base
		o.GPUTypes = append([]GPUType(nil), base.GPUTypes...)
		f := reflect.ValueOf(&o).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "x")
		case reflect.Int, reflect.Int64:
			f.SetInt(f.Int() + 1)
		case reflect.Float64:
			f.SetFloat(f.Float() + 1)
		case reflect.Slice:
			f.Set(reflect.Append(f, reflect.ValueOf(K80)))
		case reflect.Struct:
			f.Field(0).SetInt(f.Field(0).Int() + 1)
		case reflect.Array:
			f.Index(0).SetFloat(f.Index(0).Float() + 1)
		default:
			t.Fatalf("field %s: kind %v not covered by this test", typ.Field(i).Name, f.Kind())
		}
		name := typ.Field(i).Name
		if got := base.SameKind(&o); got != keeps[name] {
			t.Errorf("a job with another %s: SameKind %v, want %v", name, got, keeps[name])
		}
	}
	if o := base; !base.SameKind(&o) {
		t.Error("a copy is not of the same kind")
	}
}
