package hetero

import "schedlab/core"

// gavelClass and gavelBatch give each Gavel family its registry class and, for the two job types
// whose name carries no batch size, the per-GPU batch: CycleGAN trains with batch 1
// (junyanz/pytorch-CycleGAN-and-pix2pix default); A3C's "batch" is its 4 worker processes as
// listed in Gavel's Table 2 (our reading, not re-checked).
var gavelFamilies = [...]struct {
	family string
	class  core.ModelClass
	batch  int
}{
	{"A3C", core.Other, 4},
	{"CycleGAN", core.Image, 1},
	{"LM", core.Language, 0},
	{"Recommendation", core.Other, 0},
	{"ResNet-18", core.Image, 0},
	{"ResNet-50", core.Image, 0},
	{"Transformer", core.Language, 0},
}

// Models returns one registry model per profile of t: the canonical name (e.g. "resnet18-bs64")
// with the job type as an alias ("ResNet-18 (batch size 64)"), and IterTime = 1 / single-GPU
// throughput for each measured GPU type. The lead merges GavelModels() into the built-in registry.
func (t *Table) Models(source string) []core.Model {
	out := make([]core.Model, 0, len(t.profiles))
	for i := range t.profiles {
		p := &t.profiles[i]
		fam, bs := SplitJobType(p.JobType)
		m := core.Model{Name: p.Name, Aliases: []string{p.JobType}, Class: core.Other, BatchSize: bs,
			IterTime: map[core.GPUType]float64{}, Source: source}
		for _, f := range gavelFamilies {
			if f.family == fam {
				m.Class = f.class
				if bs == 0 {
					m.BatchSize = f.batch
				}
			}
		}
		for _, pt := range p.Points {
			if pt.GPUs == 1 {
				m.IterTime[pt.Type] = 1 / pt.Throughput
			}
		}
		out = append(out, m)
	}
	return out
}

// GavelModels is Gavel().Models(GavelSource): Gavel's 26 job types as registry models.
func GavelModels() []core.Model { return Gavel().Models(GavelSource) }
