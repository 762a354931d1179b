package sensitivity

// Demand is a job's ideal host allocation after Synergy's clipping (jobs/workload.py,
// add_synergy_profile): job totals of cores and GB, and the speed-up the job expects there.
type Demand struct {
	CPU, Mem float64 // job totals
	Speedup  float64
}

// Demand clips the ideal allocation of a g-GPU job to one server of gpus GPUs, cpus cores and mem
// GB, as the authors do: a demand above the server's size becomes the server's size; if the job
// also has more GPUs than a server, it becomes the proportional share and the speed-up 1;
// otherwise the speed-up is interpolated linearly in CPU between 1 at the proportional cores and
// Speedup at the ideal cores.
func (p *Profile) Demand(g, gpus int, cpus, mem float64) Demand {
	d := Demand{CPU: float64(g) * p.CPUPerGPU, Mem: float64(g) * p.MemPerGPU, Speedup: p.Speedup}
	update := false
	if d.CPU > cpus {
		d.CPU, update = cpus, true
		if g > gpus {
			d.CPU = float64(g) * (cpus / float64(gpus))
			d.Speedup, update = 1, false
		}
	}
	if d.Mem > mem {
		d.Mem, update = mem, true
		if g > gpus {
			d.Mem = float64(g) * (mem / float64(gpus))
			d.Speedup, update = 1, false
		}
	}
	if update {
		d.Speedup = p.interpolate(g, d.CPU, cpus/float64(gpus))
	}
	return d
}

// interpolate is the authors' straight line between (fair cores, 1) and (ideal cores, speed-up),
// evaluated at cpu cores in total, with the same operation order.
func (p *Profile) interpolate(g int, cpu, fairPerGPU float64) float64 {
	ideal := float64(float64(g) * p.CPUPerGPU)
	fair := float64(float64(g) * fairPerGPU)
	if ideal == fair {
		return p.Speedup
	}
	slope := (p.Speedup - 1) / (ideal - fair)
	return 1 + float64(slope*(cpu-fair))
}

// SpeedupAt is the throughput of a g-GPU job given cpu cores and mem GB per GPU, relative to the
// proportional share (Ratio cores, PropMem GB per GPU):
//
//   - at or above the proportional share in both: 1 at the proportional cores, Speedup at the
//     ideal cores and beyond, linear in cores between (the authors' rule for clipped demands;
//     memory above the proportional share does not change it);
//   - below the proportional share in either: the throughput grid, read at the largest grid
//     point not above the allocation, relative to the grid at the proportional share.
func (p *Profile) SpeedupAt(g int, cpu, mem float64) float64 {
	const eps = 1e-9
	fair := float64(p.Ratio)
	if cpu+eps >= fair && mem+eps >= PropMem {
		if cpu+eps >= p.CPUPerGPU {
			if p.CPUPerGPU <= fair && mem+eps < p.MemPerGPU {
				return 1 // only memory-sensitive and memory short of ideal
			}
			return p.Speedup
		}
		if cpu <= fair {
			return 1
		}
		return p.interpolate(g, float64(float64(g)*cpu), fair)
	}
	ref := p.Tput[row(fair)][col(PropMem)]
	if ref <= 0 {
		return 1
	}
	return p.Tput[row(cpu)][col(mem)] / ref
}

// row is the index of the largest CPUAxis point not above cpu (0 below the first); the axis
// ascends, so the scan stops at the first point above.
func row(cpu float64) int {
	i := 0
	for k, c := range CPUAxis {
		if cpu+1e-9 < c {
			break
		}
		i = k
	}
	return i
}

// col is row for MemAxis.
func col(mem float64) int {
	i := 0
	for k, m := range MemAxis {
		if mem+1e-9 < m {
			break
		}
		i = k
	}
	return i
}
