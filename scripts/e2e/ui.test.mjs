// Browser tests of the app's later features: a large run saved by its worker without stalling the
// page, the compact Figures panel, Synergy and model-similarity views, the parameter box's live
// validation, the run diff, and the store under a forced quota. scripts/e2e.sh passes BASE_URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, launch, offsite } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shots = join(root, 'build', 'e2e');
mkdirSync(shots, { recursive: true });
const q = (id) => `[data-testid="${id}"]`;

async function ready(page) {
  await page.waitForFunction(() => document.body.dataset.ready === '1', null, { timeout: 30000 });
}

async function runAndWait(page, timeout = 120000) {
  await page.click(q('run'));
  await page.waitForFunction(() => document.body.dataset.done === '1', null, { timeout });
}

async function setPolicies(page, names) {
  for (const cb of await page.$$('[data-testid^="policy-"]')) await cb.uncheck();
  for (const n of names) await page.check(q('policy-' + n));
}

test('a large run is saved by its worker and the page stays responsive', async (t) => {
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(baseURL);
    await ready(page);
    await page.evaluate(() => {
      window.longest = 0;
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) window.longest = Math.max(window.longest, e.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    await page.fill('#workload-gen', 'philly:jobs=20000,rate=60');
    await page.fill(q('cluster-spec'), '64x8');
    await setPolicies(page, ['fifo']);
    await runAndWait(page);
    assert.equal(await page.textContent(q('error')), '');
    const longest = await page.evaluate(() => window.longest);
    t.diagnostic(`20,000 jobs: longest main-thread task ${longest.toFixed(0)} ms`);
    assert.ok(longest < 1000, `longest main-thread task ${longest} ms, want < 1000`);
    await page.waitForSelector(q('history-item'));
    // Saved by the worker: it survives a reload and reopens.
    const id = await page.getAttribute(`${q('summary')} tr[data-run]`, 'data-run');
    await page.reload();
    await ready(page);
    await page.click(`${q('history-item')}[data-run="${id}"] ${q('history-open')}`);
    await page.waitForSelector(`${q('summary')} tr[data-run="${id}"]`);
    const jobs = await page.getAttribute(`${q('summary')} tr[data-run="${id}"] [data-metric="jobs"]`, 'data-value');
    assert.equal(jobs, '20000');
    assert.deepEqual(offsite(b.requests), [], 'requests that left 127.0.0.1');
    assert.deepEqual(b.errors, [], 'console errors');
  } finally {
    await b.close();
  }
});
