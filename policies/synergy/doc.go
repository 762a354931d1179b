// Package synergy is the Synergy policy family (Mohan et al., OSDI 2022): round-based schedulers
// that decide, every lease round, which jobs run and how many CPU cores and GB of host memory each
// GPU of a job gets.
//
// The family exists because GPU-proportional CPU/memory (every GPU brings 1/8 of its server's
// cores and memory) starves input-bound models and wastes resources on others. Each runner name
// pairs one of the authors' ordering keys (FIFO, SRTF, LAS, FTF, DRF, Tetris) with one allocation
// mode (proportional, GREEDY, TUNE). The code follows the authors' simulator
// (msr-fiddle/synergy@1bb2bed6, simulator/schedulers/*_synergy_new.py, drf.py, tetris.py and
// resources/cluster.py) step by step, including its quirks, so that `-policy fifo+tune -round 300`
// reproduces the authors' numbers: the sort keys see the speed-up a job was left with in the
// previous round, peers shrunk by TUNE are credited at the proportional speed, and GPUs are taken
// by a first-fit walk over free GPUs in id order. The per-model profiles come from
// core/sensitivity; progress is credited per lease (sim.RoundCredit) by default.
package synergy
