// Package learn holds the two interference predictors of IASP + IAPP (Geng et al., Cluster
// Computing 2020; the model families are the abstract's, the rest ours), trained in pure Go from a training split of Gavel's measured
// co-location pairs only: IASP, collaborative filtering over the sparse job-type × job-type
// matrix (biased matrix factorisation by SGD), and IAPP, a small multilayer perceptron trained by
// backpropagation with Adam whose inputs are job features (isolated throughput per GPU type,
// batch size, family, memory footprint) of a task and its co-runner, never job identities.
//
// Both are seeded and deterministic (their own PCG streams, no math.Exp/Pow: ReLU units, Adam's
// bias correction by repeated multiplication) so that native and wasm runs train the same weights,
// and both train in well under two seconds.
package learn
