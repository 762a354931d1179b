package similarity

import (
	"schedlab/core"
	"schedlab/core/hetero"
)

// Descriptor describes a model architecture (Thanapol et al., ACIIDS 2023: jobs are matched by model similarity; the descriptor's fields are ours). Counts are layers of each kind in one
// training forward pass; Norm counts batch, layer and instance normalisation.
type Descriptor struct {
	Conv, DepthwiseConv, Norm, Dropout, Linear, Pool, Residual, Attention, Recurrent int

	ParamsM float64 // trainable parameters, millions
	GMACs   float64 // forward multiply-accumulates per sample, billions
	Depth   int     // weight layers on the longest path
	Augment bool    // trained with data augmentation
}

// Family is one model family of Gavel's throughput table with its published architecture.
type Family struct {
	Name   string // Gavel's family name, e.g. "ResNet-18"
	Desc   Descriptor
	Source string
}

// Families is the descriptor table for the reference models: the seven families Gavel profiled
// (the job types add the per-GPU batch size). Figures are from the cited papers and reference
// implementations; entries marked "ours" were computed by us from the published configuration
// (layer sizes) because no paper states them.
func Families() []Family {
	return []Family{
		{Name: "ResNet-18", Desc: Descriptor{Conv: 20, Norm: 20, Linear: 1, Pool: 1, Residual: 8,
			ParamsM: 11.17, GMACs: 0.56, Depth: 18, Augment: true},
			Source: "He et al., Deep Residual Learning, CVPR 2016 (18-layer net); CIFAR-10 variant of kuangliu/pytorch-cifar " +
				"as run by Gavel: 17 3×3 + 3 1×1 shortcut convolutions, 11.17 M parameters, 0.56 GMACs per 32×32 image"},
		{Name: "ResNet-50", Desc: Descriptor{Conv: 53, Norm: 53, Linear: 1, Pool: 2, Residual: 16,
			ParamsM: 25.6, GMACs: 4.1, Depth: 50, Augment: true},
			Source: "He et al., CVPR 2016, Table 1 (50-layer bottleneck net, 3.8×10^9 multiply-adds; torchvision: 25.6 M " +
				"parameters, 4.1 GMACs per 224×224 image), ImageNet"},
		{Name: "Transformer", Desc: Descriptor{Norm: 30, Dropout: 32, Linear: 97, Residual: 30, Attention: 18,
			ParamsM: 52, GMACs: 1.5, Depth: 12},
			Source: "Vaswani et al., Attention Is All You Need, NeurIPS 2017 (base: 6+6 layers, d_model 512, d_ff 2048, 8 heads) " +
				"on Multi30k as run by Gavel; parameters (44 M in the stacks + Multi30k embeddings) and MACs for a ≈30-token " +
				"sentence pair (ours, computed from the published configuration)"},
		{Name: "LM", Desc: Descriptor{Dropout: 2, Linear: 1, Recurrent: 2,
			ParamsM: 13.9, GMACs: 0.26, Depth: 4},
			Source: "2-layer LSTM language model of pytorch/examples word_language_model (emsize = nhid = 200, bptt 35) on " +
				"Wikitext-2 (33,278-word vocabulary, Merity et al. 2016) as run by Gavel; parameters and MACs per 35-token " +
				"sequence (ours, computed from the published configuration)"},
		{Name: "Recommendation", Desc: Descriptor{Dropout: 1, Linear: 2,
			ParamsM: 8.0, GMACs: 0.008, Depth: 2},
			Source: "Autoencoder recommender (recoder DynamicAutoencoder, one 200-unit hidden layer) on ML-20M (20,108 items " +
				"after Liang et al., WWW 2018) as run by Gavel; parameters and MACs per user (ours, computed from the published configuration)"},
		{Name: "A3C", Desc: Descriptor{Conv: 4, Linear: 2, Recurrent: 1,
			ParamsM: 0.59, GMACs: 0.0022, Depth: 7},
			Source: "Mnih et al., Asynchronous Methods for Deep RL, ICML 2016; ikostrikov/pytorch-a3c network (4 conv 3×3/2 " +
				"×32, LSTMCell 256, actor and critic heads) on Atari Pong 42×42 as run by Gavel; parameters and MACs (ours, computed from the published configuration)"},
		{Name: "CycleGAN", Desc: Descriptor{Conv: 58, Norm: 52, Residual: 18,
			ParamsM: 28.3, GMACs: 120, Depth: 29, Augment: true},
			Source: "Zhu et al., CycleGAN, ICCV 2017 (two 9-block ResNet generators, 11.4 M parameters each, and two 70×70 " +
				"PatchGAN discriminators, 2.8 M each) on monet2photo 256×256; generator 56.8 GMACs (Li et al., GAN " +
				"Compression, CVPR 2020); total forward MACs of the four nets per sample (ours, computed from the published configuration)"},
	}
}

// ZeusFamilies is the descriptor table for Zeus' six workloads (hetero.Zeus; You et al., NSDI'23,
// ml-energy/zeus), named as the Zeus job types' families. Every entry is ours, computed from the
// published architecture and the workload's input size; where Zeus' training scripts fix the input
// (a sequence length, an utterance) we give the value assumed.
func ZeusFamilies() []Family {
	bert := func(gmacs float64) Descriptor {
		return Descriptor{Norm: 25, Dropout: 37, Linear: 74, Residual: 24, Attention: 12, ParamsM: 110, GMACs: gmacs, Depth: 12}
	}
	var resnet50 Descriptor
	for _, f := range Families() {
		if f.Name == "ResNet-50" {
			resnet50 = f.Desc
		}
	}
	return []Family{
		{Name: "ShuffleNetV2/CIFAR-100", Desc: Descriptor{Conv: 37, DepthwiseConv: 19, Norm: 56, Linear: 1, Pool: 2,
			ParamsM: 1.36, GMACs: 0.003, Depth: 51, Augment: true},
			Source: "Ma et al., ShuffleNet V2, ECCV 2018 (1.0×: 2.28 M parameters, 146 M MACs at 224×224); with a 100-class " +
				"head on 32×32 CIFAR-100 images (ours: parameters less the 1000-class head, MACs scaled by the image area)"},
		{Name: "ResNet-50/ImageNet", Desc: resnet50,
			Source: "He et al., CVPR 2016, as Gavel's ResNet-50 (torchvision: 25.6 M parameters, 4.1 GMACs per 224×224 image)"},
		{Name: "DeepSpeech2/LibriSpeech", Desc: Descriptor{Conv: 2, Norm: 7, Linear: 1, Recurrent: 5,
			ParamsM: 86, GMACs: 50, Depth: 8},
			Source: "Amodei et al., Deep Speech 2, ICML 2016; two convolutions and five bidirectional 1024-unit LSTMs as in " +
				"SeanNaren/deepspeech.pytorch; parameters and MACs for a 12 s utterance (ours, assumed length)"},
		{Name: "NCF/MovieLens-1M", Desc: Descriptor{Linear: 4, ParamsM: 0.39, GMACs: 0.0000027, Depth: 4},
			Source: "He et al., Neural Collaborative Filtering, WWW 2017 (NeuMF: 8 predictive factors, MLP 64-32-16-8) on " +
				"MovieLens-1M (6,040 users, 3,706 items); parameters and MACs per sample (ours)"},
		{Name: "BERT/SQuAD", Desc: bert(35.4),
			Source: "Devlin et al., BERT, NAACL 2019 (base: 12 layers, d 768, 110 M parameters) fine-tuned on SQuAD v1.1; " +
				"MACs for a 384-token window (ours)"},
		{Name: "BERT/Sentiment140", Desc: bert(11.2),
			Source: "Devlin et al., BERT, NAACL 2019 (base) fine-tuned on Sentiment140; MACs for a 128-token sequence " +
				"(ours, assumed length)"},
	}
}

// Reference is one profiled job type: a family at a per-GPU batch size.
type Reference struct {
	Name    string // canonical registry name, e.g. "resnet18-bs64"
	JobType string // Gavel's name
	Family  string
	Batch   int
	Desc    Descriptor

	prof *hetero.Profile
}

// References pairs every profile of t with its family descriptor; profiles of unknown families
// are left out.
func References(t *hetero.Table) []Reference {
	fams := append(Families(), ZeusFamilies()...)
	var out []Reference
	for i := range t.Profiles() {
		p := &t.Profiles()[i]
		fam, bs := hetero.SplitJobType(p.JobType)
		if bs == 0 {
			bs = defaultBatch(fam)
		}
		for _, f := range fams {
			if f.Name == fam {
				out = append(out, Reference{Name: p.Name, JobType: p.JobType, Family: fam, Batch: bs, Desc: f.Desc, prof: p})
			}
		}
	}
	return out
}

// defaultBatch is the per-GPU batch of the job types whose names carry none (see hetero.Models).
func defaultBatch(fam string) int {
	for _, m := range hetero.GavelModels() {
		if f, bs := hetero.SplitJobType(m.Aliases[0]); f == fam && bs == 0 {
			return m.BatchSize
		}
	}
	return 1
}

// lookupRef finds the reference describing model (by canonical name or job type).
func lookupRef(refs []Reference, model string) (int, bool) {
	k := core.ModelKey(model)
	for i, r := range refs {
		if core.ModelKey(r.Name) == k || core.ModelKey(r.JobType) == k {
			return i, true
		}
	}
	return -1, false
}
