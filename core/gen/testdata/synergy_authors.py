# The integers the Synergy authors' generator derives from CPython's random stream (msr-fiddle/synergy@1bb2bed6),
# for core/gen's stream=authors test. Run from the repository root:
#   python3 core/gen/testdata/synergy_authors.py | gzip -n9 > core/gen/testdata/synergy_authors.txt.gz
# The arithmetic is the authors' (msr-fiddle/synergy@1bb2bed6, simulator/helpers/utils.py and
# jobs/workload.py): two streams each seeded with the seed; per job, stream D draws the duration
# (get_gavel_like_iter), stream A the ceiled Poisson gap (poisson_next_arrival_time) and then the
# model zoo's ignored randint(0, 9); iterations = int(duration / iteration time of the model).
# Per seed: a "seed S" line, then one line per job: the ceiled gap to the previous arrival (the
# first: to 0) and the iterations for split 20/70/10 at CPU:GPU ratio 3 (the Fig-8 workload);
# for seed 42, the seed of the scenarios, also the iterations at ratios 4, 5 and 6, then for splits
# 33/33/33 and 50/0/50 at ratio 3.
import math
import random

SEEDS = [42] + list(range(1, 11))
JOBS = 8000
RATE = 9.0
CLASSES = [["alexnet", "resnet18", "resnet50", "mobilenet", "shufflenet"],
           ["gnmt", "transformer-xl", "lstm"],
           ["m5", "deepspeech"]]
# iter_time of simulator/models (ratio 3) and models-4, -5, -6, per model in CLASSES order.
ITER = {
    3: [0.6, 0.64, 0.78, 0.71, 0.615, 0.12, 0.67, 0.011, 0.6, 0.757],
    4: [0.48, 0.5, 0.68, 0.55, 0.492, 0.12, 0.67, 0.011, 0.5, 0.757],
    5: [0.392, 0.41, 0.68, 0.47, 0.401, 0.12, 0.67, 0.011, 0.42, 0.757],
    6: [0.34, 0.365, 0.68, 0.458, 0.351, 0.12, 0.67, 0.011, 0.3, 0.757],
}
SPLITS = [(20, 70, 10), (33, 33, 33), (50, 0, 50)]


def models(split, n):
    """Model index (into a flattened CLASSES) of jobs 0..n-1: the class furthest below its share."""
    count, nxt, out = [0, 0, 0], [0, 0, 0], []
    for i in range(n):
        c = 0
        if i > 0:
            best = -math.inf
            for k in range(3):
                prio = split[k] / 100 - count[k] / i
                if prio > best:
                    best, c = prio, k
        count[c] += 1
        k = nxt[c] % len(CLASSES[c])
        nxt[c] += 1
        out.append(sum(len(x) for x in CLASSES[:c]) + k)
    return out


def gavel_like(rng):
    if rng.random() >= 0.8:
        return 60 * (10 ** rng.uniform(3, 4))
    return 60 * (10 ** rng.uniform(1.5, 3))


def poisson_gap(rng, jobs_per_hour):
    hours = -math.log(1.0 - rng.random()) / jobs_per_hour
    return math.ceil(hours * 60 * 60)


print("# command: python3 core/gen/testdata/synergy_authors.py | gzip -n9 > core/gen/testdata/synergy_authors.txt.gz")
model_of = [models(s, JOBS) for s in SPLITS]
for seed in SEEDS:
    durations, arrivals = random.Random(seed), random.Random(seed)
    print("seed", seed)
    for j in range(JOBS):
        d = gavel_like(durations)
        gap = poisson_gap(arrivals, RATE)
        arrivals.randint(0, 9)
        its = [int(d / ITER[3][model_of[0][j]])]
        if seed == 42:
            its += [int(d / ITER[r][model_of[0][j]]) for r in (4, 5, 6)]
            its += [int(d / ITER[3][model_of[s][j]]) for s in (1, 2)]
        print(gap, *its)
