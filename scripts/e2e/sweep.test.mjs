// Beyond one machine, as a user goes through it: the form exported as a sweep file, the
// file given a swept parameter and a choice of its own, run by the native runner in two shards and
// merged (what a Slurm array and its merge job do), and the merged CSV imported into the page and
// drawn one reading at a time. A CSV that is not a figure's is refused naming the file and line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, launch, offsite, q, ready, runnerBin, setPolicies } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shots = join(root, 'build', 'e2e');
mkdirSync(shots, { recursive: true });

test('export a sweep file, shard and merge it natively, import and draw the merged CSV', async () => {
  const b = await launch();
  try {
    const { page } = b;
    await page.goto(baseURL);
    await ready(page);
    await page.fill('#workload-gen', 'philly:jobs=40,rate=9');
    await page.fill(q('cluster-spec'), '2x8');
    await setPolicies(page, ['fifo', 'las']);
    await page.fill(q('seed'), '3');
    await page.click('details.beyond > summary');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(q('export-sweep'))]);
    assert.equal(download.suggestedFilename(), 'schedlab-sweep.json');
    const sweep = JSON.parse(readFileSync(await download.path(), 'utf8'));
    assert.equal(sweep.generate, 'philly:jobs=40,rate=9');
    assert.equal(sweep.cluster, '2x8');
    assert.deepEqual(sweep.policies, ['fifo', 'las']);
    assert.equal(sweep.seeds, '3');
    assert.ok(sweep.metrics.includes('mean_jct_s'));
    assert.equal(sweep.seed, undefined);

    // The user's edit: sweep the load over three seeds, under two placements (a choice of theirs).
    sweep.sweep = { param: 'generate.rate', label: 'load (jobs/h)', values: [6, 12] };
    sweep.seeds = '1-3';
    sweep.choices = [{ name: 'placement', values: [
      { name: 'consolidate', set: {} }, { name: 'spread', set: { placement: 'spread' } }] }];
    const file = join(shots, 'sweep-export.json');
    writeFileSync(file, JSON.stringify(sweep, null, 2));
    const bin = runnerBin();
    // Fresh parts: an old part of another build at the same path would be refused, as it should.
    const partDir = mkdtempSync(join(tmpdir(), 'schedlab-sweep-'));
    const parts = [0, 1].map((i) => join(partDir, `part-${i}-of-2.csv`));
    parts.forEach((p, i) => execFileSync(bin, ['-sweep', file, '-shard', `${i}/2`, '-figure-out', p], { stdio: 'pipe' }));
    const merged = join(shots, 'sweep-merged.csv');
    execFileSync(bin, ['-sweep', file, '-merge', ...parts, '-figure-out', merged], { stdio: 'pipe' });
    rmSync(partDir, { recursive: true });
    const csv = readFileSync(merged, 'utf8');
    const rows = 2 * 2 * 2 * 3 * sweep.metrics.length;
    assert.equal(csv.split('\n').length - 2, rows, csv);
    assert.ok(csv.includes('\nmy-sweep,placement=spread,rate,12,las,3,'), csv);

    await page.setInputFiles(q('import-figure-csv'), merged);
    await page.waitForFunction((sel) => document.querySelector(sel).textContent !== '', q('imported-figure-note'));
    const note = (drawn) => `sweep-merged.csv: my-sweep, ${rows} rows, seeds 1-3, 2 of 2 readings (placement consolidate|spread); drawn: placement=${drawn}`;
    assert.equal(await page.textContent(q('imported-figure-note')), note('consolidate'));
    const box = page.locator(q('imported-figure-chart'));
    assert.ok(await box.isVisible());
    await page.waitForSelector(`${q('imported-figure-chart')} canvas`);
    assert.ok(await box.getAttribute('_echarts_instance_'), 'no ECharts chart in the box');
    assert.equal(await page.textContent(q('error')), '');
    await box.screenshot({ path: join(shots, 'sweep-imported.png') });
    // The reading picker: the readings the CSV holds; choosing one draws it.
    assert.ok(await page.locator(q('imported-figure-reading-box')).isVisible());
    assert.deepEqual(await page.locator(`${q('imported-figure-reading')} option`).allTextContents(),
      ['placement=consolidate', 'placement=spread']);
    await page.selectOption(q('imported-figure-reading'), { label: 'placement=spread' });
    await page.waitForFunction(([sel, want]) => document.querySelector(sel).textContent === want,
      [q('imported-figure-note'), note('spread')]);
    assert.equal(await page.textContent(q('error')), '');

    // Not a figure CSV: refused with the file and line, the chart hidden.
    const bad = join(shots, 'sweep-bad.csv');
    writeFileSync(bad, 'figure,reading,x_name,x,series,seed,metric,unit,value\nmy,,rate,6,fifo,1,mean_jct_s,s,oops\n');
    await page.setInputFiles(q('import-figure-csv'), bad);
    await page.waitForFunction((sel) => document.querySelector(sel).textContent !== '', q('error'));
    assert.match(await page.textContent(q('error')), /^sweep-bad\.csv:2: value: "oops" is not a finite number/);
    assert.ok(!(await box.isVisible()));
    assert.ok(!(await page.locator(q('imported-figure-reading-box')).isVisible()));
    assert.deepEqual(b.errors, []);
    assert.deepEqual(offsite(b.requests), []);
  } finally {
    await b.close();
  }
});
