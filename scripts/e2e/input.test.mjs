// Browser tests of input the page must refuse before any worker starts, each with a message that
// names what to fix: a file read in the wrong format (kept, re-read when the format changes), a
// seed that is not an integer, parameters for no policy or of the wrong type, a link whose trace
// file has not been chosen, and a workload error shown once for all policies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, launch, offsite, q, ready, runAndWait, setPolicies } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const small = join(root, 'testdata', 'trace_small.csv');

const error = (page) => page.textContent(q('error'));
const runs = (page) => page.$$eval(`${q('summary')} tr[data-run]`, (rs) => rs.length);

test('input refused before Run starts any worker, naming what to fix', async () => {
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(baseURL);
    await ready(page);
    await setPolicies(page, ['fifo', 'srtf']);

    // A file read in the wrong format stays chosen; Run refuses it; the right format re-reads it.
    await page.setInputFiles(q('trace-file'), small);
    await page.waitForFunction(() => document.querySelector('[data-testid="detected-format"]').textContent === 'itp');
    await page.selectOption(q('trace-format'), 'gavel');
    await page.waitForFunction(() => document.querySelector('[data-testid="error"]').textContent.includes('trace_small.csv:'));
    assert.match(await page.textContent('#workload'), /trace_small\.csv \(not loaded/);
    await runAndWait(page);
    assert.match(await error(page), /^trace_small\.csv:\d+: .* — choose another format or file, or click "use generator"$/);
    assert.equal(await runs(page), 0, 'no run from a file that did not load');
    await page.selectOption(q('trace-format'), '');
    await page.waitForFunction(() => document.querySelector('[data-testid="detected-format"]').textContent === 'itp');
    assert.equal(await error(page), '');
    await runAndWait(page);
    assert.equal(await error(page), '');
    assert.equal(await runs(page), 2);
    await page.click('#use-generator');

    // The seed must be a non-negative integer (a number input also takes 1.5 and 1e3).
    for (const seed of ['1.5', '1e3', '-2']) {
      await page.fill(q('seed'), seed);
      await runAndWait(page);
      assert.equal(await error(page), `seed: want a non-negative integer, got "${seed}"`);
    }
    await page.fill(q('seed'), '1');

    // Parameters the live check flags are refused by Run too, in words, not Go types.
    for (const [params, want] of [
      ['{"nosuch": {}}', 'policy parameters: "nosuch" is not a policy'],
      ['{"fifo": {"placement": 5}}', 'policy parameters: policy fifo: params: placement: want a string, got a JSON number'],
      ['{"las": {"thresholds_gpu_s": "3600"}}', 'policy parameters: policy las: params: thresholds_gpu_s: want a list of numbers, got a JSON string'],
    ]) {
      await page.fill(q('params'), params);
      await runAndWait(page);
      assert.equal(await error(page), want);
    }
    await page.fill(q('params'), '');

    // A workload error fails every policy alike: said once, naming them all.
    await page.fill('#workload-gen', 'philly:jobs=0');
    assert.equal(await page.textContent('#workload'), 'generator: philly:jobs=0', 'the label follows the field');
    await runAndWait(page);
    assert.match(await error(page), /^fifo, srtf: gen: "philly:jobs=0": jobs: /);

    // A link to a trace, with or without its hash, waits for the file instead of running the generator.
    for (const link of ['?trace=foo.csv&cluster=16x8&policies=fifo&seed=1', '?trace=foo.csv&sha256=abc&cluster=16x8&policies=fifo&seed=1']) {
      await page.goto(baseURL + link);
      await ready(page);
      const want = link.includes('sha256') ? 'this link needs the trace file foo.csv (sha256 abc): choose it with the file picker'
        : 'this link needs the trace file foo.csv: choose it with the file picker';
      assert.equal(await error(page), want);
      await runAndWait(page);
      assert.equal(await error(page), want);
      assert.equal(await runs(page), 0);
    }
    await page.goto(baseURL + '?generate=philly:jobs=10&cluster=16x8&policies=nosuch,fifo&seed=1&format=zip');
    await ready(page);
    assert.match(await error(page), /url: (policies: "nosuch" is not a policy|format: "zip" is not a trace format)/);

    assert.deepEqual(offsite(b.requests), [], 'requests that left 127.0.0.1');
    assert.deepEqual(b.errors, [], 'console errors');
  } finally {
    await b.close();
  }
});
