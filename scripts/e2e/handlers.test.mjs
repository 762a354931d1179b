// Handler leaks: every js.Func the page makes (event listeners, worker listeners, the Gantt's
// callbacks) is counted (window.schedlabLiveHandlers) and released when its element or worker
// goes. A hundred runs in a row — each starting a worker, refilling the summary, the Gantt and
// the history's rows — must leave the count where the first run left it, counted once the run
// pool's spare worker for the next click is up again (body[data-ready-workers]).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseURL, launch, q, ready, runAndWait, setPolicies } from './browser.mjs';

test('a hundred runs in a row leave the count of live handlers flat', async (t) => {
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(baseURL);
    await ready(page);
    await page.fill(q('workload-gen'), 'philly:jobs=20,rate=9');
    await setPolicies(page, ['fifo']);
    const live = async () => {
      await page.waitForFunction(() => document.body.dataset.readyWorkers === '1', null, { timeout: 30000 });
      return page.evaluate(() => window.schedlabLiveHandlers());
    };
    await runAndWait(page);
    assert.equal(await page.textContent(q('error')), '');
    const first = await live();
    const counts = [];
    for (let i = 0; i < 100; i++) {
      await runAndWait(page);
      counts.push(await live());
    }
    t.diagnostic(`live handlers after run 1: ${first}; after runs 2-101: min ${Math.min(...counts)}, max ${Math.max(...counts)}`);
    assert.equal(await page.textContent(q('error')), '');
    assert.equal(await page.locator(`${q('history')} li`).count(), 101, 'every run is in the history');
    assert.deepEqual(counts, counts.map(() => first), 'live handlers after each run');
  } finally {
    await b.close();
  }
});
