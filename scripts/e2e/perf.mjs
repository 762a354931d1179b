// Performance measurements of the browser app (not part of `make test`: minutes, not seconds).
// Usage, with the site built and served (make serve, or scripts/serve on any port):
//   BASE_URL=http://127.0.0.1:8080/ node scripts/e2e/perf.mjs
// Prints JSON: page load to data-ready, compressed transfer, the 82k-job Philly trace run time in the
// page (fifo on 16x8... the trace's own scale needs a bigger cluster: 128x8), and the Gantt's first
// paint for that run (aggregated at full zoom, every interval once zoomed in), and the longest task
// that blocked the page's main thread during the run.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, launch } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const philly = join(root, '..', 'shared', 'data', 'pollux', 'traces', 'philly.csv');
const q = (id) => `[data-testid="${id}"]`;
const out = {};
const b = await launch();
const { page } = b;
try {
  const t0 = Date.now();
  await page.goto(baseURL);
  await page.waitForFunction(() => document.body.dataset.ready === '1');
  out.load_wall_ms = Date.now() - t0;
  Object.assign(out, await page.evaluate(() => {
    const e = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
    return { ready_in_page_ms: Math.round(performance.getEntriesByName('schedlab-ready')[0].startTime),
      transfer_bytes: e.reduce((s, x) => s + (x.transferSize || 0), 0) };
  }));
  if (existsSync(philly)) {
    await page.setInputFiles(q('trace-file'), philly);
    await page.waitForFunction(() => document.querySelector('[data-testid="detected-format"]').textContent !== 'reading…', null, { timeout: 600000 });
    out.philly_format = await page.textContent(q('detected-format'));
    out.philly_error = await page.textContent(q('error'));
    await page.fill(q('cluster-spec'), process.env.CLUSTER || '128x8');
    for (const cb of await page.$$('[data-testid^="policy-"]')) await cb.uncheck();
    await page.check(q('policy-' + (process.env.POLICY || 'fifo')));
    await page.evaluate(() => {
      window.longestTask = 0;
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) window.longestTask = Math.max(window.longestTask, e.duration);
      }).observe({ type: 'longtask' });
    });
    const t1 = Date.now();
    await page.click(q('run'));
    await page.waitForFunction(() => document.body.dataset.done === '1', null, { timeout: 1800000 });
    out.philly_run_wall_ms = Date.now() - t1;
    out.philly_worker_ms = Number(await page.getAttribute('body', 'data-last-run-ms'));
    out.philly_longest_main_thread_task_ms = Math.round(await page.evaluate(() => window.longestTask));
    out.philly_error_after = await page.textContent(q('error'));
    out.gantt = await page.$eval(q('gantt'), (e) => ({ intervals: Number(e.dataset.intervals), drawn: Number(e.dataset.drawn),
      first_paint_ms: Number(e.dataset.firstPaintMs) }));
    await page.screenshot({ path: join(root, 'build', 'e2e', 'perf-philly.png'), fullPage: true });
  }
} finally {
  await b.close();
}
console.log(JSON.stringify(out, null, 1));
