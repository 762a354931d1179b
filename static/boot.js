// Page bootstrap: expose the chart module to Go, then start app.wasm (wasm_exec.js is loaded by a
// classic script tag before this module runs).
import * as charts from './charts.js';

globalThis.schedlabCharts = charts;
// A run is shown before its worker has saved it (body[data-saving] counts those still saving):
// leaving the page then asks first, as the run would not reach the history.
addEventListener('beforeunload', (e) => {
  if (document.body.dataset.saving) e.preventDefault();
});
const go = new Go();
WebAssembly.instantiateStreaming(fetch('app.wasm'), go.importObject)
  .then((r) => go.run(r.instance))
  .catch((err) => {
    const e = document.querySelector('[data-testid="error"]');
    if (e) e.textContent = 'the app failed to start: ' + err;
  });
