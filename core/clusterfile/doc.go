// Package clusterfile reads the cluster descriptions that peer simulators and public traces ship,
// so a run can use the same cluster as the paper it reproduces (runner: -cluster @file). Each
// format keeps its own units; the reader converts them once, here, into core.Servers, and says in
// warnings what it had to leave out (CPU-only nodes, settings that are not part of a cluster).
//
// Formats, detected from the content: the simulator's JSON (core.ClusterFile), Tiresias'/Muri's
// cluster CSV, Synergy's .ini, Alibaba's openb node list and Alibaba PAI's machine spec.
package clusterfile
