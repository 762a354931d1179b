package pyrand

import (
	"bufio"
	"compress/gzip"
	"math"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"
)

// callArgs rebuilds the arguments testdata/vectors.py passes on its call i.
type callArgs struct {
	a, b              float64
	k                 int
	start, stop, step int64
	lo, hi            int64
	size              int
}

func argsFor(i int64) callArgs {
	c := callArgs{k: int(i % 65)}
	c.a = float64(i%13) - 6.5
	c.b = c.a + float64(i%7-3)*1.25 + 0.1
	c.start = (i*7919)%20001 - 10000
	span := (i*104729)%(int64(1)<<(i%62+1)) + 1
	c.step = i%7 - 3
	if c.step == 0 {
		c.step = 1
	}
	c.stop = c.start + span
	if c.step < 0 {
		c.stop = c.start - span
	}
	c.lo = -(i % 1000)
	c.hi = c.lo + (i*2654435761)%(int64(1)<<(i%40+1))
	c.size = int(i%97 + 1)
	return c
}

// TestVectors replays every draw of testdata/vectors.txt.gz (CPython's own output) and wants each
// value exactly: floats bit for bit, integers equal.
func TestVectors(t *testing.T) {
	f, err := os.Open("testdata/vectors.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(z)
	var r *Rand
	seq := make([]int, 97)
	for j := range seq {
		seq[j] = j
	}
	var seed string
	var i int64
	lines, seeds := 0, 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		if s, ok := strings.CutPrefix(line, "seed "); ok {
			v, ok := new(big.Int).SetString(s, 10)
			if !ok {
				t.Fatalf("bad seed line %q", line)
			}
			r, seed, i = New(v), s, 0
			seeds++
			continue
		}
		if r == nil {
			t.Fatalf("draws before the first seed line: %q", line)
		}
		want := strings.Fields(line)
		if len(want) != 6 {
			t.Fatalf("seed %s call %d: want 6 fields, got %q", seed, i, line)
		}
		c := argsFor(i)
		at := "seed " + seed + " call " + strconv.FormatInt(i, 10) + " "
		floatEq(t, at+"random()", want[0], r.Random())
		floatEq(t, at+"uniform", want[1], r.Uniform(c.a, c.b))
		gb, err := r.Getrandbits(c.k)
		intEq(t, at+"getrandbits", want[2], strconv.FormatUint(gb, 10), err)
		rr, err := r.Randrange(c.start, c.stop, c.step)
		intEq(t, at+"randrange", want[3], strconv.FormatInt(rr, 10), err)
		ri, err := r.Randint(c.lo, c.hi)
		intEq(t, at+"randint", want[4], strconv.FormatInt(ri, 10), err)
		ch, err := Choice(r, seq[:c.size])
		intEq(t, at+"choice", want[5], strconv.Itoa(ch), err)
		i++
		lines++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if seeds != 6 || lines != 6*2000 {
		t.Fatalf("read %d seeds and %d lines, want 6 and 12000", seeds, lines)
	}
}

func floatEq(t *testing.T, what, want string, got float64) {
	t.Helper()
	w, err := strconv.ParseFloat(want, 64)
	if err != nil || math.Float64bits(w) != math.Float64bits(got) {
		t.Fatalf("%s: got %v, want %s", what, got, want)
	}
}

func intEq(t *testing.T, what, want, got string, err error) {
	t.Helper()
	if err != nil || got != want {
		t.Fatalf("%s: got %s (error %v), want %s", what, got, err, want)
	}
}
