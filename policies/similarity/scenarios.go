package similarity

import (
	"encoding/json"

	"schedlab/policies/scenario"
)

// gavelCluster is three GPU generations of 16 GPUs each, two 8-GPU servers per type, so that an
// 8-GPU job can run consolidated on any type and smaller ones can be spread.
const gavelCluster = "2x8:K80+2x8:P100+2x8:V100"

var allPolicies = []string{"first-fit-any", "random-type", "fastest-gpu-first", "gavel-maxmin",
	"model-similarity", "model-similarity+rounds", "model-similarity+packing", "model-similarity-oracle"}

const paper = "Thanapol et al., ACIIDS 2023 (LNAI 13996) and Applied Sciences 14(6):2349, 2024"

const notes = "model-similarity takes the best-matched free GPU type, else the next-best free type at once (the 2023 " +
	"rule); fallback=finish is our variant that waits when a faster type frees up soon enough. " +
	"The 2023 paper gives no number (lower makespan than the baselines); the 2024 follow-up reports " +
	"−29 % makespan from the round-based mechanism and a further −5 % from packing (+packing is +rounds where a " +
	"small job may also join the GPUs of a running small job of its GPU count). Jobs run at Gavel's measured K80/P100/V100 throughputs; the policy never sees its own " +
	"job's profile. Needs the speed model hetero.Speed over hetero.Gavel()."

// Scenarios lists the similarity scenarios.
func Scenarios() scenario.List {
	family := map[string]json.RawMessage{
		"model-similarity":         json.RawMessage(`{"exclude":"family"}`),
		"model-similarity+rounds":  json.RawMessage(`{"exclude":"family"}`),
		"model-similarity+packing": json.RawMessage(`{"exclude":"family"}`),
	}
	return scenario.List{
		{
			Name:  "similarity-makespan",
			Title: "Model-similarity scheduling: 48 multi-GPU jobs at t = 0 on K80/P100/V100 (makespan)",
			Paper: paper,
			Spec: scenario.Spec{Generate: "similarity:jobs=48", Cluster: gavelCluster, Policies: allPolicies,
				CheckpointCost: 60, Seed: 1},
			Notes: notes,
		},
		{
			Name:  "similarity-online",
			Title: "Model-similarity scheduling with Poisson arrivals (96 jobs, 4 jobs/h)",
			Paper: paper,
			Spec: scenario.Spec{Generate: "similarity:jobs=96,rate=4", Cluster: gavelCluster, Policies: allPolicies,
				CheckpointCost: 60, Seed: 1},
			Notes: notes,
		},
		{
			Name:  "similarity-unseen",
			Title: "Model-similarity scheduling with each job's whole model family hidden from the policy",
			Paper: paper,
			Spec: scenario.Spec{Generate: "similarity:jobs=48", Cluster: gavelCluster, Policies: allPolicies,
				Params: family, CheckpointCost: 60, Seed: 1},
			Notes: notes + " Here the policy matches e.g. a ResNet-50 job only against ResNet-18, Transformer, LM, " +
				"Recommendation, A3C and CycleGAN.",
		},
		{
			Name:  "similarity-packing",
			Title: "Model-similarity packing: 48 jobs at t = 0, 1/2/4/8 GPUs (30 % on one GPU)",
			Paper: paper,
			Spec: scenario.Spec{Generate: "similarity:jobs=48,single=true", Cluster: gavelCluster, Policies: allPolicies,
				Params:         map[string]json.RawMessage{"model-similarity-oracle": json.RawMessage(`{"packing":true}`)},
				CheckpointCost: 60, Seed: 1},
			Notes: notes + " Here the oracle is the packing oracle (true profiles and true co-location rows).",
		},
		{
			Name:  "similarity-smoke",
			Title: "Model-similarity smoke test: 12 jobs on one 8-GPU server per type",
			Paper: paper,
			Spec: scenario.Spec{Generate: "similarity:jobs=12,maxh=1", Cluster: "1x8:K80+1x8:P100+1x8:V100",
				Policies: allPolicies, CheckpointCost: 60, Seed: 1},
			Smoke: true,
			Notes: notes,
		},
	}
}
