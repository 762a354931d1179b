// Package world assembles the simulated world's knowledge from every profile source: the model
// registry (Synergy's ten-model zoo from core, Gavel's and Zeus' job types from core/hetero) and the speed
// model chain every run uses. It is the one place that decides how the sources combine, so the
// runner, the app and the tests all simulate the same world.
package world

import (
	"schedlab/core"
	"schedlab/core/hetero"
	"schedlab/core/interference"
	"schedlab/core/parallel"
	"schedlab/core/sensitivity"
	"schedlab/core/sim"
)

// Models returns the full registry: core's built-in models, then Gavel's job types, then Zeus'.
func Models() *core.Models {
	list := append(core.BuiltinModels().List(), hetero.GavelModels()...)
	list = append(list, hetero.Zeus().Models(hetero.ZeusSource)...)
	m, err := core.NewModels(list)
	if err != nil {
		panic(err) // both tables are constants; a clash is a programming error
	}
	return m
}

// Speed returns the speed model chain, outermost first:
//
//  0. mixed-parallel communication (core/parallel): multiplies the iteration time by the
//     placement's communication factor, only for jobs with explicit parallelism (core.Job.Par)
//     and a model with documented sizes. Outermost because it adds communication on top of the
//     compute time every inner layer settles (CPU share, GPU type); its model names are distinct
//     from the registry's, so no job gets both its factor and Gavel's spread penalty;
//  1. CPU/memory sensitivity (Synergy's profiles): divides the iteration time by the speed-up of the
//     allocation's cores and memory per GPU — 1 at the proportional share;
//  2. heterogeneous throughput (Gavel's measurements): Gavel's job types run at their measured
//     speed for the GPU type, GPU count and consolidation; then Zeus' job types (A40, V100,
//     RTX6000, P100; one GPU measured, more GPUs by hetero.ZeusScaling), names distinct from Gavel's;
//  3. the registry's per-GPU-type iteration times (sim.ProfileSpeed), with warnings for unknown
//     models and missing GPU types.
//
// A trace-given iteration time passes through every layer unchanged except the CPU/memory factor.
func Speed(models *core.Models) sim.SpeedModel {
	base := sim.ProfileSpeed{Models: models}
	zeus := hetero.Speed{Table: hetero.Zeus(), Base: base}
	return parallel.NewSpeed(sensitivity.NewSpeed(hetero.Speed{Table: hetero.Gavel(), Base: zeus}))
}

// Colocation returns the GPU-sharing ground truth every sharing run uses: Gavel's measured
// single-GPU co-location pairs with core/interference's documented rules for groups, multi-GPU
// jobs and unmeasured models, resolving job models through models. Each call builds a fresh value
// (it memoises per-job lookups), so give each run its own.
func Colocation(models *core.Models) sim.Colocation {
	return interference.NewColocation(interference.Gavel(), models)
}

// Check reports, before a run starts, every job whose model has measured profiles but none for a
// GPU type, GPU count or consolidation the cluster allows it — never a silent default at run time.
// A multi-GPU placement Gavel did not measure runs at hetero's documented estimate, counted in
// note (the run's warning), unless measuredOnly makes it an error.
func Check(name string, jobs []core.Job, c *core.Cluster, measuredOnly bool) (note string, err error) {
	note, err = hetero.Speed{Table: hetero.Gavel()}.Check(name, jobs, c, measuredOnly)
	if err != nil {
		return note, err
	}
	zn, err := hetero.Speed{Table: hetero.Zeus()}.Check(name, jobs, c, measuredOnly)
	if note == "" {
		note = zn
	} else if zn != "" {
		note += "; " + zn
	}
	return note, err
}
