package trace

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"schedlab/core"
)

// maxSeconds bounds every time in a trace: larger values are typos (or ms read as s), and the
// bound keeps seconds→milliseconds conversion exact (1e15 ms < 2^53).
const maxSeconds = 1e12

// maxCount bounds GPU counts, batch sizes and iteration counts.
const (
	maxGPUs       = 1 << 20
	maxIterations = 1e15
	maxBatch      = 1 << 30
)

// number parses a finite, non-negative float no larger than max.
func number(s string, max float64) (float64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, fmt.Errorf("missing value")
	}
	v, err := strconv.ParseFloat(s, 64)
	switch {
	case err != nil && !isRangeErr(err):
		return 0, fmt.Errorf("not a number: %q", clip(s, 40))
	case math.IsNaN(v) || math.IsInf(v, 0) || err != nil:
		return 0, fmt.Errorf("not a finite number: %q", clip(s, 40))
	case v < 0:
		return 0, fmt.Errorf("negative: %s", s)
	case v > max:
		return 0, fmt.Errorf("absurdly large: %s (limit %g)", s, max)
	}
	return v + 0, nil // + 0 turns -0 into 0
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// seconds parses a time or duration in seconds and rounds it to milliseconds.
func seconds(s string) (core.Time, error) {
	v, err := number(s, maxSeconds)
	if err != nil {
		return 0, err
	}
	return core.FromSeconds(v), nil
}

// count parses a non-negative integer no larger than max; "8.0" is accepted as 8.
func count(s string, max int64) (int64, error) {
	t := strings.TrimSpace(s)
	if n, err := strconv.ParseInt(t, 10, 64); err == nil {
		if n < 0 {
			return 0, fmt.Errorf("negative: %s", t)
		}
		if n > max {
			return 0, fmt.Errorf("absurdly large: %s (limit %d)", t, max)
		}
		return n, nil
	}
	v, err := number(t, float64(max))
	if err != nil {
		return 0, err
	}
	if v != math.Trunc(v) {
		return 0, fmt.Errorf("not a whole number: %s", t)
	}
	return int64(v), nil
}

// optional applies parse to s unless s is blank, which gives the zero value.
func optional[T any](s string, parse func(string) (T, error)) (T, error) {
	if strings.TrimSpace(s) == "" {
		var zero T
		return zero, nil
	}
	return parse(s)
}

// text trims a text field and rejects invalid UTF-8 and control characters (which could not be
// written back to a CSV line unchanged).
func text(s string) (string, error) {
	s = strings.TrimSpace(s)
	if !utf8.ValidString(s) {
		return "", fmt.Errorf("invalid UTF-8")
	}
	if i := strings.IndexFunc(s, unicode.IsControl); i >= 0 {
		return "", fmt.Errorf("control character %q", s[i:i+1])
	}
	// A CSV record's cells share one string; cloning keeps the job from pinning the whole line.
	return strings.Clone(s), nil
}

// millis parses a time or duration in milliseconds (rounded to whole ms).
func millis(s string) (core.Time, error) {
	v, err := number(s, maxSeconds*1000)
	if err != nil {
		return 0, err
	}
	return core.Time(math.Round(v)), nil
}

// timestampLayouts are the date-time forms the Helios, Acme and mapped importers accept. A zone
// offset is honoured when present; without one the time is read as UTC.
var timestampLayouts = [...]string{
	"2006-01-02 15:04:05",
	"2006-01-02 15:04:05Z07:00",
	"2006-01-02T15:04:05Z07:00",
	"2006-01-02T15:04:05",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02T15:04:05.999999999Z07:00",
}

// timestamp parses a date-time into milliseconds since the Unix epoch.
func timestamp(s string) (core.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, fmt.Errorf("missing value")
	}
	for _, l := range timestampLayouts {
		if t, err := time.Parse(l, s); err == nil {
			ms := t.UnixMilli()
			if ms < -maxSeconds*1000 || ms > maxSeconds*1000 {
				return 0, fmt.Errorf("out of range: %q", clip(s, 40))
			}
			return core.Time(ms), nil
		}
	}
	return 0, fmt.Errorf("want a date-time like \"2020-06-09 18:41:01\" (optionally with a zone), got %q", clip(s, 40))
}

// gpuTypes parses a '|'-separated list of GPU types ("" = any).
func gpuTypes(s string) ([]core.GPUType, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	var out []core.GPUType
	for _, p := range strings.Split(s, "|") {
		t, err := core.ParseGPUType(p)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// formatTime writes t as exact decimal seconds ("12.5", "3", "0.001").
func formatTime(t core.Time) string {
	sign := ""
	if t < 0 {
		sign, t = "-", -t
	}
	s := sign + strconv.FormatInt(int64(t/1000), 10)
	if ms := t % 1000; ms != 0 {
		s += strings.TrimRight(fmt.Sprintf(".%03d", ms), "0")
	}
	return s
}

// formatFloat writes v so that strconv.ParseFloat gives v back exactly.
func formatFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// errMissing is the problem for a required cell left blank.
var errMissing = errorString("missing value")

type errorString string

func (e errorString) Error() string { return string(e) }
