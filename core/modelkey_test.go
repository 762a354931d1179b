package core

import (
	"strings"
	"testing"
)

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

// TestIsModelKey: a name IsModelKey accepts is its own key, and the names that need any change
// are refused.
func TestIsModelKey(t *testing.T) {
	for _, name := range []string{"", "alexnet", "resnet18-bs64", "transformer-xl", " ResNet_18 ", "NVIDIA V100", "nvi dia", "nvnvidiaidia",
		"A-B_C D", "\tGNMT\n", "ResNet-50 (batch size 64)", "Ünïcode-Net", "İstanbul_NVIDIA", "--__  ", "NVIDIANVIDIA", "gnmt", "lm(bs=80)",
		"xnvidia", "nvidi", "v100 ", "a\x00b"} {
		want := ModelKey(name) == name && !strings.Contains(name, "nvidia") && !strings.ContainsAny(name, "-_ \t\n\x00")
		if got := IsModelKey(name); got != want {
			t.Errorf("%q: IsModelKey %v, want %v (key %q)", name, got, want, ModelKey(name))
		}
	}
}
