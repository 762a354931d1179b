// Package export writes a run's results in the forms users take elsewhere: the per-job CSV that
// the runner's -jobs-out and the app's "export CSV" share byte for byte.
package export
