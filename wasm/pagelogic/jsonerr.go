package pagelogic

import "schedlab/core/jsonloc"

// JSONProblem locates an encoding/json decoding error in raw for a person (jsonloc.Locate): the
// 1-based line and column (0, 0 when the decoder says nowhere) and the problem, led by the field
// of a value of the wrong type or the unknown key. The parameters box and the JSON import both
// report through it.
func JSONProblem(raw []byte, err error) (line, col int, msg string) {
	p := jsonloc.Locate(raw, err)
	if p.Field != "" {
		p.Msg = p.Field + ": " + p.Msg
	}
	return p.Line, p.Col, p.Msg
}
