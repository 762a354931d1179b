package sweep

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"schedlab/policies/figure"
	"schedlab/policies/scenario"
)

// Choice is one open choice of a user's study, as the sweep file writes it: a name, what is chosen
// in words, and at least two values, the first the default. Every combination of one value per
// choice is a reading (figure.Reading), run as cells of its own, as a catalogue figure's readings
// are.
type Choice struct {
	Name   string        `json:"name"`
	Label  string        `json:"label,omitempty"`
	Values []ChoiceValue `json:"values"`
}

// ChoiceValue is one value of a choice: its name in a reading ("placement=spread") and the settings
// its runs take, keyed like a swept parameter (Setting keys): {"placement": "spread"},
// {"params.las": {"queues": 3}}. An empty set is the file's own settings.
type ChoiceValue struct {
	Name string                     `json:"name"`
	Set  map[string]json.RawMessage `json:"set"`
}

// maxReadings bounds the readings of a sweep file (the product of its choices' value counts) and
// maxSpecs the runs one seed of it holds (readings × sweep values × series): each is built and
// validated when the file is read, and a study beyond them is a typo rather than a plan.
const (
	maxReadings = 1024
	maxSpecs    = 1 << 17
)

// settingKeys are the keys a choice value sets besides generate.KEY, params.POLICY and
// params.POLICY.KEY (set applies them; the sweep's param takes the same).
var settingKeys = []string{"trace", "cluster", "placement", "progress", "round_s", "checkpoint_cost_s"}

// choices checks f.Choices and declares them on fig: names and value names unique and fit for a
// reading's name, at least two values each, every setting's key known and its value of the right
// kind, no two values of a choice with the same settings, and no two settings of one reading (or
// one and the swept parameter) on the same thing.
func (p parser) choices(f *File, fig *figure.Figure) error {
	readings := 1
	for i, c := range f.Choices {
		at := fmt.Sprintf("choices[%d]", i)
		line := func() int { return p.pathLine("choices", i) }
		switch {
		case !validID(c.Name):
			return p.errf(line(), at+".name", "%q: want 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit", c.Name)
		case slices.ContainsFunc(f.Choices[:i], func(o Choice) bool { return o.Name == c.Name }):
			return p.errf(line(), at+".name", "%q given twice (each choice once, with all its values)", c.Name)
		case len(c.Values) < 2:
			return p.errf(line(), at+".values", "choice %s has %d value(s): want at least two (the first is the default)", c.Name, len(c.Values))
		}
		values := make([]string, len(c.Values))
		for j, v := range c.Values {
			at := fmt.Sprintf("%s.values[%d]", at, j)
			line := func() int { return p.pathLine("choices", i, "values", j) }
			switch {
			case !validID(v.Name):
				return p.errf(line(), at+".name", "%q: want 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit", v.Name)
			case slices.Contains(values[:j], v.Name):
				return p.errf(line(), at+".name", "%q given twice in choice %s", v.Name, c.Name)
			}
			values[j] = v.Name
			for k := range j {
				if sameSettings(c.Values[k].Set, v.Set) {
					return p.errf(line(), at+".set", "%s=%s sets what %s=%s sets: two values of a choice must differ", c.Name, v.Name, c.Name, c.Values[k].Name)
				}
			}
			for _, key := range slices.Sorted(maps.Keys(v.Set)) {
				if err := p.checkSetting(f, key, v.Set[key], at+".set."+key, func() int { return p.pathLine("choices", i, "values", j, "set", key) }); err != nil {
					return err
				}
			}
		}
		if readings *= len(c.Values); readings > maxReadings {
			return p.errf(line(), at, "the choices make more than %d readings", maxReadings)
		}
		fig.Choices = append(fig.Choices, figure.Choice{Name: c.Name, Label: c.Label, Values: values})
	}
	return p.overlaps(f)
}

// checkSetting checks one setting's key and value on its own (the spec it builds is validated with
// the rest): the key known, a policy's among the file's policies, a value of the kind the key takes.
func (p parser) checkSetting(f *File, key string, raw json.RawMessage, field string, line func() int) error {
	bad := func(format string, args ...any) error { return p.errf(line(), field, format, args...) }
	raw = bytes.TrimSpace(raw)
	if rest, ok := strings.CutPrefix(key, "params."); ok {
		policy, sub, hasKey := strings.Cut(rest, ".")
		switch {
		case !slices.Contains(f.Policies, policy):
			return bad("%q is not one of the policies (want params.POLICY or params.POLICY.KEY)", policy)
		case hasKey && sub == "":
			return bad("want params.POLICY.KEY with a KEY")
		case !hasKey && (len(raw) == 0 || raw[0] != '{'):
			return bad("want a JSON object of %s's parameters, merged into the file's", policy)
		}
		return nil
	}
	if !strings.HasPrefix(key, "generate.") && !slices.Contains(settingKeys, key) {
		return bad("unknown setting (want generate.KEY, params.POLICY, params.POLICY.KEY, %s)", strings.Join(settingKeys, ", "))
	}
	if _, err := settingText(raw); err != nil {
		return bad("%v", err)
	}
	return nil
}

// settingText is a setting's value as set takes it: a JSON string's text, a number's literal.
func settingText(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) > 0 && raw[0] == '"':
		var v string
		if err := json.Unmarshal(raw, &v); err != nil {
			return "", fmt.Errorf("%s: %v", raw, err)
		}
		return v, nil
	case len(raw) > 0 && (raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9'):
		return string(raw), nil
	}
	return "", fmt.Errorf("%s: want a string or a number", raw)
}

// sameSettings reports whether a and b set the same keys to the same JSON values.
func sameSettings(a, b map[string]json.RawMessage) bool {
	return maps.EqualFunc(a, b, func(x, y json.RawMessage) bool {
		var cx, cy bytes.Buffer
		return json.Compact(&cx, x) == nil && json.Compact(&cy, y) == nil && cx.String() == cy.String()
	})
}

// overlaps refuses two choices, or a choice and the swept parameter, that set the same thing: the
// same key, a policy's parameters and one of them, or the trace and a generator key. One reading
// would then depend on which is applied last.
func (p parser) overlaps(f *File) error {
	type owner struct {
		key, by string
		line    func() int
	}
	var owners []owner
	if f.Sweep != nil {
		owners = append(owners, owner{f.Sweep.Param, "the swept parameter", func() int { return p.lineOf("param") }})
	}
	for i, c := range f.Choices {
		var mine []owner
		for j, v := range c.Values {
			for key := range v.Set {
				if !slices.ContainsFunc(mine, func(o owner) bool { return o.key == key }) {
					mine = append(mine, owner{key, "choice " + c.Name, func() int { return p.pathLine("choices", i, "values", j, "set", key) }})
				}
			}
		}
		slices.SortFunc(mine, func(a, b owner) int { return strings.Compare(a.key, b.key) })
		for _, m := range mine {
			for _, o := range owners {
				if overlap(m.key, o.key) {
					return p.errf(m.line(), fmt.Sprintf("choices[%d]", i), "%s sets %s, which %s sets too (%s): let one of them set it",
						m.by, m.key, o.by, o.key)
				}
			}
		}
		owners = append(owners, mine...)
	}
	return nil
}

// overlap reports whether settings a and b change the same thing.
func overlap(a, b string) bool {
	workload := func(k string) bool { return k == "trace" || strings.HasPrefix(k, "generate.") }
	return a == b || strings.HasPrefix(a, b+".") || strings.HasPrefix(b, a+".") ||
		(a == "trace" && workload(b)) || (b == "trace" && workload(a))
}

// apply sets reading r's settings on spec, the spec of one series: each choice's value in turn, its
// keys in sorted order (overlaps has made the order immaterial).
func (p parser) apply(spec *scenario.Spec, f *File, r figure.Reading) error {
	for i, c := range f.Choices {
		j := slices.IndexFunc(c.Values, func(v ChoiceValue) bool { return v.Name == r.Values[i] })
		set := c.Values[j].Set
		for _, key := range slices.Sorted(maps.Keys(set)) {
			field := fmt.Sprintf("choices[%d].values[%d].set", i, j)
			line := func() int { return p.pathLine("choices", i, "values", j, "set", key) }
			if err := p.applySetting(spec, f.Policies, key, set[key], func() (int, string) { return line(), field }); err != nil {
				return err
			}
		}
	}
	return nil
}

// applySetting applies one setting to spec: a policy's parameters merged as JSON (only into that
// policy's series), anything else as set applies a swept value.
func (p parser) applySetting(spec *scenario.Spec, policies []string, key string, raw json.RawMessage, where func() (int, string)) error {
	if rest, ok := strings.CutPrefix(key, "params."); ok {
		policy, sub, hasKey := strings.Cut(rest, ".")
		if spec.Policies[0] != policy {
			return nil // another series: its parameters stay as the file gives them
		}
		var err error
		if hasKey {
			spec.Params, err = setParam(spec.Params, policy, sub, string(raw))
		} else {
			spec.Params, err = mergeParams(spec.Params, policy, raw)
		}
		if err != nil {
			line, field := where()
			return p.errf(line, field, "%s: %v", key, err)
		}
		return nil
	}
	v, err := settingText(raw)
	if err != nil {
		line, field := where()
		return p.errf(line, field, "%s: %v", key, err)
	}
	return p.set(spec, policies, key, v, where)
}

// mergeParams returns params with the keys of the JSON object raw set in params[policy], as
// -policy-config's object for one policy, merged key by key into what the file gives.
func mergeParams(params map[string]json.RawMessage, policy string, raw json.RawMessage) (map[string]json.RawMessage, error) {
	var add map[string]json.RawMessage
	if err := json.Unmarshal(raw, &add); err != nil || add == nil {
		return nil, fmt.Errorf("want a JSON object of %s's parameters", policy)
	}
	for _, k := range slices.Sorted(maps.Keys(add)) {
		var err error
		if params, err = setParam(params, policy, k, string(add[k])); err != nil {
			return nil, err
		}
	}
	return params, nil
}
