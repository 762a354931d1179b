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
// Formats, with the rules each importer applies (above all how a job's length is derived), are
// documented on their types: Native and NativeJSONL (the simulator's own, and the export form of
// every other format), Philly, ITP, Synergy, Gavel (7-, 10- and Shockwave's 12-column TSV),
// Muri, Tiresias, Pollux, AlibabaOpenB, AlibabaPAI, Helios, Acme, and Mapped (any CSV through a
// column Mapping with explicit units and clocks). Importers keep rows in file order; the engine
// orders arrivals stably by submit time. NeverFit names the rows no placement can ever hold.
//
// Memory: parsing streams the input and keeps no copy of the raw text (cells are cloned or
// interned, never sliced from the CSV line). Measured with build/simulate on a generated 1 GB
// native CSV (11.9 M jobs, 84 bytes a row): peak RSS 6.2 GB for the whole import, about 520
// bytes per job including the collector's headroom and the final copy of the job list; refused
// at the default limit of 2 M jobs, the peak was 0.69 GB. Limits (MaxJobs, MaxLineBytes) bound
// an import so the app can refuse a file with a message instead of exhausting wasm32's 4 GB.
package trace
