// Package sensitivity holds Synergy's per-model CPU and host-memory sensitivity profiles and the
// speed model built on them.
//
// Synergy (Mohan et al., OSDI 2022) observed that many training jobs are bound by their input
// pipeline, so the GPU-proportional share of cores and memory is too little for some models and
// more than enough for others. Each profile records a model's "ideal" cores and GB per GPU, the
// speed-up it reaches there over the proportional share, and the measured throughput grid. The
// numbers are transcribed from the authors' simulator (msr-fiddle/synergy@1bb2bed6,
// simulator/models*/<model>_1.py; MIT licence); LoadJSON reads the same numbers from the
// reorganised file shipped as data/synergy/synergy_model_profiles.json, so users can check or
// replace them.
//
// The package is separate from core/sim because the profiles are data about models, not engine
// mechanics: Speed wraps any base sim.SpeedModel and only rescales its iteration time by the
// allocation's speed-up, so other speed factors (GPU type, placement) stay where they are.
package sensitivity
