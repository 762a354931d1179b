// Browser tests of the policy-specific result views: GPU sharing (co-located jobs stacked
// in per-GPU sub-rows, each job's normalised throughput) and A-SRPT's virtual SRPT schedule beside
// the Gantt. Both are checked against the native runner on the same run: the overlapping
// intervals against its -trace-out, the normalised throughputs against its -jobs-out. Screenshots
// go to build/e2e/. scripts/e2e.sh serves build/site and passes BASE_URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, downloadText, launch, offsite, q, ready, runAndWait, runnerBin, setPolicies } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shots = join(root, 'build', 'e2e');
mkdirSync(shots, { recursive: true });
// runner runs the native runner and returns stdout.
function runner(args) {
  return execFileSync(runnerBin(), args, { cwd: root, encoding: 'utf8' });
}

// overlaps reads a trace-event export: intervals (distinct args.interval), how many overlap
// another on a common GPU (max start < min end), and the most intervals on one GPU at once.
function overlaps(traceJSON) {
  const byGPU = new Map();
  const ids = new Set();
  for (const e of JSON.parse(traceJSON).traceEvents) {
    if (e.ph !== 'X') continue;
    ids.add(e.args.interval);
    if (!byGPU.has(e.tid)) byGPU.set(e.tid, []);
    byGPU.get(e.tid).push({ id: e.args.interval, from: e.ts, to: e.ts + e.dur });
  }
  const shared = new Set();
  let most = 1;
  for (const list of byGPU.values()) {
    for (const a of list) {
      if (a.to <= a.from) continue;
      let on = 0; // intervals on the GPU at a's start: the most at once is reached at some start
      for (const b of list) {
        if (b.id !== a.id && Math.max(a.from, b.from) < Math.min(a.to, b.to)) shared.add(a.id);
        if (b.to > b.from && b.from <= a.from && a.from < b.to) on++;
      }
      most = Math.max(most, on);
    }
  }
  return { intervals: ids.size, shared: shared.size, most };
}

// csvColumn maps job_id to a column's value in a -jobs-out CSV.
function csvColumn(text, column) {
  const [head, ...rows] = text.trim().split('\n').map((l) => l.split(','));
  const k = head.indexOf(column);
  assert.ok(k >= 0, `column ${column} in ${head}`);
  return Object.fromEntries(rows.map((r) => [r[head.indexOf('job_id')], r[k]]));
}

test('GPU sharing (iasp-iapp, interference-smoke size): stacked sub-rows and normalised throughputs match the runner', async (t) => {
  const args = ['-generate', 'interference:jobs=60,rate=12,maxh=2', '-cluster', '2x8', '-seed', '1', '-policy', 'iasp-iapp'];
  const traceOut = join(shots, 'views-sharing-trace.json');
  const jobsOut = join(shots, 'views-sharing-jobs.csv');
  const native = runner([...args, '-json', '-jobs-out', jobsOut, '-trace-out', traceOut]).trim();
  const want = overlaps(readFileSync(traceOut, 'utf8'));
  const wantTput = csvColumn(readFileSync(jobsOut, 'utf8'), 'norm_tput');
  assert.ok(want.shared > 0, 'the runner shows co-located intervals (else the test proves nothing)');

  const b = await launch();
  const { page } = b;
  try {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.goto(baseURL);
    await ready(page);
    await page.fill('#workload-gen', 'interference:jobs=60,rate=12,maxh=2');
    await page.fill(q('cluster-spec'), '2x8');
    await setPolicies(page, ['iasp-iapp']);
    await page.click(q('run'));
    await page.waitForFunction(() => document.body.dataset.done === '1', null, { timeout: 120000 });
    assert.equal(await page.textContent(q('error')), '');
    assert.equal(await page.getAttribute(`${q('summary')} tr[data-run]`, 'data-json'), native, 'summary, page vs runner');

    const g = await page.$eval(q('gantt'), (e) => ({ ...e.dataset }));
    t.diagnostic(`sharing: ${g.intervals} intervals, ${g.shared} overlap another on a GPU, up to ${g.lanes} per GPU (runner: ${want.shared}, ${want.most})`);
    assert.equal(Number(g.intervals), want.intervals, 'data-intervals vs the trace-event export');
    assert.equal(g.drawn, g.intervals, 'every interval drawn at full zoom');
    assert.equal(Number(g.shared), want.shared, 'data-shared vs overlapping intervals in the runner\'s -trace-out');
    assert.equal(Number(g.lanes), want.most, 'data-lanes vs the most intervals on one GPU at once');

    const cells = await page.$$eval(`${q('job-table')} tr[data-job]`, (rs) => rs.map((r) => [r.dataset.job,
      r.querySelector('[data-col="norm_tput"]').dataset.value, Number(r.querySelector('[data-col="co_runners"]').dataset.value)]));
    assert.equal(cells.length, 60);
    for (const [id, v] of cells) assert.equal(v, wantTput[id], `job ${id}: norm_tput, page vs runner`);
    assert.ok(cells.some(([, v, co]) => Number(v) < 1 && co > 0), 'some job slowed down by a co-runner');
    assert.ok(cells.every(([, v, co]) => co > 0 || v === '1.000000'), 'a job alone on its GPUs runs at full speed');
    assert.equal(await downloadText(page, 'export-csv'), readFileSync(jobsOut, 'utf8'), 'per-job CSV (with norm_tput), page vs runner');

    // The tooltip of a job names its normalised throughput and its co-runners.
    let tip = '';
    for (const [x, y] of [[200, 47], [400, 47], [300, 240], [500, 150], [250, 350]]) {
      await page.hover(q('gantt'), { position: { x, y } });
      await page.waitForTimeout(200);
      tip = await page.$eval(q('gantt'), (e) => e.innerText);
      if (tip.includes('normalised throughput')) break;
    }
    t.diagnostic(`tooltip: ${tip.trim()}`);
    assert.match(tip, /normalised throughput [01]\.\d{6} \((full speed|[\d.]+× slower than alone)\)/);
    await page.screenshot({ path: join(shots, '20-sharing.png'), fullPage: true });
    await page.locator('#gantt').screenshot({ path: join(shots, '21-sharing-gantt.png') });
    assert.deepEqual(offsite(b.requests), [], 'requests that left 127.0.0.1');
    assert.deepEqual(b.errors, [], 'console errors');
  } finally {
    await b.close();
  }
});

test('A-SRPT (asrpt-smoke): the virtual SRPT schedule beside the Gantt, one span set per job, shared highlight', async (t) => {
  const native = runner(['-scenario', 'asrpt-smoke', '-policy', 'a-srpt', '-json']).trim();
  const b = await launch();
  const { page } = b;
  try {
    await page.setViewportSize({ width: 1600, height: 1000 });
    // The scenario through a link (the Figures panel that had a button per scenario is gone).
    const link = new URLSearchParams({ generate: 'recurring:jobs=60,rate=4', cluster: '4x8', policies: 'a-srpt,fifo', seed: '1',
      x: JSON.stringify({ scenario: 'asrpt-smoke', checkpoint_cost_s: 60 }) });
    await page.goto(`${baseURL}?${link}`);
    await ready(page);
    await runAndWait(page);
    assert.equal(await page.textContent(q('error')), '');
    const runs = await page.$$eval(`${q('summary')} tr[data-run]`, (rs) => rs.map((r) => ({ id: r.dataset.run, policy: r.dataset.policy, json: r.dataset.json })));
    const asrpt = runs.find((r) => r.policy === 'a-srpt');
    assert.equal(asrpt.json, native, 'a-srpt summary, page vs runner');
    const fifo = runs.find((r) => r.policy === 'fifo');

    await page.selectOption('#gantt-run', fifo.id);
    await page.waitForFunction(() => document.getElementById('virtual-box').hidden);
    await page.selectOption('#gantt-run', asrpt.id);
    await page.waitForFunction(() => !document.getElementById('virtual-box').hidden);
    const v = await page.$eval(q('virtual'), (e) => ({ ...e.dataset }));
    const jobs = JSON.parse(native).jobs;
    t.diagnostic(`virtual schedule: ${v.spans} spans over ${v.jobs} jobs (${jobs} in the run)`);
    assert.equal(Number(v.jobs), jobs, 'one span set per job');
    assert.ok(Number(v.spans) >= jobs);

    // Aligned: the two plot areas start and end at the same x. (The grouped policy picker makes the
    // page taller than the viewport: bring the charts into view before reading click coordinates.)
    await page.locator('#virtual').scrollIntoViewIfNeeded();
    const [gb, vb] = [await page.locator('#gantt').boundingBox(), await page.locator('#virtual').boundingBox()];
    assert.equal(gb.x, vb.x);
    assert.equal(gb.width, vb.width);

    // A click on a virtual span highlights its job in both charts.
    let hl = '-1';
    for (const f of [0.3, 0.5, 0.15, 0.7, 0.1, 0.4, 0.6]) {
      await page.mouse.click(vb.x + 90 + f * (vb.width - 140), vb.y + 30 + (vb.height - 58) / 2);
      hl = await page.getAttribute(q('virtual'), 'data-highlight');
      if (hl !== '-1') break;
    }
    assert.notEqual(hl, '-1', 'a click on the virtual schedule highlights a job');
    assert.equal(await page.getAttribute(q('gantt'), 'data-highlight'), hl, 'the Gantt highlights the same job');
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(shots, '22-asrpt-virtual.png'), fullPage: true });
    await page.locator('#gantt').screenshot({ path: join(shots, '23-asrpt-gantt.png') });
    await page.locator('#virtual').screenshot({ path: join(shots, '24-asrpt-virtual-row.png') });
    assert.deepEqual(offsite(b.requests), [], 'requests that left 127.0.0.1');
    assert.deepEqual(b.errors, [], 'console errors');
  } finally {
    await b.close();
  }
});
