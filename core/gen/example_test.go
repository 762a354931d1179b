package gen_test

import (
	"fmt"

	"schedlab/core/gen"
)

func ExampleGenerate() {
	jobs, err := gen.Generate("philly:jobs=3,rate=30", 42, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, j := range jobs {
		fmt.Println(j.ID, j.Submit, j.GPUs, j.Model, j.Iterations)
	}
	_, err = gen.Generate("philly:jobs=3,seed=1", 42, nil)
	fmt.Println(err)
	// Output:
	// 0 0s 8 alexnet 12868
	// 1 127s 1 deepspeech 16841
	// 2 163s 1 gnmt 328775
	// gen: "philly:jobs=3,seed=1": seed: not allowed in a SPEC (the seed is passed separately)
}
