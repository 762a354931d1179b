// Package sim is the discrete-event engine. A Sim owns the clock, the event heap, the run's single
// RNG, the cluster's occupancy and every job's run-time state; a Policy reads that state through a
// View and acts only through View.Start and View.Stop, which the engine validates. The engine alone
// mutates state, accounts progress, and records every allocation interval (the Gantt chart's
// source) and the utilisation/queue time series.
//
// Time is integer milliseconds. Events at one instant are applied in the order
// arrival < completion < lease end < round tick (Synergy's order), ties by sequence number; the
// policy is then asked to decide once for the instant.
package sim
