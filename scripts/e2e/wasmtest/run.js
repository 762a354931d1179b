// Runs a Go js/wasm test binary inside the browser (the page's origin, real IndexedDB): the binary
// is ?bin=NAME.wasm, its flags ?args=-test.v,-test.run=X. Output lines go to the console and to
// #out; when the binary exits, body[data-exit] holds its exit code. Copied under build/site by
// scripts/e2e/ui.test.mjs, which also builds the binary (go test -c).
(async () => {
  const params = new URLSearchParams(location.search);
  const go = new Go();
  go.argv = ['test.wasm', ...(params.get('args') || '-test.v').split(',')];
  go.exit = (code) => { document.body.dataset.exit = String(code); };
  const out = document.getElementById('out');
  const log = console.log.bind(console);
  console.log = (...a) => { out.textContent += a.join(' ') + '\n'; log(...a); };
  try {
    const r = await WebAssembly.instantiateStreaming(fetch(params.get('bin')), go.importObject);
    await go.run(r.instance);
  } catch (err) {
    out.textContent += 'runner: ' + err + '\n';
    document.body.dataset.exit = 'error';
  }
})();
