// Worker bootstrap (classic worker): start worker.wasm (wasm/appworker) — or, with ?bin=script,
// script.wasm, the same worker with the Starlark interpreter for scripted policies
// (wasm/scriptworker) — which installs self.schedlabHandle. Messages that arrive before that are queued in
// self.pending.
//
// A worker that dies says so: the page's pool fails the worker's request with the message and
// starts a new worker for the next one. Go's runtime, on a fatal error (out of memory above all),
// writes "fatal error: …" and its goroutines' stacks to standard error and exits instead of
// throwing, so the page would otherwise never hear of it: the first line naming the fault is kept
// and posted when the program exits. A wasm trap or an exception thrown out of the program reaches
// the page as the Worker's error event.
importScripts('../wasm_exec.js');
self.pending = [];
self.onmessage = (e) => {
  if (self.schedlabHandle) self.schedlabHandle(e.data);
  else self.pending.push(e.data);
};
let stderr = ''; // the start of standard error: the fault is named on its first lines
const write = globalThis.fs.writeSync.bind(globalThis.fs);
globalThis.fs.writeSync = (fd, buf) => {
  if (fd === 2 && stderr.length < 4096) stderr += new TextDecoder().decode(buf);
  return write(fd, buf);
};
const bin = new URLSearchParams(self.location.search).get('bin') === 'script' ? 'script.wasm' : 'worker.wasm';
const go = new Go();
let code = 0;
go.exit = (c) => { code = c; };
WebAssembly.instantiateStreaming(fetch('../' + bin), go.importObject)
  .then((r) => {
    self.wasmMemory = r.instance.exports.mem; // its size is reported with each parse (perf script)
    return go.run(r.instance).then(() => {
      const fault = /^(fatal error: .*|panic: .*)$/m.exec(stderr);
      const why = /out of memory/.test(stderr) ? 'ran out of memory in the browser'
        : (fault ? fault[1] : `exited (code ${code})`);
      self.postMessage({ type: 'error', message: `the worker stopped: ${why}` });
    });
  }, (err) => self.postMessage({ type: 'error', message: 'worker failed to start: ' + err }))
  .catch((err) => self.postMessage({ type: 'error', message: 'the worker stopped: ' + err }));
