package trace

import "slices"

// MapFieldUnits is one field of a Mapping with the units its column may be given in (the first is
// the default; a single "" means a text field without units).
type MapFieldUnits struct {
	Field string
	Units []string
}

// MapFields lists the mapped importer's fields in the order a form shows them (identity, times,
// length, size, labels, resources). The app builds its column-mapping form from this list, so the
// form offers exactly the fields and units ParseMapping accepts, and no second copy can drift.
func MapFields() []MapFieldUnits {
	order := []string{"id", "submit", "duration", "start", "end", "iterations", "iter_time", "gpus",
		"model", "user", "recurrence", "gpu_types", "batch_size", "cpu", "mem"}
	out := make([]MapFieldUnits, len(order))
	for i, f := range order {
		out[i] = MapFieldUnits{Field: f, Units: slices.Clone(mapUnits[f])}
	}
	return out
}
