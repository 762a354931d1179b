package core

import (
	"bytes"
	"fmt"
	"strings"
)

// GPUType is a canonical GPU architecture name such as "V100". Use ParseGPUType to normalise
// user input; the zero value means "any type" where a constraint is expected.
type GPUType string

// Canonical GPU types. G2 and G3 are Alibaba's anonymised types (openb trace); MISC is PAI's.
const (
	K80     GPUType = "K80"
	P100    GPUType = "P100"
	V100    GPUType = "V100"
	V100M32 GPUType = "V100M32"
	T4      GPUType = "T4"
	A10     GPUType = "A10"
	A40     GPUType = "A40"
	A100    GPUType = "A100"
	RTX6000 GPUType = "RTX6000"
	G2      GPUType = "G2"
	G3      GPUType = "G3"
	MISC    GPUType = "MISC"
)

// gpuTypeInfo is the documented alias and memory table. Memory is per GPU (per die for the
// dual-die K80), from the vendors' data sheets; G2/G3/MISC are unknown and default to 16 GB.
var gpuTypeInfo = [...]struct {
	typ     GPUType
	memGB   float64
	aliases string // comma-separated, compared after normalising (lower case, no spaces, '-' or '_')
}{
	{K80, 12, "k80,teslak80"},
	{P100, 16, "p100,teslap100,p10016gb"},
	{V100, 16, "v100,v100m16,v10016gb,teslav100,v100sxm2,v100pcie"},
	{V100M32, 32, "v100m32,v10032gb,v100sxm232gb"},
	{T4, 16, "t4,teslat4"},
	{A10, 24, "a10"},
	{A40, 48, "a40"},
	{A100, 40, "a100,a10040gb,a100sxm4"},
	{RTX6000, 24, "rtx6000,quadrortx6000"},
	{G2, 16, "g2"},
	{G3, 16, "g3"},
	{MISC, 16, "misc"},
}

func normaliseKey(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	// One left-to-right pass dropping ' ', '-', '_' and "nvidia", as
	// strings.NewReplacer(" ", "", "-", "", "_", "", "nvidia", "") would, without building a
	// replacer per call (model lookups run at every job start).
	clean := true
	for i := 0; i < len(s) && clean; i++ {
		clean = s[i] != ' ' && s[i] != '-' && s[i] != '_' && !strings.HasPrefix(s[i:], "nvidia")
	}
	if clean {
		return s
	}
	return string(dropKeySeparators([]byte(s)))
}

// dropKeySeparators is normaliseKey's pass over the lower-case key b, in place: it drops ' ', '-',
// '_' and "nvidia" left to right, writing at or before the byte it reads, and returns b shortened.
func dropKeySeparators(b []byte) []byte {
	n := 0
	for i := 0; i < len(b); {
		switch c := b[i]; {
		case c == 'n' && bytes.HasPrefix(b[i:], nvidia):
			i += len(nvidia)
		case c == ' ' || c == '-' || c == '_':
			i++
		default:
			b[n] = c
			n++
			i++
		}
	}
	return b[:n]
}

var nvidia = []byte("nvidia")

// ParseGPUType normalises a GPU type name through the alias table (case-insensitive; spaces,
// dashes and underscores ignored): "v100", "V100M16", "Tesla V100" all give V100.
func ParseGPUType(s string) (GPUType, error) {
	k := normaliseKey(s)
	for _, info := range gpuTypeInfo {
		for _, a := range strings.Split(info.aliases, ",") {
			if k == a {
				return info.typ, nil
			}
		}
	}
	return "", fmt.Errorf("unknown GPU type %q (known: %s)", s, strings.Join(GPUTypeNames(), ", "))
}

// GPUTypeNames lists the canonical GPU type names in table order.
func GPUTypeNames() []string {
	out := make([]string, len(gpuTypeInfo))
	for i, info := range gpuTypeInfo {
		out[i] = string(info.typ)
	}
	return out
}

// MemGB is the GPU memory of one GPU of type t in GB (16 for an unknown type).
func (t GPUType) MemGB() float64 {
	for _, info := range gpuTypeInfo {
		if info.typ == t {
			return info.memGB
		}
	}
	return 16
}
