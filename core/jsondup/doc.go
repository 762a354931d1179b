// Package jsondup finds a key given twice in one JSON object, with the line of each occurrence.
//
// encoding/json accepts such a document and keeps the last value, so a user's slip — two "gpus"
// in one server, a parameter repeated further down — silently changes the run. Every parser of
// user-written JSON decodes first (so a syntax or type error keeps its own message) and then asks
// Find, which names the path and both lines. It is a byte scanner rather than a
// json.Decoder.Token walk because the trace importers call it on every line of files with 100k+
// lines: Token allocates per token, Find allocates nothing for plain keys. Its fuzz target checks
// it against such a walk.
package jsondup
