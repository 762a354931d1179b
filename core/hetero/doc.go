// Package hetero holds heterogeneous throughput profiles: how fast a model trains on each GPU
// type, for each GPU count, consolidated on one server or spread over several. The simulator needs
// such profiles so that a job placed on a K80 really runs at the K80's measured speed — peer
// simulators have silently fallen back to one type's numbers, which hides every effect a
// heterogeneity-aware policy is built to exploit.
//
// The product may not ship the raw data files, so the isolated single-job throughputs of Gavel
// (Narayanan et al., OSDI'20) are transcribed into a Go table (Gavel) with their citation;
// LoadGavelJSON and LoadGavelCSV read the original files for users who have them, and a test
// checks the transcription against the file. Speed is a sim.SpeedModel over a Table that wraps a
// base model for the models it does not know, and Speed.Check turns every (model, GPU type, GPU
// count, placement) the cluster could need but the table lacks into a load-time error instead of
// a run-time default.
package hetero
