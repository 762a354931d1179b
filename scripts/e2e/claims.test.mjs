// Browser test of the Claims view: a small figure run in the page and stored, its CSV exported and
// judged by the native runner (-judge FILE.csv -report FILE.html); the Claims view and the
// runner's report list the same claim rows (words, source, ours ± interval, seeds, verdict) and
// the same tallies, and the view's Download report lists them too. The runner's report, opened in
// Chromium, makes no request besides its own file. Figures not run are listed with a button that
// runs them in the Figures view; a figure finishing while the view shows is drawn; stored rows
// that no longer read are named, never a broken page; showing the view again and again leaves
// the count of live js.Funcs flat. FIGURE and
// FIGURE_SEEDS choose the figure (default similarity-makespan on seeds 1-3, about a second).
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
const notRun = 'synergy-fig8'; // a figure the test never runs (clicked, then cancelled at once)

// runnerReport judges csv with the native runner and returns the report's HTML.
function runnerReport(csv) {
  const dir = mkdtempSync(join(tmpdir(), 'schedlab-report-'));
  try {
    const path = join(dir, figure + '.csv');
    const out = join(dir, 'report.html');
    writeFileSync(path, csv);
    execFileSync(runnerBin(), ['-judge', path, '-report', out], { cwd: root, encoding: 'utf8' });
    return readFileSync(out, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// claimsOf reads, under the element matching scope, the figure's claim rows (each row's cells'
// text and its data-verdict) and its figure and paper tallies.
function claimsOf(page, scope) {
  return page.$eval(scope, (box, id) => {
    const text = (el) => (el ? el.textContent.trim() : null);
    const table = box.querySelector(`table[data-figure="${id}"]`);
    const section = table && table.closest('section');
    return {
      rows: table ? [...table.querySelectorAll('tr[data-verdict]')].map((tr) => [...tr.cells].map(text).concat(tr.dataset.verdict)) : [],
      figureTally: text(box.querySelector(`[data-figure-tally="${id}"]`)),
      paperTally: text(section && section.querySelector('[data-paper-tally]')),
    };
  }, figure);
}

// openReport shows html in page as if served from its own address, and returns every URL the
// page asked for while loading it.
async function openReport(page, html) {
  const url = 'http://report.invalid/report.html';
  const requests = [];
  const listen = (r) => requests.push(r.url());
  page.on('request', listen);
  await page.route('**/*', (route) => (route.request().url() === url
    ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
    : route.abort()));
  await page.goto(url);
  await page.waitForLoadState('load');
  page.off('request', listen);
  return requests;
}

test('claims: the Claims view and the runner\'s -report list the same rows; the report makes no request', async () => {
  const b = await launch();
  const { page } = b;
  try {
    // 1. Run the figure in the page (it is stored as it runs) and judge its CSV with the runner.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseURL}?figure=${figure}&seeds=${seeds}`);
    await ready(page);
    await page.waitForFunction(() => document.body.dataset.done === '1', null, { timeout: 180000 });
    assert.equal(await page.textContent(q('error')), '', 'no error');
    const csv = await downloadText(page, 'figure-csv');
    const html = runnerReport(csv);
    assert.doesNotMatch(html, /<script|<link|<img|<iframe|\bsrc=|\bhref=|url\(|@import/i, 'the report names nothing to load');

    // 2. The Claims view lists the figure's claims as the runner's report does.
    const live = () => page.evaluate(() => window.schedlabLiveHandlers());
    const showClaims = async () => {
      await page.click(q('nav-claims'));
      await page.waitForFunction(() => document.querySelector('[data-testid="claims-view"]').dataset.loaded === '1', null, { timeout: 30000 });
    };
    await showClaims();
    assert.ok(await page.isVisible(q('claims-view')), 'the Claims view is shown');
    assert.equal(await page.isVisible(q('figures-view')), false, 'the Figures view is hidden');
    const view = await claimsOf(page, q('claims-body'));
    assert.ok(view.rows.length > 0, 'the view lists the figure\'s claims');
    for (const r of view.rows) {
      assert.equal(r.length, 7, `a row: claim, source, ours, seeds, verdict, published value and why, data-verdict (${r})`);
      assert.equal(r[3], seeds, 'each claim names its seeds');
      assert.equal(r[4], r[6], 'the verdict cell is the row\'s data-verdict');
      assert.match(r[4], /^(agrees|disagrees|direction holds|direction fails|trend holds|trend fails|inconclusive|shown, not judged|refused|no data)$/, 'a verdict');
      assert.match(r[0], /^(shown, )?(paper: number|paper: words|authors' code|our set-up|our check): /, 'each claim names its kind of evidence');
    }
    assert.match(view.figureTally, /^Tally: (paper: number|paper: words|authors' code|our set-up|our check): \d+ judged: /, 'the figure\'s tally, kind by kind');
    assert.match(view.paperTally, /^(paper: number|paper: words|authors' code|our set-up|our check): \d+ judged: /, 'the paper\'s tally, kind by kind');
    assert.match(await page.textContent(q('claims-body')), /Program version the page's build of commit [0-9a-f]{12}/, 'the program version');
    const notRunItem = `${q('claims-body')} li[data-not-run="${notRun}"]`;
    assert.ok(await page.isVisible(notRunItem), `${notRun} listed as not run`);
    assert.equal(await page.$(`${q('claims-body')} li[data-not-run="${figure}"]`), null, `${figure} is not listed as not run`);
    await page.screenshot({ path: join(shots, 'claims-view.png') });

    // 3. Showing the view again and again makes no js.Func that stays.
    const before = await live();
    for (let i = 0; i < 10; i++) {
      await page.click(q('nav-figures'));
      await showClaims();
    }
    assert.equal(await live(), before, 'live handlers after showing the view ten more times');

    // 4. Download report: the same rows again, in one self-contained file.
    const downloaded = await downloadText(page, 'claims-download');
    assert.doesNotMatch(downloaded, /<script|<link|\bsrc=|\bhref=|data-run-figure/i, 'the downloaded report names nothing to load and runs nothing');

    // 5. Bad stored rows are named, and the good figure still shows.
    await page.evaluate(() => new Promise((resolve, reject) => {
      const open = indexedDB.open('schedlab');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const txn = open.result.transaction('figures', 'readwrite');
        const st = txn.objectStore('figures');
        st.put(JSON.stringify({ key: 'similarity-makespan|9|', figure: 'similarity-makespan', seeds: '9', cells: 3, done: 3, created: 1, csv: 'figure,x\nnot,a,figure,csv' }), 'similarity-makespan|9|');
        st.put(JSON.stringify({ key: 'no-such-figure|1|', figure: 'no-such-figure', seeds: '1', cells: 1, done: 1, created: 2, csv: '' }), 'no-such-figure|1|');
        st.put('{ not json', 'broken|1|');
        txn.oncomplete = () => { open.result.close(); resolve(); };
        txn.onerror = () => reject(txn.error);
      };
    }));
    await page.click(q('nav-figures'));
    await showClaims();
    const problems = await page.$$eval(`${q('claims-body')} [data-problem]`, (ps) => ps.map((p) => p.textContent));
    assert.equal(problems.length, 2, `two stored runs named: ${problems}`);
    assert.ok(problems.some((p) => p.includes('similarity-makespan') && /run it again/.test(p)), `the unreadable rows named: ${problems}`);
    assert.ok(problems.some((p) => p.includes('"no-such-figure"')), `the unknown figure named: ${problems}`);
    assert.match(await page.textContent(q('claims-status')), /2 stored run\(s\) could not be read/, 'the status says so');
    assert.deepEqual(await claimsOf(page, q('claims-body')), view, 'the good run still shows, unchanged');

    // 6. A figure not run: its button opens it in the Figures view and runs it (cancelled here).
    await page.click(`${notRunItem} button[data-run-figure]`);
    await page.waitForFunction((id) => document.querySelector('[data-testid="fig-title"]').textContent.includes(`(${id})`), notRun, { timeout: 30000 });
    assert.ok(await page.isVisible(q('figures-view')), 'the Figures view is shown');
    await page.click(q('figure-cancel'));

    // 7. A figure that finishes while the view shows is drawn without showing it again: the
    // latest finished run of a figure is the one judged.
    await page.goto(`${baseURL}?figure=${figure}&seeds=4-15`);
    await ready(page);
    await showClaims();
    const running = await page.evaluate(() => document.body.dataset.done !== '1');
    await page.waitForFunction((id) => {
      const td = document.querySelector(`[data-testid="claims-body"] table[data-figure="${id}"] tr[data-verdict] td:nth-child(4)`);
      return td && td.textContent === '4-15';
    }, figure, { timeout: 120000 });
    console.log(`# the view redrew a figure finishing behind it${running ? '' : ' (it had finished before the view showed)'}`);
    assert.deepEqual(offsite(b.requests), [], 'requests that left 127.0.0.1');
    assert.deepEqual(b.errors, [], 'console errors');

    // 8. The runner's report and the downloaded one, opened in Chromium: the view's rows, and
    // no request besides the file itself.
    for (const [name, doc] of [['runner', html], ['download', downloaded]]) {
      const p = await b.context.newPage();
      const errors = [];
      p.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      const requests = await openReport(p, doc);
      assert.deepEqual(requests, ['http://report.invalid/report.html'], `${name} report: requests besides its own file`);
      assert.deepEqual(errors, [], `${name} report: console errors (a blocked load would show here)`);
      assert.deepEqual(await claimsOf(p, 'body'), view, `${name} report = the Claims view (rows, figure and paper tallies)`);
      if (name === 'runner') await p.screenshot({ path: join(shots, 'claims-report.png'), fullPage: true });
      await p.close();
    }
  } finally {
    await b.close();
  }
});
