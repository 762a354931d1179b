// Package similarity implements the model-similarity-based scheduling policy of Thanapol et al.
// (ACIIDS 2023) and its round-based extension (Applied Sciences 2024) on heterogeneous GPUs, with
// the baselines it is compared against.
//
// A cluster mixes GPU architectures, and the ranking of architectures differs by model (Gavel's
// measurements: ResNet-18 trains 10× faster on V100 than on K80, the recommendation model is
// fastest on P100, A3C gains only 2×). The policy describes each job's model by its architecture
// (layer-type counts, parameters, FLOPs, depth, batch size, GPU count), finds the most similar
// profiled reference models (cosine similarity of z-scored descriptors, k nearest neighbours),
// transfers their measured throughputs to the job, and sends the job to the architecture
// predicted fastest, falling back to the next best. The job's own model is never in the reference
// set the policy sees (leave-one-model-out at run time, or a whole family with exclude=family),
// while the simulator runs it at its measured speed: the policy must really generalise. The
// paper body was not available; the reconstruction follows ../shared/specs/policies.md §2.
//
// model-similarity+packing adds the 2024 follow-up's packing on top of re-matching: two 1-GPU
// jobs may share a GPU when their reference models' measured co-location row predicts a gain
// (pack.go documents the rules); the engine runs them at their own measured slowdowns.
package similarity
