package core

import "testing"

// TestAppendModelKey: the allocation-free spelling agrees with ModelKey, ASCII or not, and keeps
// what dst held.
func TestAppendModelKey(t *testing.T) {
	for _, name := range []string{"", "alexnet", "transformer-xl", " ResNet_18 ", "NVIDIA V100", "nvi dia", "nvnvidiaidia",
		"A-B_C D", "\tGNMT\n", "ResNet-50 (batch size 64)", "Ünïcode-Net", "İstanbul_NVIDIA", "--__  ", "NVIDIANVIDIA"} {
		got := string(AppendModelKey([]byte("x:"), name))
		if want := "x:" + ModelKey(name); got != want {
			t.Errorf("%q: got %q, want %q", name, got, want)
		}
	}
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { AppendModelKey(buf[:0], "Transformer-XL") }); n != 0 {
		t.Errorf("%v allocations per call for an ASCII name, want 0", n)
	}
}
