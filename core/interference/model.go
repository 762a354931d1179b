package interference

import (
	"math"
	"strings"

	"schedlab/core"
	"schedlab/core/hetero"
)

// GavelSource cites the co-location measurements.
const GavelSource = "Gavel (Narayanan et al., OSDI'20), stanford-futuredata/gavel@c4fa4009 " +
	"scheduler/simulation_throughputs.json (MIT): single-GPU co-location pairs (scale factor 1), " +
	"throughput of each job when two share one GPU, divided by its isolated throughput"

// GPUTypes are the measured GPU types, in table order.
var gpuTypes = [3]core.GPUType{core.K80, core.P100, core.V100}

// jobTypes are Gavel's 26 single-GPU job types, in table order.
var jobTypes = [26]string{
	"A3C", "CycleGAN",
	"LM (batch size 5)", "LM (batch size 10)", "LM (batch size 20)", "LM (batch size 40)", "LM (batch size 80)",
	"Recommendation (batch size 512)", "Recommendation (batch size 1024)", "Recommendation (batch size 2048)",
	"Recommendation (batch size 4096)", "Recommendation (batch size 8192)",
	"ResNet-18 (batch size 16)", "ResNet-18 (batch size 32)", "ResNet-18 (batch size 64)",
	"ResNet-18 (batch size 128)", "ResNet-18 (batch size 256)",
	"ResNet-50 (batch size 16)", "ResNet-50 (batch size 32)", "ResNet-50 (batch size 64)", "ResNet-50 (batch size 128)",
	"Transformer (batch size 16)", "Transformer (batch size 32)", "Transformer (batch size 64)",
	"Transformer (batch size 128)", "Transformer (batch size 256)",
}

// footprintGB is each job type's GPU-memory footprint in GB (ours): estimates from the models'
// parameter and activation sizes at the given batch (weights + optimizer state + activations of
// one step), not measurements. Only groups of three or more co-runners consult them; pairs use
// Gavel's measured fit.
var footprintGB = [26]float64{
	1.5, 4, // A3C, CycleGAN
	1, 1.5, 2, 3, 5, // LM 5..80
	1, 1.5, 2, 3.5, 6, // Recommendation 512..8192
	1.5, 2, 3, 5, 9, // ResNet-18 16..256
	3, 5, 8, 14, // ResNet-50 16..128
	2, 3, 5, 8, 13, // Transformer 16..256
}

// Model is a co-location model: the normalised pair throughputs per GPU type. It implements
// sim.Colocation. The zero value is not usable; build one with Gavel or a loader.
type Model struct {
	norm  [3][26][26]float64
	index map[string]int // canonical name / job type key → job type
}

// Gavel returns the transcribed model (a fresh value each call).
func Gavel() *Model { return newModel(pairNorm) }

func newModel(norm [3][26][26]float64) *Model {
	m := &Model{norm: norm, index: map[string]int{}}
	for k, jt := range jobTypes {
		m.index[core.ModelKey(jt)] = k
		m.index[core.ModelKey(hetero.CanonicalName(jt))] = k
	}
	return m
}

// NumJobTypes is the number of job types (26).
func NumJobTypes() int { return len(jobTypes) }

// JobType is the name of job type k, e.g. "ResNet-50 (batch size 64)".
func JobType(k int) string { return jobTypes[k] }

// GPUTypes lists the measured GPU types.
func GPUTypes() []core.GPUType { return gpuTypes[:] }

// Footprint is job type k's GPU-memory footprint in GB (documented estimate).
func Footprint(k int) float64 { return footprintGB[k] }

// typeIndex maps a GPU type to its table row, -1 if unmeasured.
func typeIndex(t core.GPUType) int {
	for i, x := range gpuTypes {
		if x == t {
			return i
		}
	}
	return -1
}

// Pair is job type a's normalised throughput next to job type b on GPU type t: in (0, 1] when
// the pair fits, 0 when it does not; ok is false for an unmeasured GPU type.
func (m *Model) Pair(t core.GPUType, a, b int) (norm float64, ok bool) {
	ti := typeIndex(t)
	if ti < 0 {
		return 0, false
	}
	return m.norm[ti][a][b], true
}

// familyOf maps registry model families without a Gavel twin to a Gavel family and default batch.
var familyOf = [...]struct{ key, family string }{
	{"resnet18", "ResNet-18"}, {"resnet50", "ResNet-50"}, {"transformerxl", "Transformer"},
	{"transformer", "Transformer"}, {"lstm", "LM"}, {"lm", "LM"}, {"recommendation", "Recommendation"},
}

// TypeOf maps a job to its job type: its model's Gavel job type, or the same family at the
// nearest per-GPU batch size (in log scale; the job's BatchSize, else the registry's). ok is
// false for any other job.
func (m *Model) TypeOf(j *core.Job, models *core.Models) (int, bool) {
	name := j.Model
	batch := j.BatchSize
	if models != nil {
		if mod, found := models.Lookup(j.Model); found {
			name = mod.Name
			if batch == 0 {
				batch = mod.BatchSize
			}
		}
	}
	if k, found := m.index[core.ModelKey(name)]; found && (j.BatchSize == 0 || strings.Contains(jobTypes[k], "batch") == false) {
		return k, true
	}
	key := core.ModelKey(name)
	if i := strings.Index(key, "bs"); i > 0 {
		key = key[:i] // "resnet18bs64" → "resnet18"
	}
	for _, f := range familyOf {
		if f.key != key {
			continue
		}
		best, bestD := -1, math.Inf(1)
		for k, jt := range jobTypes {
			fam, bs := hetero.SplitJobType(jt)
			if fam != f.family || bs == 0 {
				continue
			}
			d := math.Abs(math.Log(float64(max(batch, 1))) - math.Log(float64(bs)))
			if d < bestD {
				best, bestD = k, d
			}
		}
		return best, best >= 0
	}
	return 0, false
}
