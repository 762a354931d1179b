package clusterfile

import (
	"fmt"
	"strings"

	"schedlab/core"
)

// nodeList describes a one-row-per-server CSV (Alibaba's openb node list and PAI machine spec):
// which column holds what and in which unit. Both lists are read by one loop so that they agree
// on what they leave out: a row with no GPUs, or whose GPU type is "CPU", is a CPU-only node and
// is counted in one warning; a GPU node needs CPU and memory.
type nodeList struct {
	format, noun           string  // File.Format; "node" or "machine" in messages
	id, gpu, typ, cpu, mem string  // column names
	cpuPerCore, memPerGB   float64 // the file's units per core and per GB
}

func (nl nodeList) parse(t *table) (*File, error) {
	var servers []core.Server
	cpuOnly := 0
	err := t.rows(func(get func(string) string) error {
		gpus, err := whole(get(nl.gpu), 1024)
		if err != nil {
			return t.errf(nl.gpu, "%v", err)
		}
		cpu, err := num(get(nl.cpu), core.MaxQuantity*nl.cpuPerCore)
		if err != nil {
			return t.errf(nl.cpu, "%v", err)
		}
		mem, err := num(get(nl.mem), core.MaxQuantity*nl.memPerGB)
		if err != nil {
			return t.errf(nl.mem, "%v", err)
		}
		if gpus == 0 || strings.EqualFold(strings.TrimSpace(get(nl.typ)), "CPU") {
			cpuOnly++
			return nil
		}
		typ, err := core.ParseGPUType(get(nl.typ))
		if err != nil {
			return t.errf(nl.typ, "%v", err)
		}
		if cpu == 0 || mem == 0 {
			return t.errf(nl.cpu, "a GPU %s needs CPU and memory", nl.noun)
		}
		if len(servers) == maxServers {
			return t.errf(nl.id, "more than %d servers", maxServers)
		}
		servers = append(servers, server(typ, gpus, cpu/nl.cpuPerCore, mem/nl.memPerGB))
		return nil
	})
	if err != nil {
		return nil, err
	}
	var warns []string
	if cpuOnly > 0 {
		warns = append(warns, fmt.Sprintf("%s: %d CPU-only %ss left out", t.name, cpuOnly, nl.noun))
	}
	return finish(t.name, nl.format, servers, warns)
}
