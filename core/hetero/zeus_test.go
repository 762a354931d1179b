package hetero

import (
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"schedlab/core"
	"schedlab/core/shareddata"
)

// TestZeusTable checks the transcription against Zeus' power traces: every (dataset, network,
// batch, optimizer) measured on all four GPUs is a row, with the time per epoch at each GPU's
// highest power limit.
func TestZeusTable(t *testing.T) {
	dir := filepath.Join(shareddata.Dir(t), "zeus")
	type key struct {
		dataset, network, optimizer string
		batch                       int
	}
	perType := make([]map[key]float64, len(ZeusTypes))
	for k, typ := range ZeusTypes {
		f, err := os.Open(filepath.Join(dir, "summary_power_"+strings.ToLower(string(typ))+".csv"))
		if err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		best, limit := map[key]float64{}, map[key]int{}
		for _, r := range recs[1:] {
			b, _ := strconv.Atoi(r[2])
			pl, _ := strconv.Atoi(r[4])
			sec, _ := strconv.ParseFloat(r[5], 64)
			kk := key{r[0], r[1], strings.ToLower(r[3]), b}
			if pl > limit[kk] {
				limit[kk], best[kk] = pl, sec
			}
		}
		perType[k] = best
	}
	n := 0
	for kk := range perType[0] {
		all := true
		for _, m := range perType[1:] {
			_, ok := m[kk]
			all = all && ok
		}
		if all {
			n++
		}
	}
	if n != len(zeusRows) {
		t.Errorf("the files have %d rows measured on all four GPUs, the table %d", n, len(zeusRows))
	}
	for _, r := range zeusRows {
		kk := key{r.dataset, r.network, r.optimizer, r.batch}
		for k := range ZeusTypes {
			want, ok := perType[k][kk]
			if !ok || math.Abs(r.epoch[k]-want) > 1e-6*want+1e-6 {
				t.Errorf("%+v on %s: table %v, file %v (%v)", kk, ZeusTypes[k], r.epoch[k], want, ok)
			}
		}
	}
}

// TestZeusRanking prints the type ranking of every Zeus (model, batch) at the highest power limit
// (the similarity document's table) and checks the premise the gpus=zeus reading rests on: the
// fastest type differs by model, and so does the order of the slower types.
func TestZeusRanking(t *testing.T) {
	fastest := map[core.GPUType]int{}
	orders := map[string]bool{}
	for _, z := range zeusRankings() {
		fastest[z.Types[0]]++
		orders[fmt.Sprint(z.Types)] = true
		t.Logf("%-42s %s", z.JobType, rankText(z))
	}
	t.Logf("fastest type: %v of %d (model, batch) pairs; %d distinct orders", fastest, len(zeusRows), len(orders))
	if len(fastest) < 2 || len(orders) < 3 {
		t.Errorf("the best type does not differ by model: %v, %d orders", fastest, len(orders))
	}
}

func rankText(z zeusRanking) string {
	parts := make([]string, len(z.Types))
	for k, typ := range z.Types {
		parts[k] = fmt.Sprintf("%s %.4g s", typ, z.Epoch[k])
	}
	return strings.Join(parts, " < ")
}

// TestZeusScalingDerived checks the derived multi-GPU points: g × the 1-GPU throughput × the one
// scaling factor, the same for every type, so a model's type ranking is the same at every count.
func TestZeusScalingDerived(t *testing.T) {
	z, g := Zeus(), Gavel()
	for _, n := range []int{2, 4, 8} {
		for _, spread := range []bool{false, true} {
			e := ZeusScaling(g, n, spread)
			if !(e > 0.1 && e < 1) {
				t.Fatalf("scaling at %d spread=%v: %v", n, spread, e)
			}
			for _, p := range z.Profiles() {
				one, _ := p.At(core.V100, 1, false)
				x, ok := p.At(core.V100, n, spread)
				if !ok || math.Abs(x-float64(one*float64(n))*e) > 1e-5*x {
					t.Errorf("%s on %d×V100 spread=%v: %v, want %v", p.Name, n, spread, x, float64(one*float64(n))*e)
				}
			}
		}
	}
	if _, ok := z.Profile("resnet50/imagenet-bs128"); !ok {
		t.Error("no profile resnet50/imagenet-bs128")
	}
}

// zeusRanking is one Zeus (model, batch) with its GPU types from fastest to slowest at the highest
// power limit, and each type's time per epoch in seconds.
type zeusRanking struct {
	JobType string
	Types   [4]core.GPUType
	Epoch   [4]float64 // in Types order
}

// zeusRankings lists the type ranking of every Zeus row, in table order (the note and the
// similarity document print it with `go test -run TestZeusRanking -v ./core/hetero`).
func zeusRankings() []zeusRanking {
	var out []zeusRanking
	for _, r := range zeusRows {
		ds := zeusDatasets[r.dataset+"|"+r.network]
		idx := []int{0, 1, 2, 3}
		for a := 1; a < 4; a++ { // insertion sort: four entries, stable
			for b := a; b > 0 && r.epoch[idx[b]] < r.epoch[idx[b-1]]; b-- {
				idx[b], idx[b-1] = idx[b-1], idx[b]
			}
		}
		z := zeusRanking{JobType: fmt.Sprintf("%s (batch size %d)", ds.family, r.batch)}
		for k, i := range idx {
			z.Types[k], z.Epoch[k] = ZeusTypes[i], r.epoch[i]
		}
		out = append(out, z)
	}
	return out
}
