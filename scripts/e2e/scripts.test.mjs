// Browser tests of "Your policy": policies written as Starlark scripts in the page. Check runs in
// the scripting worker (script.wasm): a good script passes, a bad one is reported at its line,
// and hostile scripts (an endless loop, deep recursion, a huge list, a bad return value, a syntax
// error, a start on busy GPUs) each end with "file:line: …" within 2 s while the page's own
// thread stays free; the runs and figures saved before are all still there. A saved script
// survives a reload; a run with it, reopened from the history and followed from its link in
// another browser, reruns to the same summary. A scripted policy added to synergy-fig8 gives the
// runner's CSV (-policy-file) byte for byte. scripts/e2e.sh serves build/site and passes BASE_URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, downloadText, launch, q, ready, runAndWait, runnerBin, setPolicies } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// mine is a small policy of our own: fewest GPUs first, then arrival.
const mine = `name = "mine"

def priority(job, s):
    return (job.gpus, job.submit)
`;

// hostile scripts and the line each must be reported at.
const hostile = [
  { name: 'endless loop', line: 4, src: 'def schedule(s):\n    n = 0\n    while True:\n        n += 1\n' },
  { name: 'deep recursion', line: 2, src: 'def f(n):\n    return f(n + 1)\n\ndef schedule(s):\n    f(0)\n' },
  { name: 'huge list', line: 2, src: 'def schedule(s):\n    x = [0] * 1000000000\n' },
  { name: 'bad return value', line: 2, src: '# a dict is not an order\ndef schedule(s):\n    return {"a": 1}\n' },
  { name: 'syntax error', line: 1, src: 'def schedule(s)\n    return s.queue\n' }, // the line without its colon
  { name: 'start on busy GPUs', line: 3, src: 'def schedule(s):\n    for j in s.queue:\n        s.start(j, gpus=list(range(j.gpus)))\n' },
];

const openPanel = async (page) => {
  await page.click(`${q('script-panel')} > summary`);
  await page.waitForFunction(() => Number(document.body.dataset.scriptExamples) >= 3, null, { timeout: 60000 });
};

// check puts file and src in the editor, clicks Check and returns the status, the error, the
// marked line and the check's time in the page (click to answer, ms).
async function check(page, file, src, button = 'script-check') {
  await page.fill(q('script-file'), file);
  await page.fill(q('script-source'), src);
  await page.evaluate(() => delete document.body.dataset.scriptChecked);
  await page.click(q(button));
  await page.waitForFunction(() => document.body.dataset.scriptChecked === '1', null, { timeout: 20000 });
  return page.evaluate(() => ({
    status: document.querySelector('[data-testid="script-status"]').textContent,
    error: document.querySelector('[data-testid="script-error"]').textContent,
    line: document.querySelector('[data-testid="script-editor"]').dataset.errorLine || '',
    bad: [...document.querySelectorAll('[data-testid="script-lines"] .bad')].map((e) => e.dataset.line),
    ms: Number(document.body.dataset.scriptCheckMs),
  }));
}

const summary = (page) => page.textContent(q('summary'));
const done = (page, timeout) => page.waitForFunction(() => document.body.dataset.done === '1', null, { timeout });

test('your policy: examples, a good and a bad script, hostile scripts end at their line within 2 s, saved work survives', async (t) => {
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(baseURL);
    await ready(page);
    // Saved work before any script: a run and a small figure.
    await page.fill(q('workload-gen'), 'philly:jobs=30,rate=9');
    await setPolicies(page, ['fifo']);
    await runAndWait(page);
    assert.equal(await page.textContent(q('error')), '');
    await page.goto(`${baseURL}?figure=baselines-smoke&seeds=1`);
    await ready(page);
    await done(page, 120000);
    await page.goto(baseURL);
    await ready(page);
    const runs = await page.locator(q('history-item')).count();
    const figs = await page.locator(q('history-figure')).count();
    assert.ok(runs >= 1 && figs >= 1, `saved before: ${runs} run(s), ${figs} figure(s)`);

    // The panel fetches nothing until opened; then the editor holds the first example.
    await openPanel(page);
    assert.equal(await page.inputValue(q('script-file')), 'fifo.star');
    assert.match(await page.inputValue(q('script-source')), /def (priority|schedule)/);
    const lines = await page.locator(`${q('script-lines')} span`).count();
    assert.equal(lines, (await page.inputValue(q('script-source'))).split('\n').length, 'one line number per line');

    let r = await check(page, 'mine.star', mine);
    assert.equal(r.error, '');
    assert.match(r.status, /good — policy "mine"/);
    t.diagnostic(`good script checked in ${r.ms} ms (the scripting worker was started by the examples)`);

    r = await check(page, 'bad.star', 'def priority(job, s):\n    return job.gpus +\n');
    assert.match(r.error, /^bad\.star:2: /, 'a syntax error names file and line');
    assert.equal(r.line, '2');
    assert.deepEqual(r.bad, ['2'], 'the gutter marks line 2');

    // Hostile scripts: each ends at its line within 2 s, and the page's thread stays free (a
    // 20 ms interval in the page never waits long); the checks leave no handler behind.
    const live = () => page.evaluate(() => window.schedlabLiveHandlers());
    const liveBefore = await live();
    for (const h of hostile) {
      await page.evaluate(() => {
        window.gapMax = 0;
        let last = performance.now();
        window.gapTimer = setInterval(() => {
          const now = performance.now();
          window.gapMax = Math.max(window.gapMax, now - last);
          last = now;
        }, 20);
      });
      const t0 = Date.now();
      r = await check(page, 'hostile.star', h.src);
      const wall = Date.now() - t0;
      const gap = await page.evaluate(() => {
        clearInterval(window.gapTimer);
        return window.gapMax;
      });
      t.diagnostic(`${h.name}: "${r.error}" after ${r.ms} ms in the page (${wall} ms from the test); longest pause of the page's thread ${gap.toFixed(0)} ms`);
      assert.match(r.error, new RegExp(`^hostile\\.star:${h.line}: `), `${h.name}: file:line`);
      assert.equal(r.line, String(h.line), `${h.name}: the marked line`);
      assert.ok(r.ms < 2000, `${h.name}: ${r.ms} ms, want < 2 s`);
      assert.ok(gap < 500, `${h.name}: the page's thread paused ${gap} ms`);
    }
    assert.equal(await live(), liveBefore, 'live handlers after the checks');
    // The page still answers clicks, and still runs.
    await runAndWait(page);
    assert.equal(await page.textContent(q('error')), '');

    // Nothing saved before is lost, after a reload too.
    await page.reload();
    await ready(page);
    assert.ok((await page.locator(q('history-item')).count()) >= runs + 1, 'the saved runs (and the new one) are listed');
    assert.equal(await page.locator(q('history-figure')).count(), figs, 'the saved figures are listed');
    assert.deepEqual(b.errors, [], 'no page errors');
  } finally {
    await b.close();
  }
});

test('your policy: saved across a reload; a scripted run reruns identically from the history and from its link', async (t) => {
  const b = await launch();
  const { page } = b;
  let link, want;
  try {
    await page.goto(baseURL);
    await ready(page);
    await openPanel(page);
    const r = await check(page, 'mine.star', mine, 'script-save');
    assert.equal(r.error, '');
    await page.waitForSelector(q('policy-mine'));
    await page.reload();
    await ready(page);
    await page.waitForSelector(`${q('script-item')}[data-script="mine"]`, { state: 'attached' });
    await page.waitForSelector(q('policy-mine'));

    await page.fill(q('workload-gen'), 'philly:jobs=200,rate=9');
    await setPolicies(page, ['fifo', 'mine']);
    await runAndWait(page);
    assert.equal(await page.textContent(q('error')), '');
    want = await summary(page);
    assert.match(want, /mine/);
    await page.waitForFunction(() => document.querySelector('[data-testid="share-note"]').textContent !== '');
    link = page.url();
    assert.match(link, /[?&]script=/, 'the link carries the script');
    const note = await page.textContent(q('share-note'));
    assert.match(note, /This page's link contains your script \(mine: \d+ characters compressed, up to \d+\)/);
    t.diagnostic(`link: ${link.length} characters; note: ${note}`);

    // The saved script changes (largest jobs first); reopened from the history, the run brings
    // back the script it ran and reruns identically.
    await page.click(`${q('script-panel')} > summary`);
    assert.equal((await check(page, 'mine.star', mine.replace('(job.gpus, job.submit)', '(-job.gpus, job.submit)'), 'script-save')).error, '');
    await page.waitForFunction(() => /saved/.test(document.querySelector('[data-testid="script-status"]').textContent));
    await runAndWait(page);
    assert.notEqual(await summary(page), want, 'the changed script schedules differently');
    const row = page.locator(`${q('history-item')}:has-text("mine ·")`).last(); // the oldest: the history lists newest first
    await row.locator(q('history-open')).click();
    await page.waitForSelector(`${q('script-item')}[data-script="mine"]:has-text("from a reopened run")`);
    await page.waitForFunction(() => document.querySelector('[data-testid="policy-mine"]')?.checked);
    await runAndWait(page);
    assert.equal(await summary(page), want, 'reopened from the history, the run reruns identically');

    // The sweep export: the file names the built-ins, the script downloads beside it, and the
    // runner runs the sweep with it as one more series.
    await setPolicies(page, ['fifo', 'mine']);
    const files = {};
    const got = new Promise((resolve) => {
      page.on('download', async (dl) => {
        files[dl.suggestedFilename()] = readFileSync(await dl.path(), 'utf8');
        if (Object.keys(files).length === 2) resolve();
      });
    });
    await page.click('details.beyond > summary');
    await page.click(q('export-sweep'));
    await got;
    assert.deepEqual(Object.keys(files).sort(), ['mine.star', 'schedlab-sweep.json']);
    assert.equal(files['mine.star'], mine, 'the script as the run used it');
    assert.doesNotMatch(files['schedlab-sweep.json'], /"mine"/);
    assert.match(await page.textContent(q('sweep-note')), /-policy-file mine\.star/);
    const dir = mkdtempSync(join(tmpdir(), 'schedlab-sweep-'));
    try {
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      execFileSync(runnerBin(), ['-sweep', join(dir, 'schedlab-sweep.json'), '-policy-file', join(dir, 'mine.star'), '-j', '1',
        '-figure-out', join(dir, 'out.csv')], { cwd: root });
      assert.match(readFileSync(join(dir, 'out.csv'), 'utf8'), /,mine,/, 'the runner ran the script as a series');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // A script too long for a link: the note says so, and the link carries none.
    let x = 1; // Park and Miller's generator: products stay exact in a double
    const random = Array.from({ length: 9000 }, () => { x = (x * 48271) % 2147483647; return 'abcdefghijklmnopqrstuvwxyz'[x % 26]; }).join('');
    const big = `name = "big"\n# ${random}\ndef priority(job, s):\n    return job.submit\n`;
    assert.equal((await check(page, 'big.star', big, 'script-save')).error, '');
    await page.waitForSelector(q('policy-big'));
    await setPolicies(page, ['big']);
    await runAndWait(page);
    await page.waitForFunction(() => document.querySelector('[data-testid="share-note"]').textContent !== '');
    assert.match(await page.textContent(q('share-note')), /This link does not contain your script: the scripts need \d+ characters compressed, more than a link may carry \(6000\)/);
    assert.doesNotMatch(page.url(), /script=/);
  } finally {
    await b.close();
  }
  // The link in another browser, which has no saved script: the same summary.
  const o = await launch();
  try {
    await o.page.goto(link);
    await ready(o.page);
    assert.ok(await o.page.isChecked(q('policy-mine')), 'the link offers and ticks its script');
    await runAndWait(o.page);
    assert.equal(await o.page.textContent(q('error')), '');
    assert.equal(await summary(o.page), want, 'followed from its link, the run reruns identically');
  } finally {
    await o.close();
  }
});

test('your policy: a script added to synergy-fig8 gives the runner\'s CSV (-policy-file)', async (t) => {
  const src = readFileSync(join(root, 'policies/script/examples/sjf.star'), 'utf8');
  const dir = mkdtempSync(join(tmpdir(), 'schedlab-script-'));
  let want;
  try {
    const file = join(dir, 'sjf.star');
    writeFileSync(file, src);
    const out = join(dir, 'fig.csv');
    execFileSync(runnerBin(), ['-figure', 'synergy-fig8', '-seeds', '42', '-j', '1', '-policy-file', file, '-figure-out', out], { cwd: root });
    want = readFileSync(out, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.match(want, /sjf-script/);
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(baseURL);
    await ready(page);
    await openPanel(page);
    assert.equal((await check(page, 'sjf.star', src, 'script-save')).error, '');
    await page.click(q('nav-figures'));
    await page.check(q('figure-script-sjf-script'));
    await page.click(q('figure-open-synergy-fig8'));
    // Opening runs the figure's default seeds: stop that, choose seed 42 and run.
    await page.click(q('figure-cancel'));
    await page.fill(q('figure-seeds'), '42');
    const t0 = Date.now();
    await page.click(q('figure-run'));
    await page.waitForFunction(() => /finished/.test(document.querySelector('[data-testid="figure-status"]').textContent), null, { timeout: 300000 });
    t.diagnostic(`synergy-fig8 with sjf-script, seed 42: ${((Date.now() - t0) / 1000).toFixed(1)} s in the page`);
    assert.equal(await page.textContent(q('error')), '');
    assert.equal(await downloadText(page, 'figure-csv'), want, 'page CSV = runner -figure synergy-fig8 -policy-file sjf.star');
  } finally {
    await b.close();
  }
});

test('your policy: a scripting worker that never answers is stopped after the timeout and replaced', async () => {
  const b = await launch();
  const { page } = b;
  // A stand-in for the scripting worker: it lists examples, then spins forever on a check, as a
  // Go runtime stuck outside the interpreter's limits would.
  const stuck = `self.onmessage = (e) => {
    const m = e.data;
    if (m.type === 'examples') {
      const src = 'def priority(job, s):\\n    return 0\\n';
      self.postMessage({ type: 'reply', req: m.req, files: ['examples/a.star', 'examples/b.star', 'examples/c.star'], sources: [src, src, src] });
    }
    if (m.type === 'check') for (;;) {}
  };`;
  try {
    await page.route('**/static/worker.js?bin=script', (route) => route.fulfill({ contentType: 'text/javascript', body: stuck }));
    await page.goto(baseURL);
    await ready(page);
    await openPanel(page);
    const t0 = Date.now();
    await page.fill(q('script-source'), mine);
    await page.click(q('script-check'));
    await page.waitForTimeout(1000);
    const echo = await page.evaluate(() => { const t = performance.now(); return new Promise((r) => setTimeout(() => r(performance.now() - t), 0)); });
    assert.ok(echo < 200, `the page answers while the worker spins (${echo} ms)`);
    await page.waitForFunction(() => document.body.dataset.scriptChecked === '1', null, { timeout: 20000 });
    const waited = Date.now() - t0;
    assert.match(await page.textContent(q('script-error')), /no answer within 5 s: the worker was stopped and will be replaced/);
    assert.ok(waited >= 4500 && waited < 10000, `failed after ${waited} ms`);
    // The next check gets a fresh worker: the real one.
    await page.unroute('**/static/worker.js?bin=script');
    const r = await check(page, 'mine.star', mine);
    assert.equal(r.error, '');
    assert.match(r.status, /good/);
  } finally {
    await b.close();
  }
});
