// Worker bootstrap (classic worker): start app.wasm — or, with ?bin=script, script.wasm, the same
// worker with the Starlark interpreter for scripted policies (wasm/scriptworker) — which sees no
// document and installs self.schedlabHandle. Messages that arrive before that are queued in
// self.pending.
importScripts('../wasm_exec.js');
self.pending = [];
self.onmessage = (e) => {
  if (self.schedlabHandle) self.schedlabHandle(e.data);
  else self.pending.push(e.data);
};
const bin = new URLSearchParams(self.location.search).get('bin') === 'script' ? 'script.wasm' : 'app.wasm';
const go = new Go();
WebAssembly.instantiateStreaming(fetch('../' + bin), go.importObject)
  .then((r) => {
    self.wasmMemory = r.instance.exports.mem; // its size is reported with each parse (perf script)
    return go.run(r.instance);
  })
  .catch((err) => self.postMessage({ type: 'error', message: 'worker failed to start: ' + err }));
