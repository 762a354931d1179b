// Package trace reads job traces into []core.Job and writes the simulator's own native format.
//
// Every format is an Importer: a name, a cheap test on the first line of a file (Detect), and a
// streaming reader (Read) that never holds more than the parsed jobs in memory, so an 80,000-job
// trace can be loaded in the browser. Builtin returns the importers in detection order as plain
// data (no init registration); adding a format is one new file with one type plus one line in
// Builtin.
//
// Errors name the place and the field, "file:line: field: problem", and reading stops at the
// first bad row. Oddities that do not stop a run (duplicate ids, models missing from the
// registry, ignored columns) are returned as warnings instead. All readers accept a UTF-8 BOM,
// CRLF line endings and blank lines; text fields are trimmed of surrounding white space and must
// be valid UTF-8 without control characters, so anything read can be written back by WriteNative
// and read again unchanged.
//
// Formats, with the rules each importer applies, are documented on their types: Native and
// NativeJSONL (the simulator's own), Philly, ITP and Synergy.
package trace
