// Browser tests of a run shown before it is saved: the page shows a run from its worker's first
// answers while the worker saves it, says so in the status line, lists it in the history once it
// is saved, and keeps a run whose save failed shown and exportable. scripts/e2e.sh passes BASE_URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, downloadText, launch, q, ready, runAndWait, setPolicies } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shots = join(root, 'build', 'e2e');
mkdirSync(shots, { recursive: true });

const done = (page) => page.waitForFunction(() => document.body.dataset.done === '1', null, { timeout: 60000 });
const historyItems = (page) => page.locator(q('history-item')).count();

test('a run is shown while its worker still saves it; the history gains it once saved', async (t) => {
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(baseURL);
    await ready(page);
    // Hold the saved runs' store in a read-write transaction of the page's own: the worker's
    // save waits behind it until it is released.
    await page.evaluate(() => new Promise((resolve, reject) => {
      const req = indexedDB.open('schedlab');
      req.onerror = () => reject(req.error);
      req.onsuccess = () => {
        const db = req.result;
        const runs = db.transaction(['runs'], 'readwrite').objectStore('runs');
        const spin = () => {
          if (!window.releaseSave) runs.get('none').onsuccess = spin;
        };
        spin();
        runs.transaction.oncomplete = () => db.close();
        resolve();
      };
    }));
    await setPolicies(page, ['fifo', 'srtf']);
    await page.click(q('run'));
    await done(page);
    // Shown: both summary rows, the Gantt every interval (from the record, sent before the save),
    // the CDF — and not yet saved, said so.
    assert.equal(await page.locator(`${q('summary')} tr[data-run]`).count(), 2, 'summary rows');
    assert.equal(await page.getAttribute(q('gantt'), 'data-detail'), 'true');
    assert.ok(Number(await page.getAttribute(q('gantt'), 'data-drawn')) > 0, 'Gantt items drawn');
    assert.equal(await page.getAttribute('body', 'data-saved'), null, 'body[data-saved] while saving');
    assert.equal(await page.getAttribute('body', 'data-saving'), '2');
    assert.ok(await page.isVisible(q('run-status')), 'the status line while saving');
    const status = await page.textContent(q('run-status'));
    t.diagnostic('status: ' + status);
    assert.match(status, /saving the fifo run in the history/);
    assert.match(status, /saving the srtf run in the history/);
    assert.equal(await historyItems(page), 0, 'no history entry before the save');
    // The record is there for what needs it meanwhile: the per-job CSV exports.
    const csv = await downloadText(page, 'export-csv');
    assert.equal(csv.trim().split('\n').length, 1 + 2 * 1000, 'per-job CSV rows of both runs');
    await page.screenshot({ path: join(shots, 'save-pending.png') });
    // A new click does not stop the workers saving the runs already shown: its own runs wait for
    // them, and every run reaches the history.
    await page.click(q('run'));
    await page.evaluate(() => { window.releaseSave = true; });
    await page.waitForFunction(() => document.body.dataset.done === '1' && document.body.dataset.saved === '1', null, { timeout: 60000 });
    assert.equal(await historyItems(page), 4, 'the four runs of the two clicks in the history once saved');
    assert.equal(await page.isVisible(q('run-status')), false, 'no status once saved');
    assert.equal(await page.textContent(q('error')), '');
    assert.deepEqual(b.errors, [], 'console errors');
  } finally {
    await b.close();
  }
});

test('a failed save is said, and the run stays shown and exportable', async (t) => {
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(baseURL);
    await ready(page);
    const cdp = await b.context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL).origin, quotaSize: 1 });
    await setPolicies(page, ['fifo']);
    await runAndWait(page);
    const msg = await page.textContent(q('error'));
    t.diagnostic('error line: ' + msg);
    assert.match(msg, /^fifo · philly:jobs=1000,rate=9 · seed 1: not saved: .*quota exceeded/);
    assert.equal(await page.locator(`${q('summary')} tr[data-run]`).count(), 1, 'the run stays shown');
    assert.equal(await historyItems(page), 0, 'a run not saved is not in the history');
    assert.equal(await page.isVisible(q('run-status')), false, 'no status once the save has failed');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(shots, '16-quota.png') });
    const csv = await downloadText(page, 'export-csv');
    assert.equal(csv.trim().split('\n').length, 1 + 1000, 'per-job CSV rows');
  } finally {
    await b.close();
  }
});
