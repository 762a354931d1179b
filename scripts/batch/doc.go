// Package batch holds no Go code, only what runs schedlab's sharded figures and sweeps on other
// machines' schedulers, and the test that proves it on a real one:
//
//   - sweep.sbatch, a Slurm array job: each array task runs one shard of a figure or sweep file
//     (build/simulate -shard I/N) and writes OUTDIR/part-I-of-N.csv;
//   - sweep-job.yaml and merge-job.yaml, the same as a Kubernetes Indexed Job and its merge (not run
//     on Kubernetes here: there is no container engine and no cluster; kube_test.go runs the pods'
//     expanded commands and the merge's script locally);
//   - slurm_test.go, which starts a one-node Slurm cluster (munged, slurmctld, slurmd) in a temporary
//     directory with ports of its own, submits sweep.sbatch for a small figure split four ways,
//     merges the parts, compares them byte for byte with the unsharded run, deletes a part and
//     resubmits that index alone, and stops every daemon it started by process id.
//
// Slurm is used as it is, not imitated: the scheduling across machines is Slurm's (or Kubernetes'),
// and schedlab only contributes the shard/merge contract of its runner.
package batch
