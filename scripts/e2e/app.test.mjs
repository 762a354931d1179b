// End-to-end tests of the browser app: load with the built-in workload, run
// two policies in workers and compare the summaries with the native runner byte for byte, check
// the Gantt's data-intervals/data-drawn against the trace-event export, the per-job CSV against the
// runner's -jobs-out, reload and reopen from history, export and re-import JSON, load a real trace
// from ../shared/data, a bad file's message, and that no request left the origin. Screenshots go
// to build/e2e/. scripts/e2e.sh serves build/site and passes BASE_URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, launch, offsite, q, ready, runAndWait, runnerBin, setPolicies } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shots = join(root, 'build', 'e2e');
mkdirSync(shots, { recursive: true });
const data = join(root, '..', 'shared', 'data');
const realTrace = join(data, 'demo', 'philly_vc11cb48_day_2017-10-09.csv');

// runner runs the native runner and returns stdout.
function runner(args) {
  return execFileSync(runnerBin(), args, { cwd: root, encoding: 'utf8' });
}

async function summaryRows(page) {
  return page.$$eval(`${q('summary')} tr[data-run]`, (rows) => rows.map((r) => ({
    run: r.dataset.run, policy: r.dataset.policy, json: r.dataset.json,
    metrics: Object.fromEntries([...r.querySelectorAll('[data-metric]')].map((c) => [c.dataset.metric, c.dataset.value])),
  })));
}

async function download(page, testid) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(q(testid))]);
  const path = await dl.path();
  return { name: dl.suggestedFilename(), text: readFileSync(path, 'utf8'), path };
}

test('built-in workload: load, run two policies, compare with the runner, Gantt, exports, history', async (t) => {
  const b = await launch();
  const { page } = b;
  try {
    const t0 = Date.now();
    await page.goto(baseURL);
    await ready(page);
    const loadMs = Date.now() - t0;
    const nav = await page.evaluate(() => {
      const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
      const ready = performance.getEntriesByName('schedlab-ready')[0];
      return { transfer: entries.reduce((s, e) => s + (e.transferSize || 0), 0), readyMs: ready ? ready.startTime : -1 };
    });
    t.diagnostic(`load to data-ready: ${loadMs} ms wall, ${nav.readyMs.toFixed(0)} ms in-page; transfer ${(nav.transfer / 1e6).toFixed(3)} MB`);
    writeFileSync(join(shots, 'metrics-load.json'), JSON.stringify({ loadMs, ...nav }));
    assert.ok(nav.transfer < 2e6, `transfer ${nav.transfer} B, want < 2 MB`);
    assert.equal(await page.textContent(q('error')), '');
    assert.equal(await page.inputValue(q('cluster-spec')), '16x8');
    assert.equal(await page.inputValue(q('seed')), '1');
    await page.screenshot({ path: join(shots, '01-loaded.png'), fullPage: true });

    await setPolicies(page, ['fifo', 'srtf']);
    const r0 = Date.now();
    await runAndWait(page);
    t.diagnostic(`fifo+srtf on the built-in workload: ${Date.now() - r0} ms`);
    assert.equal(await page.textContent(q('error')), '');
    assert.equal(await page.getAttribute(q('progress'), 'value') ?? String(await page.$eval(q('progress'), (e) => e.value)), '1');
    const rows = await summaryRows(page);
    assert.deepEqual(rows.map((r) => r.policy), ['fifo', 'srtf']);
    const native = runner(['-generate', 'philly:jobs=1000,rate=9', '-cluster', '16x8', '-seed', '1', '-policy', 'fifo,srtf', '-json'])
      .trim().split('\n');
    assert.equal(rows[0].json, native[0], 'fifo summary, page vs runner');
    assert.equal(rows[1].json, native[1], 'srtf summary, page vs runner');
    const nf = JSON.parse(native[0]);
    assert.equal(Number(rows[0].metrics.mean_jct_s), nf.mean_jct_s);
    assert.equal(rows[0].metrics.ratio_mean_jct_s, '1');
    assert.ok(Math.abs(Number(rows[1].metrics.ratio_mean_jct_s) - JSON.parse(native[1]).mean_jct_s / nf.mean_jct_s) < 1e-12);

    // Gantt: at full zoom every interval is drawn, and the trace-event export has as many.
    const gantt = await page.$eval(q('gantt'), (e) => ({ iv: e.dataset.intervals, drawn: e.dataset.drawn, paint: e.dataset.firstPaintMs }));
    t.diagnostic(`Gantt first paint (1000 jobs): ${gantt.paint} ms`);
    assert.ok(Number(gantt.iv) > 0);
    assert.equal(gantt.drawn, gantt.iv);
    const tr = await download(page, 'export-trace');
    const ev = JSON.parse(tr.text).traceEvents.filter((e) => e.ph === 'X');
    assert.equal(new Set(ev.map((e) => e.args.interval)).size, Number(gantt.iv), 'intervals in the trace-event export');
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(shots, '02-results.png'), fullPage: true });

    // Click a bar: its job is highlighted.
    const box = await page.$(q('gantt'));
    const bb = await box.boundingBox();
    await page.mouse.click(bb.x + 120, bb.y + 60);

    // Per-job CSV: the runner's -jobs-out byte for byte.
    const csv = await download(page, 'export-csv');
    const jobsOut = join(shots, 'runner-jobs.csv');
    runner(['-generate', 'philly:jobs=1000,rate=9', '-cluster', '16x8', '-seed', '1', '-policy', 'fifo,srtf', '-json', '-jobs-out', jobsOut]);
    assert.equal(csv.text, readFileSync(jobsOut, 'utf8'), 'per-job CSV, page vs runner');

    // PNG export.
    const [png] = await Promise.all([page.waitForEvent('download'), page.click(q('export-png'))]);
    assert.match(png.suggestedFilename(), /\.png$/);
    const json = await download(page, 'export-json');

    // History survives a reload; reopen without re-running.
    await page.reload();
    await ready(page);
    const items = await page.$$(q('history-item'));
    assert.equal(items.length, 2, 'saved runs after reload');
    await page.click(`${q('history-item')}[data-run="${rows[0].run}"] ${q('history-open')}`);
    await page.waitForSelector(`${q('summary')} tr[data-run="${rows[0].run}"]`);
    assert.equal((await summaryRows(page))[0].json, native[0], 'reopened fifo summary');
    await page.click(`${q('history-item')}[data-run="${rows[1].run}"] ${q('history-compare')}`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="summary"] tr[data-run]').length === 2);
    page.once('dialog', (d) => d.accept('renamed fifo'));
    await page.click(`${q('history-item')}[data-run="${rows[0].run}"] ${q('history-rename')}`);
    await page.waitForFunction(() => document.querySelector('[data-testid="history"]').textContent.includes('renamed fifo'));
    await page.screenshot({ path: join(shots, '03-history.png'), fullPage: true });
    await page.click(`${q('history-item')}[data-run="${rows[1].run}"] ${q('history-delete')}`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="history-item"]').length === 1);

    // Re-import the JSON export.
    await page.setInputFiles('#import-json', json.path);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="history-item"]').length === 2);
    const back = await summaryRows(page);
    assert.deepEqual(back.map((r) => r.json), native, 're-imported summaries');

    // A damaged export (an interval on a GPU the cluster lacks) is refused by file and field,
    // and what is saved stays.
    const damaged = JSON.parse(readFileSync(json.path, 'utf8'));
    damaged.runs[1].intervals[3].g[0] = 999;
    const damagedPath = join(shots, 'damaged-export.json');
    writeFileSync(damagedPath, JSON.stringify(damaged));
    await page.setInputFiles('#import-json', damagedPath);
    await page.waitForFunction(() => document.querySelector('[data-testid="error"]').textContent.includes('damaged-export'));
    assert.equal(await page.textContent(q('error')),
      'damaged-export.json: runs[1].intervals[3].g: GPU 999 is not in cluster 16x8 (128 GPUs)');
    assert.equal((await page.$$(q('history-item'))).length, 2, 'saved runs after a refused import');
    assert.deepEqual((await summaryRows(page)).map((r) => r.json), native, 'summaries after a refused import');

    assert.deepEqual(offsite(b.requests), [], 'requests that left 127.0.0.1');
    assert.deepEqual(b.errors, [], 'console errors');
  } finally {
    await b.close();
  }
});

test('real trace from ../shared/data, a bad file, the URL, cancel', async (t) => {
  if (!existsSync(realTrace)) {
    if (process.env.CI === 'true') assert.fail(`${realTrace} missing`);
    t.skip(`${realTrace} missing`);
    return;
  }
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(baseURL);
    await ready(page);
    await page.setInputFiles(q('trace-file'), realTrace);
    await page.waitForFunction(() => document.querySelector('[data-testid="detected-format"]').textContent === 'philly');
    assert.equal(await page.textContent(q('error')), '');
    assert.ok((await page.$$('#preview tr')).length > 1, 'preview rows');
    await setPolicies(page, ['fifo', 'las']);
    await runAndWait(page);
    assert.equal(await page.textContent(q('error')), '');
    const rows = await summaryRows(page);
    const native = runner(['-trace', realTrace, '-cluster', '16x8', '-seed', '1', '-policy', 'fifo,las', '-json']).trim().split('\n');
    assert.deepEqual(rows.map((r) => r.json), native, 'trace summaries, page vs runner');
    const g = await page.$eval(q('gantt'), (e) => [e.dataset.intervals, e.dataset.drawn]);
    assert.equal(g[0], g[1]);
    const url = page.url();
    assert.match(url, /sha256=[0-9a-f]{64}/);
    assert.match(url, /trace=philly_vc11cb48/);
    await page.screenshot({ path: join(shots, '04-trace.png'), fullPage: true });

    // The link asks for the file, then checks its hash.
    await page.goto(url);
    await ready(page);
    assert.match(await page.textContent(q('error')), /needs the trace file/);

    // A bad file: a readable message naming line and field; the page stays usable.
    const bad = join(shots, 'bad.csv');
    writeFileSync(bad, readFileSync(realTrace, 'utf8').split('\n').slice(0, 3).join('\n') + '\nx,y,z\n');
    await page.setInputFiles(q('trace-file'), bad);
    await page.waitForFunction(() => document.querySelector('[data-testid="error"]').textContent.includes('bad.csv:'));
    const msg = await page.textContent(q('error'));
    t.diagnostic('bad file: ' + msg);
    assert.match(msg, /bad\.csv:\d+/);
    await page.screenshot({ path: join(shots, '05-bad-file.png'), fullPage: true });

    // Cancel a run.
    await page.click('#use-generator');
    await page.fill('#workload-gen', 'philly:jobs=20000,rate=60');
    await page.click(q('run'));
    await page.waitForTimeout(300);
    await page.click(q('cancel'));
    await page.waitForFunction(() => document.body.dataset.done === '1');
    assert.match(await page.textContent(q('error')), /cancelled/);
    assert.deepEqual(offsite(b.requests), [], 'requests that left 127.0.0.1');
  } finally {
    await b.close();
  }
});
