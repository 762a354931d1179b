// Package forest is a random-forest regressor in pure Go: CART trees grown by variance reduction
// on bootstrap samples with a random subset of features tried at each split (Breiman 2001),
// averaged. A-SRPT (policies/asrpt) uses it to predict how many iterations a recurring job will
// run. It is written here rather than imported because the house rules allow only the standard
// library in core/, and because training must be bit-for-bit deterministic natively and under
// wasm: all randomness comes from a PCG stream seeded by Config.Seed, ties are broken by sample
// index, and only +, −, ×, ÷ touch the data.
package forest
