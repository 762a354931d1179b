# Prints CPython random test vectors for core/pyrand. Run from the repository root:
#   python3 core/pyrand/testdata/vectors.py | gzip -n9 > core/pyrand/testdata/vectors.txt.gz
# Per seed, call i = 0..1999 makes one line of six draws, in this order, whose arguments
# depend only on i (vectors_test.go rebuilds them): random(), uniform(a, b), getrandbits(k),
# randrange(start, stop, step), randint(a, b), choice(range(size)).
import random
import sys

SEEDS = [0, 1, 42, 2**32 + 5, 2**100 + 12345, -42]
CALLS = 2000


def args(i):
    a = (i % 13) - 6.5
    b = a + ((i % 7) - 3) * 1.25 + 0.1
    k = i % 65
    start = (i * 7919) % 20001 - 10000
    span = (i * 104729) % (2 ** (i % 62 + 1)) + 1
    step = (i % 7) - 3 or 1
    stop = start + span if step > 0 else start - span
    lo = -(i % 1000)
    hi = lo + (i * 2654435761) % (2 ** (i % 40 + 1))
    size = i % 97 + 1
    return a, b, k, start, stop, step, lo, hi, size


print("# python3 %d.%d.%d; command: python3 core/pyrand/testdata/vectors.py | gzip -n9 > core/pyrand/testdata/vectors.txt.gz"
      % sys.version_info[:3])
for seed in SEEDS:
    r = random.Random(seed)
    print("seed", seed)
    for i in range(CALLS):
        a, b, k, start, stop, step, lo, hi, size = args(i)
        print(repr(r.random()), repr(r.uniform(a, b)), r.getrandbits(k),
              r.randrange(start, stop, step), r.randint(lo, hi), r.choice(range(size)))
