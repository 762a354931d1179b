package hetero

import (
	"fmt"
	"math"
	"sync"

	"schedlab/core"
	"schedlab/core/detmath"
)

// ZeusSource cites the transcribed times per epoch.
const ZeusSource = "Zeus (You, Chung, Chowdhury, \"Zeus: Understanding and Optimizing GPU Energy Consumption of DNN " +
	"Training\", NSDI'23), ml-energy/zeus trace/summary_power_{a40,v100,rtx6000,p100}.csv (Apache-2.0): time per " +
	"epoch at each GPU's highest power limit, one GPU, rounded to 6 decimals"

// ZeusTypes are the GPU types Zeus measured, in the column order of zeusRows.
var ZeusTypes = [4]core.GPUType{core.A40, core.V100, core.RTX6000, core.P100}

// zeusRow is one (dataset, network, batch size) with the optimizer all four GPUs were measured
// with: seconds per epoch on one GPU at its highest power limit (A40 300 W, V100 250 W, RTX6000
// 260 W, P100 250 W), in ZeusTypes order.
type zeusRow struct {
	dataset, network string
	batch            int
	optimizer        string
	epoch            [4]float64
}

// zeusRows is transcribed from ZeusSource (published measurements, copied as facts): every
// (dataset, network, batch size, optimizer) measured on all four GPUs. Zeus measured the V100 on
// CIFAR-100 with two optimizers; the row keeps Adadelta, the one the other three GPUs ran.
// `go test -run TestZeusTable ./core/hetero` checks it against the files.
var zeusRows = [...]zeusRow{
	{"cifar100", "shufflenetv2", 8, "adadelta", [4]float64{232.05, 240.31, 392.403333, 402.566667}},
	{"cifar100", "shufflenetv2", 16, "adadelta", [4]float64{115.49, 125.9, 197.776667, 203.936667}},
	{"cifar100", "shufflenetv2", 32, "adadelta", [4]float64{57.37, 63.706667, 100.21, 101.366667}},
	{"cifar100", "shufflenetv2", 64, "adadelta", [4]float64{33.165, 33.213333, 52.613333, 54.883333}},
	{"cifar100", "shufflenetv2", 128, "adadelta", [4]float64{17.95, 17.15, 27.19, 31.61}},
	{"cifar100", "shufflenetv2", 256, "adadelta", [4]float64{10.705, 10.056667, 14.896667, 20.486667}},
	{"cifar100", "shufflenetv2", 512, "adadelta", [4]float64{9.14, 8.276667, 10.38, 17.473333}},
	{"cifar100", "shufflenetv2", 1024, "adadelta", [4]float64{8.525, 7.613333, 9.506667, 16.5}},
	{"cifar100", "shufflenetv2", 2048, "adadelta", [4]float64{8.66, 7.69, 9.68, 16.64}},
	{"imagenet", "resnet50", 8, "adadelta", [4]float64{5856.75, 5892.98, 8958.85, 10809.18}},
	{"imagenet", "resnet50", 16, "adadelta", [4]float64{4917.59, 4610.753333, 5950.25, 8083.5}},
	{"imagenet", "resnet50", 32, "adadelta", [4]float64{4158.03, 4051.0, 5234.265, 6981.02}},
	{"imagenet", "resnet50", 64, "adadelta", [4]float64{3954.57, 3754.323333, 4991.955, 6482.97}},
	{"imagenet", "resnet50", 128, "adadelta", [4]float64{3739.5, 3603.596667, 5017.215, 6277.98}},
	{"librispeech", "deepspeech2", 8, "adamw", [4]float64{10553.19, 13682.15, 12425.45, 61172.055}},
	{"librispeech", "deepspeech2", 16, "adamw", [4]float64{6421.515, 8345.57, 7920.875, 35827.82}},
	{"librispeech", "deepspeech2", 32, "adamw", [4]float64{5135.95, 5888.39, 6009.0, 23247.825}},
	{"librispeech", "deepspeech2", 64, "adamw", [4]float64{4995.155, 5653.96, 6142.51, 18893.78}},
	{"movielens-1m", "ncf", 8, "adam", [4]float64{1761.935, 2014.535, 4207.57, 3662.22}},
	{"movielens-1m", "ncf", 16, "adam", [4]float64{864.335, 998.48, 2127.87, 1877.105}},
	{"movielens-1m", "ncf", 32, "adam", [4]float64{434.81, 443.875, 1030.03, 892.93}},
	{"movielens-1m", "ncf", 64, "adam", [4]float64{223.595, 262.105, 554.64, 455.61}},
	{"movielens-1m", "ncf", 128, "adam", [4]float64{115.285, 119.125, 278.75, 234.705}},
	{"movielens-1m", "ncf", 256, "adam", [4]float64{68.443333, 64.701667, 151.753333, 127.423333}},
	{"movielens-1m", "ncf", 512, "adam", [4]float64{33.171667, 33.7, 81.65, 64.02}},
	{"movielens-1m", "ncf", 1024, "adam", [4]float64{20.336667, 19.298333, 45.376667, 39.178333}},
	{"movielens-1m", "ncf", 2048, "adam", [4]float64{14.068333, 12.058333, 26.321667, 23.713333}},
	{"movielens-1m", "ncf", 4096, "adam", [4]float64{10.468, 10.221, 21.948, 17.977}},
	{"movielens-1m", "ncf", 8192, "adam", [4]float64{9.878, 8.171, 13.805, 15.819}},
	{"movielens-1m", "ncf", 16384, "adam", [4]float64{8.151, 7.093, 11.962, 11.823}},
	{"sentiment140", "bert_base_uncased", 8, "adamw", [4]float64{6640.177556, 7128.479094, 9353.714269, 11034.347276}},
	{"sentiment140", "bert_base_uncased", 16, "adamw", [4]float64{3585.348282, 4681.482172, 5165.446737, 8395.579336}},
	{"sentiment140", "bert_base_uncased", 32, "adamw", [4]float64{2396.377567, 4099.607643, 4359.986052, 7246.10548}},
	{"sentiment140", "bert_base_uncased", 64, "adamw", [4]float64{2197.644986, 4027.767528, 4268.125446, 7270.334915}},
	{"squad", "bert_base_uncased", 8, "adamw", [4]float64{941.125, 1573.05, 1703.66, 2791.79}},
	{"squad", "bert_base_uncased", 12, "adamw", [4]float64{932.275, 1594.155, 1772.67, 2888.68}},
	{"squad", "bert_base_uncased", 16, "adamw", [4]float64{921.62, 1633.78, 1793.63, 2921.45}},
	{"squad", "bert_base_uncased", 24, "adamw", [4]float64{910.12, 1727.98, 1846.625, 2952.215}},
}

// zeusDatasets gives each Zeus workload its published name and the training samples of one epoch,
// which turn a time per epoch into iterations per second (samples ÷ batch ÷ seconds). The counts
// set only the absolute iteration rate: a job's type ranking is the measured times', whatever the
// count. Our readings of the datasets' sizes: CIFAR-100 50,000 training images (Krizhevsky 2009);
// ImageNet-1k 1,281,167 (Russakovsky et al., IJCV 2015); LibriSpeech's 960 h training set, 281,241
// utterances (Panayotov et al., ICASSP 2015); MovieLens-1M's 1,000,209 ratings less each user's
// latest (held out), 994,169 positives, each with four sampled negatives as NCF trains (He et al.,
// WWW 2017); SQuAD v1.1's 87,599 questions
// (Rajpurkar et al., EMNLP 2016); Sentiment140's 1,600,000 tweets (Go et al., 2009).
var zeusDatasets = map[string]struct {
	family  string
	samples float64
}{
	"cifar100|shufflenetv2":          {"ShuffleNetV2/CIFAR-100", 50_000},
	"imagenet|resnet50":              {"ResNet-50/ImageNet", 1_281_167},
	"librispeech|deepspeech2":        {"DeepSpeech2/LibriSpeech", 281_241},
	"movielens-1m|ncf":               {"NCF/MovieLens-1M", 4_970_845},
	"squad|bert_base_uncased":        {"BERT/SQuAD", 87_599},
	"sentiment140|bert_base_uncased": {"BERT/Sentiment140", 1_600_000},
}

// ZeusScaling is the multi-GPU scaling model of the Zeus profiles (Zeus measured one GPU): the
// throughput on g GPUs is g × the 1-GPU throughput × Scaling(g, spread), where Scaling is the
// median, over every (GPU type, job type) Gavel measured at that shape, of its throughput ÷ (g × its
// 1-GPU throughput) (Gavel's isolated throughputs, GavelSource). One factor for every type and
// model, our choice: it keeps each model's type ranking the one Zeus measured, while Gavel's
// per-type medians disagree (8 GPUs spread: 0.26 on V100, 0.66 on K80), are not monotonic in the
// count on V100 (consolidated: 0.90, 0.57, 0.81 at 2, 4, 8) and exist for none of A40 and RTX6000.
func ZeusScaling(gavel *Table, gpus int, spread bool) float64 {
	if gpus <= 1 {
		return 1
	}
	var ratios []float64
	for i := range gavel.profiles {
		p := &gavel.profiles[i]
		for _, pt := range p.Points {
			if pt.GPUs != gpus || pt.Spread != spread {
				continue
			}
			if one, ok := p.At(pt.Type, 1, false); ok {
				ratios = append(ratios, pt.Throughput/(float64(pt.GPUs)*one))
			}
		}
	}
	return median(ratios)
}

// zeusGPUs are the GPU counts of the Zeus profiles (those Gavel measured scaling at).
var zeusGPUs = [...]int{1, 2, 4, 8}

// Zeus is the Zeus profiles as a Table: per row a job type "FAMILY (batch size B)" (e.g.
// "ResNet-50/ImageNet (batch size 128)", canonical name "resnet50/imagenet-bs128"), its measured
// 1-GPU throughput on each type (iterations/s: samples per epoch ÷ batch ÷ seconds per epoch), and
// its 2-, 4- and 8-GPU throughputs from ZeusScaling, consolidated and spread. The multi-GPU
// points are the scaling model's, not measurements: the documents say so wherever they are used.
// Built once per process and shared, read-only, like Gavel.
func Zeus() *Table { return zeusTable() }

var zeusTable = sync.OnceValue(buildZeus)

func buildZeus() *Table {
	gavel := Gavel()
	var eff [len(zeusGPUs)][2]float64
	for k, g := range zeusGPUs {
		eff[k] = [2]float64{ZeusScaling(gavel, g, false), ZeusScaling(gavel, g, true)}
	}
	profiles := make([]Profile, 0, len(zeusRows))
	for _, r := range zeusRows {
		ds := zeusDatasets[r.dataset+"|"+r.network]
		p := Profile{JobType: fmt.Sprintf("%s (batch size %d)", ds.family, r.batch)}
		for t, typ := range ZeusTypes {
			one := ds.samples / float64(r.batch) / r.epoch[t]
			for k, g := range zeusGPUs {
				x := float64(one*float64(g)) * eff[k][0]
				p.Points = append(p.Points, Point{Type: typ, GPUs: g, Throughput: round6(x)})
				if g > 1 {
					p.Points = append(p.Points, Point{Type: typ, GPUs: g, Spread: true, Throughput: round6(float64(one*float64(g)) * eff[k][1])})
				}
			}
		}
		profiles = append(profiles, p)
	}
	t, err := NewTable(profiles)
	if err != nil {
		panic(err) // the transcribed table is a programmer's constant
	}
	return t
}

// round6 rounds x to 6 significant digits, as the Gavel transcription is, so that the derived
// points print and compare the same everywhere.
func round6(x float64) float64 {
	if x == 0 {
		return 0
	}
	e := math.Floor(detmath.Log10(math.Abs(x)))
	scale := detmath.Pow10(5 - e)
	return math.Round(x*scale) / scale
}
