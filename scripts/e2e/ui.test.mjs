// Browser tests of the app's later features: a large run saved by its worker without stalling the
// page, Synergy and model-similarity views, the parameter box's live
// validation, the run diff, and the store under a forced quota. scripts/e2e.sh passes BASE_URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, launch, offsite, q, ready, runAndWait, setPolicies } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shots = join(root, 'build', 'e2e');
mkdirSync(shots, { recursive: true });
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
    // The run's steps as the worker and the page timed them (make bench-page reads them).
    const phases = JSON.parse(await page.getAttribute('body', 'data-last-run-phases'));
    t.diagnostic(`20,000 jobs, steps in ms: ${JSON.stringify(phases)}`);
    // The worker's steps until its first answer (the view), then those after it (the record's
    // encoding and saving); the page's from the view to the run shown, then the wait until saved.
    const inWorker = ['worker_start', 'worker_workload', 'worker_run', 'worker_view'];
    for (const k of ['worker', ...inWorker, 'worker_encode', 'worker_save', 'decode', 'summary', 'show_frame', 'show_util', 'show_gantt', 'show', 'saved']) {
      assert.ok(Number.isInteger(phases[k]) && phases[k] >= 0, `step ${k}: ${phases[k]}`);
    }
    assert.ok(inWorker.reduce((a, k) => a + phases[k], 0) <= phases.worker + inWorker.length, 'the worker\'s steps within its first answer\'s time');
    assert.ok(Number(await page.getAttribute('body', 'data-last-run-wasm-bytes')) > 0, 'the worker\'s wasm memory');
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

test('synergy run: CPU and memory per server beside the Gantt, per-job speed-ups', async (t) => {
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(baseURL);
    await ready(page);
    await page.fill('#workload-gen', 'synergy:jobs=100,rate=9');
    await page.fill(q('cluster-spec'), '4x8');
    await setPolicies(page, ['fifo+tune']);
    await runAndWait(page);
    assert.equal(await page.textContent(q('error')), '');
    assert.equal(await page.isVisible(q('host')), true, 'host CPU/memory charts shown');
    assert.ok(Number(await page.getAttribute(q('host'), 'data-points')) > 10);
    const sp = await page.$$eval(`${q('job-table')} td[data-col="speedup"]`, (cs) => cs.map((c) => Number(c.dataset.value)));
    assert.equal(sp.length, 100);
    assert.ok(sp.every((v) => v >= 1 - 1e-9), `TUNE never gives less than the proportional share: ${sp}`);
    assert.ok(sp.some((v) => v > 1), 'some job gains from TUNE');
    const cpus = await page.$$eval(`${q('job-table')} td[data-col="cpu"]`, (cs) => new Set(cs.map((c) => c.dataset.value)).size);
    assert.ok(cpus > 1, 'CPU per GPU differs between jobs under TUNE');
    t.diagnostic(`fifo+tune: mean speed-up ${(sp.reduce((a, v) => a + v, 0) / sp.length).toFixed(3)}`);
    await page.screenshot({ path: join(shots, '12-synergy.png'), fullPage: true });
    // A non-Synergy run hides them.
    await setPolicies(page, ['fifo']);
    await runAndWait(page);
    assert.equal(await page.isVisible(q('host')), false);
    assert.deepEqual(b.errors, [], 'console errors');
  } finally {
    await b.close();
  }
});

test('model-similarity run: rows coloured by GPU type, chosen type and reference model per job', async () => {
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(baseURL);
    await ready(page);
    await page.fill('#workload-gen', 'similarity:jobs=12,maxh=1');
    await page.fill(q('cluster-spec'), '1x8:K80+1x8:P100+1x8:V100');
    await setPolicies(page, ['model-similarity', 'first-fit-any']);
    await runAndWait(page);
    assert.equal(await page.textContent(q('error')), '');
    const id = await page.getAttribute(`${q('summary')} tr[data-policy="model-similarity"]`, 'data-run');
    await page.selectOption('#gantt-run', id);
    await page.waitForFunction(() => document.querySelector('#job-table td[data-col="ref"]')?.dataset.value);
    assert.equal(await page.inputValue('#colour-by'), 'type');
    const rows = await page.$$eval(`${q('job-table')} tr[data-job]`, (rs) => rs.map((r) => Object.fromEntries(
      [...r.querySelectorAll('[data-col]')].map((c) => [c.dataset.col, c.dataset.value]))));
    assert.equal(rows.length, 12);
    for (const r of rows) {
      assert.match(r.type, /^(K80|P100|V100)$/, `chosen type ${r.type}`);
      assert.ok(r.ref.length > 0, 'reference model');
      assert.match(r.best, /^(K80|P100|V100)$/);
    }
    await page.screenshot({ path: join(shots, '13-similarity.png'), fullPage: true });
    assert.deepEqual(b.errors, [], 'console errors');
  } finally {
    await b.close();
  }
});

test('parameters validated as typed, colours by policy, per-job JCT diff of two runs', async (t) => {
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(baseURL);
    await ready(page);
    const cases = [
      ['{"las": {', /line 1, column \d+/],
      ['{"nope": {}}', /"nope" is not a policy/],
      ['{"las": {"no_such_param": 1}}', /policy las/],
    ];
    for (const [text, want] of cases) {
      await page.fill(q('params'), text);
      await page.waitForFunction(() => document.querySelector('[data-testid="error"]').textContent !== '');
      const msg = await page.textContent(q('error'));
      t.diagnostic(`params ${text}: ${msg}`);
      assert.match(msg, want);
      assert.equal(await page.getAttribute(q('params'), 'aria-invalid'), 'true');
    }
    await page.screenshot({ path: join(shots, '14-params-error.png') });
    await page.fill(q('params'), '{"las": {"thresholds_gpu_s": [3600]}}');
    await page.waitForFunction(() => document.querySelector('[data-testid="error"]').textContent === '');

    await setPolicies(page, ['fifo', 'srtf']);
    await runAndWait(page);
    assert.equal(await page.textContent(q('error')), '');
    const colours = await page.$$eval(`${q('summary')} td.policy`, (cs) => cs.map((c) => c.dataset.colour));
    assert.equal(new Set(colours).size, 2, `policy colours ${colours}`);
    const runs = await page.$$eval(`${q('summary')} tr[data-run]`, (rs) => rs.map((r) => ({ id: r.dataset.run, s: JSON.parse(r.dataset.json) })));
    // The Gantt shows the run that arrived first, which need not be the baseline (the first
    // policy's): show the baseline, then no diff may be visible.
    await page.selectOption('#gantt-run', runs[0].id);
    await page.waitForSelector(q('diff'), { state: 'hidden' });
    assert.equal(await page.isVisible(q('diff')), false, 'no diff while the shown run is the baseline');
    await page.selectOption('#gantt-run', runs[1].id);
    await page.waitForSelector(`${q('diff')} tr[data-job]`);
    const mean = Number(await page.getAttribute(q('diff'), 'data-mean-delta-s'));
    const want = runs[1].s.mean_jct_s - runs[0].s.mean_jct_s;
    t.diagnostic(`srtf − fifo mean JCT delta: ${mean.toFixed(1)} s (summaries: ${want.toFixed(1)} s)`);
    assert.ok(Math.abs(mean - want) < 1e-3 * Math.max(1, Math.abs(want)), `mean delta ${mean}, want ${want}`);
    const deltas = await page.$$eval(`${q('diff')} tr[data-job]`, (rs) => rs.map((r) => Math.abs(Number(r.dataset.delta))));
    assert.ok(deltas.length > 0 && deltas.every((d, i) => i === 0 || d <= deltas[i - 1]), 'largest changes first');
    await page.screenshot({ path: join(shots, '15-diff.png'), fullPage: true });
    assert.deepEqual(b.errors, [], 'console errors');
  } finally {
    await b.close();
  }
});

test('store contract, v1→v2 upgrade and quota messages inside Chromium (wasm test binary)', async (t) => {
  const dir = join(root, 'build', 'site', '_test');
  mkdirSync(dir, { recursive: true });
  for (const f of ['index.html', 'run.js']) copyFileSync(join(root, 'scripts', 'e2e', 'wasmtest', f), join(dir, f));
  execFileSync('go', ['test', '-c', '-o', join(dir, 'store.test.wasm'), './wasm/store'], {
    cwd: root, env: { ...process.env, GOOS: 'js', GOARCH: 'wasm' } });
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(new URL('_test/index.html?bin=store.test.wasm&args=-test.v', baseURL).href);
    await page.waitForFunction(() => document.body.dataset.exit !== undefined, null, { timeout: 60000 });
    const out = await page.textContent('#out');
    const exit = await page.getAttribute('body', 'data-exit');
    t.diagnostic(out.trim().split('\n').filter((l) => l.startsWith('---')).join('; '));
    assert.equal(exit, '0', out);
    for (const name of ['TestIDBContract', 'TestIDBUpgradeFromV1', 'TestQuotaErrorsNamed']) {
      assert.match(out, new RegExp(`--- PASS: ${name} `), `${name} ran and passed in Chromium`);
    }
  } finally {
    await b.close();
  }
});
