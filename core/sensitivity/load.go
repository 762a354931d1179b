package sensitivity

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"schedlab/core"
	"schedlab/core/jsondup"
)

// profileFile is the schema of data/synergy/synergy_model_profiles.json.
type profileFile struct {
	Axes struct {
		CPU map[string]float64 `json:"cpu_per_gpu"`
		Mem map[string]float64 `json:"mem_per_gpu_gb"`
	} `json:"axes"`
	Profiles map[string]map[string]struct {
		CPUs     *float64    `json:"cpus"`
		Mem      *float64    `json:"mem"`
		Speedup  *float64    `json:"speedup"`
		IterTime *float64    `json:"iter_time"`
		Tput     [][]float64 `json:"tput"`
	} `json:"profiles"`
}

// LoadJSON reads the authors' profiles in the layout of data/synergy/synergy_model_profiles.json:
// profiles.models holds the ratio-3 profiles and profiles.models-4/5/6 the other ratios; only the
// "<model>_1" entries are used (the authors' simulator loads <model>_1 for every GPU count).
// Model names go through models (nil = the core registry), so "res18" becomes "resnet18"; models
// unknown to the registry keep their name. name is used in error messages. A key given twice in
// one object is an error naming both lines; keys compare ignoring case, as the struct fields match
// them (the model names under profiles go through the registry, which ignores case as well).
func LoadJSON(name string, data []byte, models *core.Models) (*Table, error) {
	var f profileFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if d := jsondup.Find(data, jsondup.FoldCase); d != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, d.Line, d)
	}
	if err := checkAxes(name, f.Axes.CPU, CPUAxis[:], "cpu_per_gpu"); err != nil {
		return nil, err
	}
	if err := checkAxes(name, f.Axes.Mem, MemAxis[:], "mem_per_gpu_gb"); err != nil {
		return nil, err
	}
	sets := make([]string, 0, len(f.Profiles))
	for k := range f.Profiles {
		sets = append(sets, k)
	}
	sort.Strings(sets)
	var list []Profile
	for _, set := range sets {
		ratio := 3
		if set != "models" {
			r, err := strconv.Atoi(strings.TrimPrefix(set, "models-"))
			if err != nil || r <= 0 || !strings.HasPrefix(set, "models-") {
				return nil, fmt.Errorf("%s: profiles.%s: want \"models\" or \"models-N\"", name, set)
			}
			ratio = r
		}
		keys := make([]string, 0, len(f.Profiles[set]))
		for k := range f.Profiles[set] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			model, ok := strings.CutSuffix(k, "_1")
			if !ok {
				continue
			}
			e := f.Profiles[set][k]
			field := fmt.Sprintf("%s: profiles.%s.%s", name, set, k)
			if e.CPUs == nil || e.Mem == nil || e.Speedup == nil || e.IterTime == nil {
				return nil, fmt.Errorf("%s: cpus, mem, speedup and iter_time are required", field)
			}
			if !(*e.CPUs > 0 && *e.Mem > 0 && *e.Speedup > 0 && *e.IterTime > 0) {
				return nil, fmt.Errorf("%s: cpus, mem, speedup and iter_time must be positive", field)
			}
			p := Profile{Model: model, Ratio: ratio, CPUPerGPU: *e.CPUs, MemPerGPU: *e.Mem, Speedup: *e.Speedup, IterTime: *e.IterTime}
			if len(e.Tput) != len(CPUAxis) {
				return nil, fmt.Errorf("%s.tput: want %d rows, got %d", field, len(CPUAxis), len(e.Tput))
			}
			for r, rowv := range e.Tput {
				if len(rowv) != len(MemAxis) {
					return nil, fmt.Errorf("%s.tput[%d]: want %d columns, got %d", field, r, len(MemAxis), len(rowv))
				}
				copy(p.Tput[r][:], rowv)
			}
			list = append(list, p)
		}
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("%s: profiles: no <model>_1 entries", name)
	}
	return NewTable(list, models), nil
}

// checkAxes verifies that the file's axis (index → value) matches ours within 0.01.
func checkAxes(name string, got map[string]float64, want []float64, field string) error {
	if len(got) != len(want) {
		return fmt.Errorf("%s: axes.%s: want %d points, got %d", name, field, len(want), len(got))
	}
	for i, w := range want {
		g, ok := got[strconv.Itoa(i)]
		if !ok || g-w > 0.01 || w-g > 0.01 {
			return fmt.Errorf("%s: axes.%s[%d]: want %g, got %g", name, field, i, w, g)
		}
	}
	return nil
}
