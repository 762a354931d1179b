// The run pool's spare worker (wasm/pool Options.Spare): once the page is idle after its load, a
// started worker waits for the next click (body[data-ready-workers]), so that Run only posts its
// request; the click takes it and the next spare starts once the runs are saved. A worker that
// cannot start is still said at Run, and a run works after a failed start and after Cancel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseURL, launch, q, ready, runAndWait, setPolicies } from './browser.mjs';

const spareUp = (page) => page.waitForFunction(() => document.body.dataset.readyWorkers === '1', null, { timeout: 30000 });

// phase is one of the last run's steps (body[data-last-run-phases], ms).
const phase = async (page, k) => JSON.parse(await page.getAttribute('body', 'data-last-run-phases'))[k];

test('a started worker waits for Run; runs work after a failed start and after Cancel', async (t) => {
  const b = await launch();
  const { page } = b;
  try {
    // No worker binary: the spare started at load fails without a word, and Run says why.
    await b.context.route('**/worker.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto(baseURL);
    await ready(page);
    await setPolicies(page, ['fifo']);
    await page.fill(q('workload-gen'), 'philly:jobs=200,rate=9');
    await page.waitForTimeout(1500); // the spare's start has been tried and failed
    assert.notEqual(await page.getAttribute('body', 'data-ready-workers'), '1', 'no worker is ready without its binary');
    await runAndWait(page);
    assert.match(await page.textContent(q('error')), /^fifo: worker failed to start: /);
    assert.equal(await page.$$eval(`${q('summary')} tr[data-run]`, (r) => r.length), 0, 'no result');

    // The binary is back: the next Run works, and a spare is up for the click after it.
    await b.context.unroute('**/worker.wasm');
    await runAndWait(page);
    assert.equal(await page.textContent(q('error')), '');
    assert.equal(await page.$$eval(`${q('summary')} tr[data-run]`, (r) => r.length), 1);
    await spareUp(page);

    // The click takes the spare: it has no start-up to wait for.
    await runAndWait(page);
    assert.equal(await page.textContent(q('error')), '');
    const start = await phase(page, 'worker_start');
    t.diagnostic(`worker_start with the spare: ${start.toFixed(1)} ms`);
    assert.ok(start < 100, `worker_start ${start} ms: the click's worker was already started`);
    await spareUp(page);

    // Cancel stops the run's worker; the spare is up again and the next Run works.
    await page.fill(q('workload-gen'), 'philly:jobs=300000,rate=400');
    await page.click(q('run'));
    await page.waitForTimeout(300);
    await page.click(q('cancel'));
    await page.waitForFunction(() => document.body.dataset.done === '1');
    assert.match(await page.textContent(q('error')), /cancelled/);
    await spareUp(page);
    await page.fill(q('workload-gen'), 'philly:jobs=200,rate=9');
    await runAndWait(page);
    assert.equal(await page.textContent(q('error')), '');
    assert.equal(await page.$$eval(`${q('summary')} tr[data-run]`, (r) => r.length), 1);
  } finally {
    await b.close();
  }
});
