// Run warnings on the page: a Gavel MSR-style trace whose multi-GPU Recommendation and
// A3C jobs have no measured throughput runs at core/hetero's estimate, and the page lists the
// run's warning under the summary in the runner's words, naming the first such line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, launch, offsite, q, ready, runAndWait, setPolicies } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shots = join(root, 'build', 'e2e');
mkdirSync(shots, { recursive: true });

// Gavel's 7-column MSR layout: job_type, command, num_steps_arg, needs_data_dir, total_steps,
// arrival_time, scale_factor (GPUs).
const trace = join(shots, 'msr-small.trace');
writeFileSync(trace, [
  'ResNet-18 (batch size 64)\tpython3 main.py\t--num_steps\t1\t1000\t0.000000\t1',
  'Recommendation (batch size 512)\tpython3 train.py\t--num_steps\t1\t2000\t10.000000\t4',
  'ResNet-18 (batch size 64)\tpython3 main.py\t--num_steps\t1\t1000\t15.000000\t4',
  'A3C\tpython3 main.py\t--num_steps\t1\t500\t20.000000\t2',
].join('\n') + '\n');

test('a run on estimated throughputs shows its warning under the summary', async () => {
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(baseURL);
    await ready(page);
    assert.equal(await page.isHidden(q('run-warnings')), true, 'no warnings before a run');
    await page.$eval(q('detected-format'), (e) => { e.textContent = 'pending'; });
    await page.setInputFiles(q('trace-file'), trace);
    await page.waitForFunction(() => !['pending', 'reading…'].includes(document.querySelector('[data-testid="detected-format"]').textContent));
    assert.equal(await page.textContent(q('detected-format')), 'gavel');
    await setPolicies(page, ['fifo']);
    await runAndWait(page);
    assert.equal(await page.textContent(q('error')), '');
    const row = await page.$eval(`${q('summary')} tr[data-policy="fifo"]`, (tr) => JSON.parse(tr.dataset.json));
    assert.equal(row.completed, 4);
    const items = await page.$$eval(`${q('run-warnings')} li`, (li) => li.map((e) => e.textContent));
    assert.deepEqual(items, ['fifo · msr-small.trace · seed 1: 2 jobs of 2 job types use an estimated multi-GPU throughput (first: msr-small.trace:2)']);
    assert.deepEqual(row.warnings, [items[0].replace(/^fifo · msr-small\.trace · seed 1: /, '')], 'the same text as the summary (the runner\'s JSON)');
    await (await page.$(q('run-warnings'))).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'warnings.png') });
    assert.deepEqual(offsite(b.requests), [], 'requests that left 127.0.0.1');
    assert.deepEqual(b.errors, [], 'console errors');
  } finally {
    await b.close();
  }
});
