package sweep

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"schedlab/policies/figure"
)

// CheckParams checks the policy parameters the file gives — its "params", a swept
// params.POLICY.KEY at each value, each choice value's params settings — with check (a registry's
// factory, which refuses an unknown key), each setting on the file's parameters for its policy, and
// names the line and field of the first refused. A sweep file names built-in and scripted
// policies, which only the runner's registry knows, so Parse cannot check them.
func (f *File) CheckParams(check func(policy string, params json.RawMessage) error) error {
	p := f.src
	for _, policy := range f.Policies {
		if raw, ok := f.Params[policy]; ok {
			if err := check(policy, raw); err != nil {
				return p.errf(p.pathLine("params", policy), "params."+policy, "%v", err)
			}
		}
	}
	base := func(policy string) map[string]json.RawMessage {
		if raw, ok := f.Params[policy]; ok {
			return map[string]json.RawMessage{policy: raw}
		}
		return nil
	}
	if f.Sweep != nil && strings.HasPrefix(f.Sweep.Param, "params.") {
		policy, key, _ := strings.Cut(strings.TrimPrefix(f.Sweep.Param, "params."), ".")
		for i, raw := range f.Sweep.Values {
			v, err := settingText(raw)
			if err != nil {
				continue // Parse has refused it
			}
			params, err := setParam(base(policy), policy, key, v)
			if err == nil {
				err = check(policy, params[policy])
			}
			if err != nil {
				return p.errf(p.pathLine("sweep", "values", i), "sweep.values", "%s = %s: %v", f.Sweep.Param, v, err)
			}
		}
	}
	for i, c := range f.Choices {
		for j, v := range c.Values {
			for _, key := range slices.Sorted(maps.Keys(v.Set)) {
				rest, ok := strings.CutPrefix(key, "params.")
				if !ok {
					continue
				}
				policy, sub, hasKey := strings.Cut(rest, ".")
				var params map[string]json.RawMessage
				var err error
				if hasKey {
					params, err = setParam(base(policy), policy, sub, string(v.Set[key]))
				} else {
					params, err = mergeParams(base(policy), policy, v.Set[key])
				}
				if err == nil {
					err = check(policy, params[policy])
				}
				if err != nil {
					return p.errf(p.pathLine("choices", i, "values", j, "set", key),
						fmt.Sprintf("choices[%d].values[%d].set.%s", i, j, key), "%v", err)
				}
			}
		}
	}
	return nil
}

// CheckReading checks a -reading filter against fig, the file's figure: an unknown choice or value
// is an error naming the file and the line of its choices.
func (f *File) CheckReading(fig *figure.Figure, filter string) error {
	if _, err := fig.SelectReadings(filter); err != nil {
		return f.src.errf(f.src.lineOf("choices"), "choices", "%v", err)
	}
	return nil
}

// pathLine is the line on which the value at path begins in p.data — keys (matched ignoring case,
// as encoding/json matches them to fields) and array indices from the top-level object — or 1
// when there is none: a check made after decoding names the user's line.
func (p parser) pathLine(path ...any) int {
	dec := json.NewDecoder(bytes.NewReader(p.data))
	for _, step := range path {
		t, err := dec.Token()
		if err != nil {
			return 1
		}
		switch step := step.(type) {
		case string:
			if t != json.Delim('{') {
				return 1
			}
			for {
				if !dec.More() {
					return 1
				}
				k, err := dec.Token()
				if err != nil {
					return 1
				}
				if ks, _ := k.(string); strings.EqualFold(ks, step) {
					break
				}
				var skip json.RawMessage
				if dec.Decode(&skip) != nil {
					return 1
				}
			}
		case int:
			if t != json.Delim('[') {
				return 1
			}
			for n := 0; n < step; n++ {
				var skip json.RawMessage
				if !dec.More() || dec.Decode(&skip) != nil {
					return 1
				}
			}
			if !dec.More() {
				return 1
			}
		}
	}
	off := int(dec.InputOffset())
	rest := p.data[min(off, len(p.data)):]
	return p.line(off + len(rest) - len(bytes.TrimLeft(rest, " \t\r\n,:")))
}
