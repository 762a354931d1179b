package detmath

// Dot returns acc + a[0]·b[0] + a[1]·b[1] + … over len(a) terms (b at least as long), added left
// to right with every product rounded before its sum, so no compiler fuses them (arm64 and
// GOAMD64=v3 would otherwise) and the result is the same on every platform.
func Dot(acc float64, a, b []float64) float64 {
	b = b[:len(a)]
	for i, x := range a {
		acc += float64(x * b[i])
	}
	return acc
}

// Axpy adds alpha·x[k] to dst[k] for every k < len(dst) (x at least as long), each product
// rounded before its sum, as Dot does.
func Axpy(dst []float64, alpha float64, x []float64) {
	x = x[:len(dst)]
	for k := range dst {
		dst[k] += float64(alpha * x[k])
	}
}
