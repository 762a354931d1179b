//go:build js && wasm

package page

import (
	"schedlab/core"
	"schedlab/wasm/charts"
	"schedlab/wasm/runrecord"
)

// lanesOf stacks rec's co-located intervals (nil when the cluster does not parse).
func lanesOf(rec *runrecord.Record) *charts.Lanes {
	c, err := core.ParseCluster(rec.Cluster)
	if err != nil {
		return nil
	}
	return charts.BuildLanes(rec, c.NumGPUs())
}

// coRunners are ln's co-runners per job (nil without lanes), as pagelogic's sharing text takes them.
func coRunners(ln *charts.Lanes) [][]int32 {
	if ln == nil {
		return nil
	}
	return ln.CoRunners
}
