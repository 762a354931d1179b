package parallel

import (
	"fmt"
	"strings"

	"schedlab/core"
)

// Bytes per value on the wire.
const (
	fp16 = 2
	fp32 = 4
)

// V100Flops is the sustained training throughput of one V100 used to turn FLOPs into seconds:
// 39 TFLOP/s, the single-GPU baseline of Megatron-LM (Shoeybi et al., arXiv 1909.08053, §5.1:
// "a strong single GPU baseline that sustains 39 TeraFLOPs ... 30% of peak FLOPs").
const V100Flops = 39e12

// Shape is one model's documented size and the per-iteration work of one data-parallel replica.
type Shape struct {
	Name    string
	Aliases []string
	Params  float64 // parameters
	Layers  int     // transformer layers (0 for CNNs: no tensor or pipeline traffic is modelled)
	Hidden  int     // hidden size h
	SeqLen  int     // tokens per sample
	// MicroBatch is the samples per micro-batch of one replica (a job's BatchSize overrides it);
	// MicroBatches is the micro-batches per iteration (pipeline depth m; the bubble is (p−1)/m).
	MicroBatch, MicroBatches int
	GradBytes                int     // bytes per gradient value in the data-parallel all-reduce
	CompSec                  float64 // compute seconds per iteration of one replica on one GPU
	// GavelRatio is the measured consolidated/spread throughput ratio of 4-GPU data-parallel
	// training the compute time is calibrated to (0 = compute from FLOPs).
	GavelRatio float64
	Source     string
}

// Table is a set of shapes looked up by name or alias (case-insensitive).
type Table struct{ list []Shape }

// Lookup finds a shape.
func (t *Table) Lookup(name string) (*Shape, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	for i := range t.list {
		s := &t.list[i]
		if strings.ToLower(s.Name) == n {
			return s, true
		}
		for _, a := range s.Aliases {
			if strings.ToLower(a) == n {
				return s, true
			}
		}
	}
	return nil, false
}

// List returns the shapes in table order (a copy).
func (t *Table) List() []Shape { return append([]Shape(nil), t.list...) }

// Builtin returns the documented shapes. Names are distinct from the model registry's (core,
// core/hetero) so that no job is slowed twice by two layers of the speed chain.
//
// Transformer compute is 6 · parameters · tokens FLOPs per iteration (forward + backward, Kaplan et
// al. 2020, arXiv 2001.08361 §2.1) at V100Flops. The data-parallel CNN/Transformer compute times are
// calibrated on Gavel's 4-GPU V100 consolidated/spread ratios (Calibrate).
func Builtin() *Table {
	list := []Shape{
		{Name: "resnet50-dp", Params: 25.6e6, GradBytes: fp32, MicroBatch: 32, MicroBatches: 1, GavelRatio: 1.07,
			Source: "ResNet-50: 25.6M parameters (He et al., CVPR 2016, Table 1 / torchvision); Gavel 4-GPU V100 ratio 1.07 at batch 32"},
		{Name: "resnet18-dp", Params: 11.7e6, GradBytes: fp32, MicroBatch: 32, MicroBatches: 1, GavelRatio: 3.01,
			Source: "ResNet-18: 11.7M parameters (He et al., CVPR 2016 / torchvision); Gavel 4-GPU V100 ratio 3.01 at batch 32"},
		{Name: "transformer-dp", Params: 65e6, GradBytes: fp32, MicroBatch: 64, MicroBatches: 1, GavelRatio: 1.86,
			Source: "Transformer base: 65M parameters (Vaswani et al., NeurIPS 2017, Table 3); Gavel 4-GPU V100 ratio 1.86 at batch 64"},
		{Name: "bert-large", Params: 340e6, Layers: 24, Hidden: 1024, SeqLen: 512, MicroBatch: 8, MicroBatches: 4, GradBytes: fp16,
			Source: "BERT-large: 340M parameters, 24 layers, hidden 1024, sequence 512 (Devlin et al., NAACL 2019)"},
		{Name: "gpt2-xl", Params: 1558e6, Layers: 48, Hidden: 1600, SeqLen: 1024, MicroBatch: 4, MicroBatches: 4, GradBytes: fp16,
			Source: "GPT-2 XL: 1542-1558M parameters, 48 layers, d_model 1600, context 1024 (Radford et al. 2019, Table 2)"},
		{Name: "megatron-8.3b", Params: 8.3e9, Layers: 72, Hidden: 3072, SeqLen: 1024, MicroBatch: 4, MicroBatches: 8, GradBytes: fp16,
			Source: "Megatron-LM 8.3B: 72 layers, hidden 3072, sequence 1024 (Shoeybi et al., arXiv 1909.08053, Table 2)"},
	}
	for i := range list {
		s := &list[i]
		if s.GavelRatio > 0 {
			s.CompSec = Calibrate(s.Params*float64(s.GradBytes), 4, s.GavelRatio, core.DefaultIntraGbps, core.DefaultInterGbps)
		} else {
			tokens := float64(s.MicroBatch * s.MicroBatches * s.SeqLen)
			s.CompSec = 6 * s.Params * tokens / V100Flops
		}
	}
	return &Table{list: list}
}

// Calibrate returns the compute seconds c that make a k-GPU ring all-reduce of `bytes` slow an
// iteration by `ratio` when it crosses servers: (c + a·V/Bout) / (c + a·V/Bin) = ratio with
// a = 2(k−1)/k. Bandwidths are in Gbit/s. A ratio ≤ 1 or ≥ intra/inter cannot be met; it is
// clipped to [1.01, 0.95·intra/inter].
func Calibrate(bytes float64, k int, ratio, intraGbps, interGbps float64) float64 {
	bin, bout := bytesPerSec(intraGbps), bytesPerSec(interGbps)
	ratio = max(1.01, min(ratio, 0.95*intraGbps/interGbps))
	a := ringFactor(k) * bytes
	return a * (1/bout - ratio/bin) / (ratio - 1)
}

func bytesPerSec(gbps float64) float64 { return gbps * 1e9 / 8 }

// ringFactor is the 2(k−1)/k of a ring all-reduce among k members.
func ringFactor(k int) float64 { return 2 * float64(k-1) / float64(k) }

// Check reports a parallelism the shape cannot run: tensor or pipeline parallelism of a model
// without layers, more stages than layers.
func (s *Shape) Check(p core.Parallelism) error {
	if (p.TP > 1 || p.PP > 1) && s.Layers == 0 {
		return fmt.Errorf("parallelism: %s is data-parallel only (tp and pp must be 1)", s.Name)
	}
	if s.Layers > 0 && p.PP > s.Layers {
		return fmt.Errorf("parallelism: %d pipeline stages for %d layers", p.PP, s.Layers)
	}
	return nil
}
