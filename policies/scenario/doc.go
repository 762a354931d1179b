// Package scenario describes runs as plain data: a Spec is everything that determines a run
// (workload, cluster, policies and their parameters, engine settings, seed), so the runner, the
// browser app and a URL can all carry it and get the same result; a Scenario is a named Spec
// that reproduces a paper's figure, with the published numbers to show beside ours. Policy
// packages declare their own scenarios; package policies lists them all explicitly.
package scenario
