//go:build js && wasm

package worker

import (
	"io"
	"runtime"
	"syscall/js"
)

// blobReader streams a File/Blob in chunks with FileReaderSync (workers only), so a large trace
// never sits in memory twice.
type blobReader struct {
	blob      js.Value
	off, size int
	onRead    func(done, size int)
}

func (b *blobReader) Read(p []byte) (int, error) {
	if b.off >= b.size {
		return 0, io.EOF
	}
	n := min(len(p), b.size-b.off, 1<<20)
	buf := js.Global().Get("FileReaderSync").New().Call("readAsArrayBuffer", b.blob.Call("slice", b.off, b.off+n))
	n = js.CopyBytesToGo(p[:n], js.Global().Get("Uint8Array").New(buf))
	b.off += n
	// FileReaderSync never blocks the goroutine, so without a yield a parse never lets the GC's
	// background mark worker run: the heap (and the wasm memory, for good) then grew to 1.6 GB
	// for a 1 GB file whose jobs need 0.4 GB.
	runtime.Gosched()
	if b.onRead != nil {
		b.onRead(b.off, b.size)
	}
	return n, nil
}

func newBlobReader(blob js.Value) *blobReader {
	return &blobReader{blob: blob, size: blob.Get("size").Int()}
}
