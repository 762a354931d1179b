// Package asrpt is A-SRPT (Luo, Liu, Lee, Shroff, INFOCOM 2025, arXiv:2501.05563): prediction-assisted
// online scheduling of mixed-parallel training jobs. It (1) maps each job onto GPUs so that tensor
// groups, then pipelines, stay inside a server and as few servers as possible are used (Map),
// (2) predicts how many iterations a recurring job will run with a random forest trained online on
// the runs that have finished (Predictor, core/forest), and (3) runs preemptive SRPT on a virtual
// single machine whose processing times are the jobs' worst-case areas g·n̂·αmax / M (Lemma 1);
// the virtual schedule's order is the real cluster's priority order (list scheduling with
// backfill).
//
// Why it is built this way: only the paper's abstract is readable, so every concrete rule is
// our reconstruction (the README's Choices), and the baselines the issue asks for are the same machinery with
// one part swapped — true lengths (srpt-oracle), communication-oblivious first-fit placement
// (srpt-predicted-oblivious), injected prediction error (a-srpt-err*) or a mean-of-history
// predictor (a-srpt-meanhist) — so that each comparison isolates one idea.
package asrpt
