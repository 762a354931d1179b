//go:build js && wasm

package page

import (
	"fmt"
	"syscall/js"

	"schedlab/wasm/runrecord"
)

// A link's scripts are compressed with the browser's own raw DEFLATE (CompressionStream and
// DecompressionStream, "deflate-raw"): the same format as Go's compress/flate (runrecord's tests),
// without linking a Go compressor into app.wasm, where it cost about 50 KB of the page's load
// (brotli).

// linkQuery is the query of a run: the spec's, and its scripts compressed when it has any. Scripts
// that do not fit give the query without them and the reason.
func (p *page) linkQuery(query string, scripts []runrecord.Script) (string, error) {
	if len(scripts) == 0 {
		return query, nil
	}
	z, err := p.deflateRaw(runrecord.PackScripts(scripts))
	if err != nil {
		return query, fmt.Errorf("compressing the script: %v", err)
	}
	return runrecord.WithScripts(query, z)
}

// linkScripts are the scripts a link carries (none without "script").
func (p *page) linkScripts(search string) ([]runrecord.Script, error) {
	z, err := runrecord.ScriptsParam(search)
	if err != nil || z == nil {
		return nil, err
	}
	raw, err := p.inflateRaw(z, runrecord.MaxScriptBytes)
	if err != nil {
		return nil, fmt.Errorf("url: script: %v", err)
	}
	return runrecord.UnpackScripts(raw)
}

func (p *page) deflateRaw(b []byte) ([]byte, error) {
	stream := blobStream(b).Call("pipeThrough", js.Global().Get("CompressionStream").New("deflate-raw"))
	ab, err := p.funcs.Await(js.Global().Get("Response").New(stream).Call("arrayBuffer"))
	if err != nil {
		return nil, err
	}
	u8 := js.Global().Get("Uint8Array").New(ab)
	out := make([]byte, u8.Get("length").Int())
	js.CopyBytesToGo(out, u8)
	return out, nil
}

// inflateRaw decompresses z, refusing more than limit bytes (it stops reading there: a crafted
// link could inflate to gigabytes).
func (p *page) inflateRaw(z []byte, limit int) ([]byte, error) {
	stream := blobStream(z).Call("pipeThrough", js.Global().Get("DecompressionStream").New("deflate-raw"))
	reader := stream.Call("getReader")
	var out []byte
	for {
		r, err := p.funcs.Await(reader.Call("read"))
		if err != nil {
			return nil, fmt.Errorf("not deflate data (%v)", err)
		}
		if r.Get("done").Bool() {
			return out, nil
		}
		chunk := r.Get("value")
		n := chunk.Get("length").Int()
		if len(out)+n > limit {
			reader.Call("cancel")
			return nil, fmt.Errorf("more than %d bytes uncompressed", limit)
		}
		buf := make([]byte, n)
		js.CopyBytesToGo(buf, chunk)
		out = append(out, buf...)
	}
}

// blobStream is a ReadableStream of b's bytes.
func blobStream(b []byte) js.Value {
	u8 := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u8, b)
	return js.Global().Get("Blob").New([]any{u8}).Call("stream")
}
