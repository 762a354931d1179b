// Package policies is the catalogue of scheduling policies: an explicit Registry of factories,
// built by Builtin without init() side effects, so the runner, the browser app and tests all see
// the same deterministic list of names and can build any policy from its JSON parameters.
//
// Each policy family lives in its own sub-package (baselines, synergy, similarity, …) and exports
// its factories; Catalogue is the one list that registers every policy with its family and a
// line for the page, so a new policy is its own file plus one line there (policies/WRITING.md).
// Placement strategies shared by the families live in policies/placement.
package policies
