// Why jobs wait, on the page: after a run of the built-in workload under fifo and las, a bar per
// run splits its waiting by reason with the summary's shares; clicking a job of the diff table
// opens its timeline, the runner's -explain in the page; hovering the Gantt lists the jobs
// waiting at the time under the pointer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, launch, offsite, q, ready, runAndWait, setPolicies } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shots = join(root, 'build', 'e2e');
mkdirSync(shots, { recursive: true });

test('wait by reason per run, a job\'s timeline on click, waiting jobs on hover', async () => {
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(baseURL);
    await ready(page);
    await setPolicies(page, ['fifo', 'las']);
    await runAndWait(page);
    assert.equal(await page.textContent(q('error')), '');
    // One bar per run, its segments the summary's wait_by_reason.
    for (const policy of ['fifo', 'las']) {
      const sum = await page.$eval(`${q('summary')} tr[data-policy="${policy}"]`, (tr) => JSON.parse(tr.dataset.json));
      const runID = await page.$eval(`${q('summary')} tr[data-policy="${policy}"]`, (tr) => tr.dataset.run);
      const segs = await page.$$eval(`${q('why-shares')} [data-run="${runID}"] .why-seg`,
        (s) => Object.fromEntries(s.map((e) => [e.dataset.class, Number(e.dataset.value)])));
      const want = Object.fromEntries(Object.entries(sum.wait_by_reason).filter(([, v]) => v > 0));
      assert.deepEqual(segs, want, `${policy}: bar segments against the summary`);
    }
    assert.equal(await page.isHidden(q('why-shares-box')), false);
    // A job of the diff table (las shown against fifo): its timeline starts with its submission.
    const las = await page.$eval(`${q('summary')} tr[data-policy="las"]`, (tr) => tr.dataset.run);
    await page.selectOption(q('gantt-run'), las);
    await page.waitForSelector(`${q('diff')} tr[data-job]`);
    const row = await page.$(`${q('diff')} tr[data-job]`);
    const id = await row.getAttribute('data-job');
    await row.click();
    await page.waitForSelector(`${q('why-box')}:not([hidden])`);
    assert.equal(await page.getAttribute(q('why-box'), 'data-job'), id);
    const lines = await page.$$eval(`${q('why-timeline')} li`, (li) => li.map((e) => e.textContent));
    assert.match(lines[0], / · submitted: needs \d+ GPU/);
    // Hovering the middle of the Gantt names a time and the jobs waiting then.
    const gantt = await page.$(q('gantt'));
    await gantt.scrollIntoViewIfNeeded();
    const box = await gantt.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => document.querySelector('[data-testid="gantt-waiting"]').textContent.startsWith('at '));
    await page.screenshot({ path: join(shots, 'why.png'), fullPage: true });
    assert.deepEqual(offsite(b.requests), [], 'requests that left 127.0.0.1');
    assert.deepEqual(b.errors, [], 'console errors');
  } finally {
    await b.close();
  }
});
