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

// TestIsModelKey: a name IsModelKey accepts is its own key (every byte alone and between two
// letters, and a list of spellings), and it accepts the generators' names and refuses names
// that need a change.
func TestIsModelKey(t *testing.T) {
	names := []string{"", "alexnet", "resnet18-bs64", "transformer-xl", " ResNet_18 ", "NVIDIA V100", "nvi dia", "nvnvidiaidia",
		"A-B_C D", "\tGNMT\n", "ResNet-50 (batch size 64)", "Ünïcode-Net", "İstanbul_NVIDIA", "--__  ", "NVIDIANVIDIA", "nvidia"}
	for c := range 256 {
		names = append(names, string([]byte{byte(c)}), string([]byte{'a', byte(c), 'b'}), string([]byte{'n', byte(c)}))
	}
	for _, name := range names {
		if IsModelKey(name) && ModelKey(name) != name {
			t.Errorf("%q: taken as its own key, but its key is %q", name, ModelKey(name))
		}
	}
	for name, want := range map[string]bool{"alexnet": true, "gnmt": true, "lm(bs=80)": true, "nvidi": true, "n": true, "m5": true,
		"transformer-xl": false, "NVIDIA V100": false, "xnvidia": false, "v100 ": false, "a\x00b": false, "Ünïcode": false, "a_b": false} {
		if got := IsModelKey(name); got != want {
			t.Errorf("%q: IsModelKey %v, want %v", name, got, want)
		}
	}
}
