package placement

import (
	"slices"

	"schedlab/core/sim"
)

// tiresiasYarn is the yarn placement of the Tiresias authors' simulator (SymbioticLab/Tiresias,
// simulator/switch.py, ms_yarn_alloc_res): a gang that fits on one server goes to the lowest-index
// server with enough free GPUs, never split; a larger one takes whole idle servers, lowest index
// first, and puts the rest on the lowest-index other server with room. All or nothing: when the
// rule finds no room the job does not fit, even if enough GPUs are free elsewhere.
//
// Where their rule is silent or does not apply, ours: "fits on one server" compares with the
// largest server of the type, and a larger gang takes an idle server whole only while at least
// that server's GPUs are still needed (with servers of one size, floor(g/size) idle servers and
// the remainder, as theirs); on a mixed cluster the first allowed type in cluster order where the
// rule finds room is used. Their switches (a gang never spans two) are not modelled: a cluster
// here is one switch, as their n32g4 spec is. Their CPU and memory checks are not either, as
// every placement here gives each GPU its server's share (their 4-GPU specs never bind).
type tiresiasYarn struct {
	l     layout
	taken []int
	out   []int
}

func (*tiresiasYarn) Name() string { return TiresiasYarn }

func (p *tiresiasYarn) Place(v *sim.View, j *sim.JobState) ([]int, bool) {
	p.l.init(v.Cluster())
	g := j.Job.GPUs
	if g > v.FreeGPUs() {
		return nil, false
	}
	for t, typ := range p.l.types {
		if j.Job.AllowsType(typ) && p.placeOn(v, p.l.servers[t], g) {
			return p.out, true
		}
	}
	return nil, false
}

// placeOn applies the rule to one type's servers, leaving the GPUs in p.out.
func (p *tiresiasYarn) placeOn(v *sim.View, servers []int, g int) bool {
	cl := v.Cluster()
	size := 0
	for _, sv := range servers {
		size = max(size, cl.Servers[sv].GPUs)
	}
	p.out = p.out[:0]
	if g <= size {
		for _, sv := range servers {
			if v.FreeOn(sv) >= g {
				p.out = takeLowest(v, &cl.Servers[sv], g, p.out)
				return true
			}
		}
		return false
	}
	p.taken = p.taken[:0]
	left := g
	for _, sv := range servers {
		if n := cl.Servers[sv].GPUs; left >= n && v.FreeOn(sv) == n {
			p.out = takeLowest(v, &cl.Servers[sv], n, p.out)
			p.taken = append(p.taken, sv)
			left -= n
		}
	}
	if left > 0 {
		rest := -1
		for _, sv := range servers {
			if v.FreeOn(sv) >= left && !slices.Contains(p.taken, sv) {
				rest = sv
				break
			}
		}
		if rest < 0 {
			return false
		}
		p.out = takeLowest(v, &cl.Servers[rest], left, p.out)
	}
	slices.Sort(p.out)
	return true
}
