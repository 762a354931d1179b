// Browser test of the Figures view: a small figure opened through ?figure=…&embed=1
// runs on the page's workers, draws its points and published markers, fills its reference table,
// and its CSV export is byte for byte the native runner's -figure-out for the same seeds; another
// run is cancelled mid-way and keeps its finished cells; after a reload both reopen from
// IndexedDB without recomputing. It prints each figure's time in the page and the peak wasm
// memory of a worker. FIGURE and FIGURE_SEEDS choose the small figure (default similarity-makespan,
// seeds 1-3, every reading: a few seconds for all its cells, a published relative value drawn), CANCEL_FIGURE the one
// cancelled (default interference-headline on seeds 101-112); scripts/e2e.sh serves build/site and
// passes BASE_URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, downloadText, launch, offsite, q, ready, runnerBin } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shots = join(root, 'build', 'e2e');
mkdirSync(shots, { recursive: true });
const figure = process.env.FIGURE || 'similarity-makespan';
const seeds = process.env.FIGURE_SEEDS || '1-3';
const cancelled = process.env.CANCEL_FIGURE || 'interference-headline';

// runnerCSV runs the native runner's -figure on the same seeds and returns its CSV.
function runnerCSV(id, seedList) {
  const dir = mkdtempSync(join(tmpdir(), 'schedlab-fig-'));
  try {
    const out = join(dir, id + '.csv');
    execFileSync(runnerBin(), ['-figure', id, '-seeds', seedList, '-j', '1', '-figure-out', out], { cwd: root, encoding: 'utf8' });
    return readFileSync(out, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// runnerTally re-judges a figure CSV with the native runner's -judge and returns its tallies, kind
// by kind, as the page's caption joins them.
function runnerTally(csv) {
  const dir = mkdtempSync(join(tmpdir(), 'schedlab-judge-'));
  try {
    const path = join(dir, 'rows.csv');
    writeFileSync(path, csv);
    const out = execFileSync(runnerBin(), ['-judge', path], { cwd: root, encoding: 'utf8' });
    return [...out.matchAll(/\n {2}tally, (.*)(?=\n)/g)].map((m) => m[1]).join('; ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const done = (page, timeout) => page.waitForFunction(() => document.body.dataset.done === '1', null, { timeout });

test('figures: embed, chart, markers, table, CSV = runner, cancel, reload and reopen', async () => {
  const want = runnerCSV(figure, seeds);
  const b = await launch();
  const { page } = b;
  try {
    // 1. The embed: only the figure, its table and a link to the full app.
    await page.setViewportSize({ width: 900, height: 700 });
    await page.goto(`${baseURL}?figure=${figure}&seeds=${seeds}&embed=1`);
    await ready(page);
    await done(page, 180000);
    assert.equal(await page.textContent(q('error')), '', 'no error');
    assert.equal(await page.isVisible('header'), false, 'embed hides the header');
    assert.equal(await page.isVisible('#simulator-view'), false, 'embed hides the simulator');
    assert.equal(await page.isVisible(q('figure-list')), false, 'embed hides the catalogue');
    assert.ok(await page.isVisible(q('figure-chart')), 'chart shown');
    assert.ok(await page.isVisible(q('figure-table')), 'table shown');
    const link = await page.getAttribute(q('figure-full-app'), 'href');
    assert.match(link, new RegExp(`figure=${figure}`), 'the link opens the figure in the full app');
    assert.doesNotMatch(link, /embed/, 'the full-app link is not embedded');
    const chart = await page.$eval(q('figure-chart'), (el) => ({
      points: Number(el.dataset.points), markers: Number(el.dataset.markers), cells: Number(el.dataset.cells),
      canvas: !!el.querySelector('canvas'), width: el.clientWidth, ms: Number(document.body.dataset.figureMs),
      mb: Number(el.dataset.peakWorkerMb),
    }));
    const lines = want.trim().split('\n');
    const cells = new Set(lines.slice(1).map((l) => l.split(',').slice(0, -3).join(','))).size;
    assert.equal(chart.cells, cells, 'every cell of the figure finished');
    // By default cores − 1 workers but at least min(2, cores) (cores counted up to 8), never more
    // than there are cells; the workers box offers up to one per core.
    const cores = Math.min(8, await page.evaluate(() => navigator.hardwareConcurrency));
    const defaultPool = Math.max(Math.min(2, cores), cores - 1);
    const pool = Math.min(cells, defaultPool);
    assert.match(await page.textContent(q('figure-status')), new RegExp(`\\(${pool} worker\\(s\\)`), `the default pool of ${defaultPool} workers`);
    assert.equal(await page.getAttribute(q('figure-workers'), 'max'), String(cores), 'the workers box goes up to one per core');
    assert.ok(chart.points > 0 && chart.canvas, 'points drawn');
    // Under the default reading (Zeus' GPUs) the packing claim has no data: one published value drawn.
    assert.ok(process.env.FIGURE || chart.markers >= 1, `the default figure draws its published values (${chart.markers})`);
    assert.ok(chart.width > 800, `the chart fills its frame (${chart.width} px)`);
    const kinds = await page.$$eval(`${q('figure-table')} tr[data-kind]`, (rows) => rows.map((r) => [r.dataset.kind, r.dataset.verdict]));
    assert.ok(kinds.length > 0, 'the table lists the references');
    const drawable = kinds.filter(([k, v]) => (k === 'absolute' || k === 'relative') && v !== 'no data').length;
    assert.equal(chart.markers, drawable, 'one marker per absolute or relative reference judged under the reading drawn');
    const verdicts = await page.$$eval(`${q('figure-table')} tr[data-kind]`, (rows) => rows.map((r) => r.dataset.verdict));
    for (const v of verdicts) assert.match(v, /^(agrees|disagrees|direction holds|direction fails|trend holds|trend fails|inconclusive|shown, not judged|no data)$/, 'a verdict');
    assert.equal(await page.textContent(q('figure-tally')), `tally: ${runnerTally(want)}`, 'the tally is the runner\'s for the same rows');
    await page.screenshot({ path: join(shots, `figure-${figure}-embed.png`) });
    console.log(`# ${figure} seeds ${seeds}: ${cells} cells in ${(chart.ms / 1000).toFixed(1)} s in the page, peak wasm memory per worker ${chart.mb} MB`);
    assert.ok(chart.mb > 0 && chart.mb <= 200, `peak worker memory ${chart.mb} MB within 200 MB`);

    // 2. The CSV export is the runner's, byte for byte.
    const csv = await downloadText(page, 'figure-csv');
    assert.equal(csv, want, 'page CSV = runner -figure-out');

    // 3. The full app: the figures one click from the top; another run cancelled mid-way.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(baseURL);
    await ready(page);
    await page.click(q('nav-figures'));
    assert.ok(await page.isVisible(q('figure-open-' + figure)), 'the catalogue lists the figure');
    await page.click(q('figure-open-' + cancelled));
    await page.fill(q('figure-seeds'), '101-112');
    await page.fill(q('figure-workers'), '1'); // one worker: not the default wherever there are two cores
    await page.click(q('figure-run'));
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="figure-chart"]').dataset.cells) >= 1, null, { timeout: 120000 });
    const workersParam = new URL(page.url()).searchParams.get('workers');
    assert.equal(workersParam, defaultPool !== 1 ? '1' : null, 'the address keeps a pool that is not the default');
    await page.click(q('figure-cancel'));
    await done(page, 10000);
    const status = await page.textContent(q('figure-status'));
    const m = /^cancelled: (\d+) of (\d+) cells kept/.exec(status);
    assert.ok(m, `cancel status: ${status}`);
    const kept = Number(m[1]);
    assert.ok(kept >= 1 && kept < Number(m[2]), `some but not all cells kept (${status})`);
    assert.deepEqual(b.errors, [], 'console errors');

    // 4. Load the app again: both are in the history; the finished one reopens without
    // recomputing, the cancelled one with the cells it had.
    await page.goto(baseURL);
    await ready(page);
    const listed = await page.$$eval(q('history-figure'), (li) => li.map((l) => l.querySelector('.meta').textContent));
    assert.ok(listed.some((t) => t.includes(`seeds ${seeds} `) && t.includes('(finished)')), `finished figure listed: ${listed}`);
    assert.ok(listed.some((t) => t.includes('seeds 101-112') && t.includes('(partial)')), `cancelled figure listed: ${listed}`);
    const items = await page.$$(q('history-figure'));
    for (const li of items) {
      const meta = await li.$eval('.meta', (e) => e.textContent);
      if (!meta.includes('(finished)')) continue;
      await (await li.$(q('history-figure-open'))).click();
      break;
    }
    await page.waitForFunction(() => /reopened without recomputing/.test(document.querySelector('[data-testid="figure-status"]').textContent), null, { timeout: 10000 });
    assert.equal(await downloadText(page, 'figure-csv'), want, 'the reopened figure exports the same CSV');
    for (const li of await page.$$(q('history-figure'))) {
      const meta = await li.$eval('.meta', (e) => e.textContent);
      if (!meta.includes('(partial)')) continue;
      await (await li.$(q('history-figure-open'))).click();
      break;
    }
    await page.waitForFunction((k) => Number(document.querySelector('[data-testid="figure-chart"]').dataset.cells) === k, kept, { timeout: 10000 });
    await page.screenshot({ path: join(shots, `figure-${figure}-app.png`) });

    // 5. A figure that replays trace files runs on the authors' files served with the page, and
    // offers its file picker to replay others.
    if (await page.$(q('figure-open-synergy-physical'))) {
      // The reopened figure left body[data-done] set: wait for the new figure's own answer.
      await page.evaluate(() => document.body.removeAttribute('data-done'));
      await page.click(q('figure-open-synergy-physical'));
      await done(page, 120000);
      assert.equal(await page.textContent(q('error')), '', 'the trace figure runs on the served files');
      assert.ok(await page.isVisible(q('figure-trace')), 'its file picker is shown');
    }
    assert.deepEqual(offsite(b.requests), [], 'requests that left 127.0.0.1');
    assert.deepEqual(b.errors, [], 'console errors');
  } finally {
    await b.close();
  }
});
