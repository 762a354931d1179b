package parallel

import "schedlab/core"

// Layout places a job's ranks: Server[k] is the server of rank k; IntraGbps[sv] and InterGbps[sv]
// are server sv's bandwidths (Gbit/s), indexed by the values of Server.
type Layout struct {
	Server               []int
	IntraGbps, InterGbps func(sv int) float64
}

// Uniform returns bandwidth functions that give every server the same intra/inter bandwidth.
func Uniform(intra, inter float64) (func(int) float64, func(int) float64) {
	return func(int) float64 { return intra }, func(int) float64 { return inter }
}

// Packed is the layout of ranks filled in order into servers of `per` GPUs each (server 0, 1, …):
// the consolidated best placement αmin is measured on.
func Packed(gpus, per int, intra, inter float64) Layout {
	l := Layout{Server: make([]int, gpus)}
	for k := range l.Server {
		l.Server[k] = k / max(1, per)
	}
	l.IntraGbps, l.InterGbps = Uniform(intra, inter)
	return l
}

// bottleneck is the bandwidth of a collective over members: the intra bandwidth of their server
// when they share one, else the slowest inter link among their servers.
func (l Layout) bottleneck(members []int) float64 {
	first := l.Server[members[0]]
	same := true
	for _, k := range members[1:] {
		same = same && l.Server[k] == first
	}
	if same {
		return l.IntraGbps(first)
	}
	b := l.InterGbps(first)
	for _, k := range members[1:] {
		b = min(b, l.InterGbps(l.Server[k]))
	}
	return b
}

// Comm returns the communication seconds per iteration under layout l: for each kind of
// collective (tensor, pipeline, data) the slowest group, summed over kinds (groups of one kind run
// concurrently; kinds do not overlap each other or compute — a pessimistic simplification that
// the spec's formula also makes). Shared links are not modelled as contended.
func (w Work) Comm(l Layout) float64 {
	var tp, pp, dp float64
	if w.TPBytes > 0 {
		for _, g := range w.groups(tpGroup) {
			tp = max(tp, ringFactor(len(g))*w.TPBytes/bytesPerSec(l.bottleneck(g)))
		}
	}
	if w.DPBytes > 0 {
		for _, g := range w.groups(dpGroup) {
			dp = max(dp, ringFactor(len(g))*w.DPBytes/bytesPerSec(l.bottleneck(g)))
		}
	}
	if w.PPBytes > 0 {
		p := w.Par
		pair := make([]int, 2)
		for r := range p.DP {
			for s := 0; s+1 < p.PP; s++ {
				for t := range p.TP {
					pair[0], pair[1] = rank(p, r, s, t), rank(p, r, s+1, t)
					pp = max(pp, w.PPBytes/bytesPerSec(l.bottleneck(pair)))
				}
			}
		}
	}
	return tp + pp + dp
}

// Alpha is the iteration time under layout l: compute plus communication.
func (w Work) Alpha(l Layout) float64 { return w.Comp + w.Comm(l) }

// Factor is Alpha(l)/Comp: the slowdown of communication over pure compute.
func (w Work) Factor(l Layout) float64 { return 1 + w.Comm(l)/w.Comp }

// AlphaMin is the iteration time of the consolidated placement on servers of `per` GPUs: ranks
// packed in order onto the fewest servers, so tensor groups, then pipelines, stay inside a server.
func (w Work) AlphaMin(per int, intra, inter float64) float64 {
	g := w.Par.DP * w.Par.PP * w.Par.TP
	return w.Alpha(Packed(g, per, intra, inter))
}

// AlphaMax is the iteration time when every collective and pipeline edge crosses servers (each
// rank on its own server, all links at the inter bandwidth).
func (w Work) AlphaMax(inter float64) float64 {
	g := w.Par.DP * w.Par.PP * w.Par.TP
	l := Layout{Server: make([]int, g)}
	for k := range l.Server {
		l.Server[k] = k
	}
	l.IntraGbps, l.InterGbps = Uniform(inter, inter)
	return w.Alpha(l)
}

// Rho is Lemma 1's ρ for the shape under parallelism p on servers of `per` GPUs:
// AlphaMax/AlphaMin, 1 for a single GPU.
func (s *Shape) Rho(p core.Parallelism, batch, per int, intra, inter float64) float64 {
	w := s.Work(p, batch)
	return w.AlphaMax(inter) / w.AlphaMin(per, intra, inter)
}
