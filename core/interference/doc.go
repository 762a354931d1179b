// Package interference is the ground truth of GPU sharing: which single-GPU training jobs may run
// on one GPU together and how much each slows the other down, transcribed from Gavel's measured
// co-location pairs (GavelSource). It implements sim.Colocation so that every run that shares GPUs
// uses the same measured world, and it exposes the dense pair matrix and per-job-type features
// that the learned predictors (core/learn) are trained and tested on.
//
// Documented rules (the data covers 26 single-GPU job types on K80, P100 and V100 only):
//
//   - a pair may share a GPU iff Gavel measured it as fitting (throughput > 0); three or more
//     co-runners must additionally fit in the GPU's memory by the per-job-type footprints
//     (Footprint; K80 12 GB per die, P100 and V100 16 GB);
//   - with one co-runner a job runs at its measured normalised throughput; with several it runs at
//     the product of its pairwise values (contention for independent resources compounds; ours);
//   - a multi-GPU job's task on a GPU is slowed like its single-GPU job type next to the
//     co-runners on that GPU (data-parallel workers run the same per-GPU kernels; ours); the
//     engine runs the gang at the pace of its slowest GPU; Gavel's multi-GPU pair rows are all 0
//     (never measured) and are ignored;
//   - a job whose model is not one of the 26 job types is mapped to the same family at the
//     nearest per-GPU batch size when the family is known (Synergy's resnet18/resnet50,
//     transformer-xl, lstm → LM); any other job, and every GPU type other than K80/P100/V100,
//     never shares (unmeasured means "do not guess").
package interference
