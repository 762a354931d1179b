// Package policies is the catalogue of scheduling policies: an explicit Registry of factories,
// built by Builtin without init() side effects, so the runner, the browser app and tests all see
// the same deterministic list of names and can build any policy from its JSON parameters.
//
// Each policy family lives in its own sub-package (baselines, synergy, similarity, …) and exports
// its factories; Catalogue is the one list that registers every policy with its family and a
// line for the page, so a new policy is its own file plus one line there (policies/WRITING.md).
// Placement strategies shared by the families live in policies/placement.
//
// Policies follow core's determinism rules (see package core): exponentials and logarithms through
// core/detmath, and no fused multiply-add — a floating-point product that feeds a sum is written
// float64(x*y) + z, because arm64 and GOAMD64=v3 builds would otherwise fuse it and rank jobs
// differently from the page. scripts/fusion checks the compiled code.
package policies
