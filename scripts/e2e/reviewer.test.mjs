// A reviewer's first ten minutes, at a laptop's 1366×900 and a phone's 390×844: Run in view on
// load and while the form scrolls, the results scrolled into view after Run, a hint where the
// results will be, a shared link offering to run, History's names and links; a generator over the page's 1,000,000 jobs
// refused before Run, a stale error cleared; a worker killed mid-run (a wasm trap, and Go's fatal
// "out of memory") reported as a failed run within 5 s and replaced; the guide and the documents
// the page links served as HTML pages whose links work; no horizontal scroll on the Claims view;
// axe-core finding no serious or critical violation on the Simulator, Figures and Claims views.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, launch, offsite, q, ready } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shots = join(root, 'build', 'e2e');
mkdirSync(shots, { recursive: true });
const require = createRequire(join(root, 'build', 'package.json'));
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const viewports = [{ width: 1366, height: 900 }, { width: 390, height: 844 }];

// The seeds that make the instrumented worker (killHook) die mid-run, each its own way.
const trapSeed = 4242;
const oomSeed = 4343;

// killHook is prepended to static/worker.js. A run of seed trapSeed traps 400 ms after it
// arrives: an import the Go runtime calls all the time throws a WebAssembly.RuntimeError through
// the program, as a trap does. A run of seed oomSeed grows the worker's wasm memory to its maximum
// once the program runs it, so that Go's next heap growth fails with its own "fatal error: out of
// memory" and exit.
const killHook = `
const instantiate = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = (src, imports) => {
  const now = imports.gojs['runtime.nanotime1'];
  imports.gojs['runtime.nanotime1'] = (sp) => {
    if (self.trapAt && performance.now() > self.trapAt) {
      self.trapAt = 0;
      throw new WebAssembly.RuntimeError('unreachable');
    }
    if (self.exhaust && self.wasmMemory) {
      self.exhaust = false;
      const m = self.wasmMemory;
      try { for (;;) m.grow(1024); } catch (err) { /* at the maximum */ }
      go.mem = new DataView(m.buffer);
    }
    return now(sp);
  };
  return instantiate(src, imports);
};
self.addEventListener('message', (e) => {
  if (!e.data || e.data.type !== 'run') return;
  const seed = JSON.parse(e.data.spec).seed;
  if (seed === ${trapSeed}) self.trapAt = performance.now() + 400;
  if (seed === ${oomSeed}) self.exhaust = true; // once the program runs the request
});
`;

// topInView says whether the element's top edge is within the viewport.
function topInView(page, testid) {
  return page.$eval(q(testid), (e) => {
    const r = e.getBoundingClientRect();
    return r.top > -1 && r.top < window.innerHeight && r.height > 0; // scrolled to the top: maybe a subpixel above
  });
}

// axe runs axe-core on the document and returns its serious and critical violations.
async function axe(page) {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

// overflow is how far the document is wider than the viewport (0: no horizontal scroll).
function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

for (const vp of viewports) {
  const tag = `${vp.width}x${vp.height}`;
  test(`reviewer at ${tag}: Run in view, results in view, limits, hints, Claims without horizontal scroll, axe-core clean`, async () => {
    const b = await launch();
    const { page } = b;
    try {
      await page.setViewportSize(vp);
      await page.goto(baseURL);
      await ready(page);
      // On load: Run in view and a hint where the results will be, no empty drop-downs.
      assert.ok(await topInView(page, 'run'), 'Run in view on load');
      assert.ok(await page.isVisible(q('results-hint')), 'the results area says what to do');
      assert.equal(await page.isVisible(q('baseline')), false, 'no empty baseline drop-down');
      assert.equal(await page.isVisible(q('policy-fifo')), true, 'the baselines are open');
      assert.equal(await page.isVisible(q('policy-a-srpt')), false, 'the other families start closed');
      const picked = await page.$$eval(q('family-picked'), (s) => s.map((e) => e.textContent));
      assert.match(picked[0], /^1 of \d+ picked$/, 'the baselines\' header counts fifo');
      assert.ok(picked.slice(1).every((t) => t === ''), `other families pick nothing: ${picked}`);
      assert.deepEqual(await axe(page), [], 'Simulator view on load');
      await page.screenshot({ path: join(shots, `reviewer-${tag}-load.png`) });

      // Scrolled down the form, Run is still in view; after Run the results are.
      await page.$eval(q('seed'), (e) => e.scrollIntoView({ block: 'end' })); // the form's last input
      assert.ok(await topInView(page, 'run'), 'Run in view while the form scrolls');
      await page.$eval(q('run'), (e) => e.click()); // no scrolling by the test itself
      await page.waitForFunction(() => document.body.dataset.done === '1', null, { timeout: 60000 });
      assert.equal(await page.textContent(q('error')), '');
      await page.screenshot({ path: join(shots, `reviewer-${tag}-after-run.png`) });
      assert.ok(await topInView(page, 'results'), 'results in view after Run');
      assert.equal(await page.isVisible(q('results-hint')), false);
      await page.screenshot({ path: join(shots, `reviewer-${tag}-after-run.png`) });
      assert.deepEqual(await axe(page), [], 'Simulator view with results');
      const link = page.url();

      // History: named by policy, workload and seed; compare on the run shown says so; open
      // puts the run's link in the address bar.
      assert.equal(await page.textContent(`${q('history-item')} .name`), 'fifo · philly:jobs=1000,rate=9 · seed 1');
      await page.click(`${q('history-item')} ${q('history-compare')}`);
      await page.waitForFunction(() => /already in the summary/.test(document.querySelector('[data-testid="error"]').textContent));
      await page.evaluate(() => history.replaceState(null, '', '/'));
      await page.click(`${q('history-item')} ${q('history-open')}`);
      await page.waitForFunction(() => location.search !== '');
      assert.equal(page.url(), link, 'the opened run\'s link');
      assert.equal(await page.textContent(q('error')), '', 'open clears the message');

      // The 10,000,000-job generator is refused as it is typed and at Run, before any worker.
      await page.fill(q('workload-gen'), 'philly:jobs=10000000,rate=9');
      assert.match(await page.textContent(q('error')), /10,000,000 jobs; the page runs at most 1,000,000/);
      const t0 = Date.now();
      await page.$eval(q('run'), (e) => e.click());
      await page.waitForFunction(() => document.body.dataset.done === '1', null, { timeout: 2000 });
      assert.ok(Date.now() - t0 < 1000, 'refused at once');
      assert.match(await page.textContent(q('error')), /the page runs at most 1,000,000/);
      await page.fill(q('workload-gen'), 'philly:jobs=1000,rate=9');
      assert.equal(await page.textContent(q('error')), '', 'the limit\'s message goes when the spec is fixed');

      // A bad file's error goes when the generator is chosen again.
      await page.setInputFiles(q('trace-file'), { name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('job_id,submit\nx,y\n') });
      await page.waitForFunction(() => document.querySelector('[data-testid="error"]').textContent !== '', null, { timeout: 20000 });
      await page.click(q('use-generator'));
      assert.equal(await page.textContent(q('error')), '', 'stale error cleared');

      // A shared link in a fresh page: the form is filled, a button offers to run it.
      const other = await b.context.newPage();
      await other.setViewportSize(vp);
      await other.goto(link);
      await ready(other);
      assert.ok(await other.isVisible(q('run-shared')), 'Run this shared run offered');
      assert.equal(await other.isVisible(q('results-hint')), false);
      await other.screenshot({ path: join(shots, `reviewer-${tag}-shared.png`) });
      await other.click(q('run-shared'));
      await other.waitForFunction(() => document.body.dataset.done === '1', null, { timeout: 60000 });
      assert.equal(await other.$$eval(`${q('summary')} tr[data-run]`, (r) => r.length), 1);
      await other.close();

      // The Figures view and, with a stored figure, the Claims view: no horizontal page scroll.
      await page.goto(`${baseURL}?figure=similarity-makespan&seeds=1`);
      await ready(page);
      await page.waitForFunction(() => document.body.dataset.done === '1', null, { timeout: 120000 });
      assert.equal(await page.textContent(q('error')), '');
      assert.deepEqual(await axe(page), [], 'Figures view');
      assert.ok(await overflow(page) <= 0, `Figures view ${await overflow(page)} px wider than the window`);
      await page.screenshot({ path: join(shots, `reviewer-${tag}-figure.png`) });
      await page.click(q('nav-claims'));
      await page.waitForFunction(() => document.querySelector('[data-testid="claims-body"] table[data-figure="similarity-makespan"]'), null, { timeout: 30000 });
      assert.ok(await overflow(page) <= 0, `Claims view ${await overflow(page)} px wider than the window`);
      assert.deepEqual(await axe(page), [], 'Claims view');
      await page.screenshot({ path: join(shots, `reviewer-${tag}-claims.png`) });
    } finally {
      await b.close();
    }
  });
}

test('a worker that dies mid-run (a trap, Go out of memory) fails its run within 5 s and is replaced', async () => {
  const b = await launch();
  const { page } = b;
  try {
    await b.context.route('**/static/worker.js*', async (route) => {
      try {
        const res = await route.fetch();
        await route.fulfill({ response: res, body: killHook + (await res.text()) });
      } catch (e) {
        // A worker that ends while its script loads (the pool's idle spare, started again after
        // each run, or the browser closing) leaves a request nobody waits for; any other failure
        // is the test's.
        if (!/disposed/.test(String(e))) throw e;
      }
    });
    await page.goto(baseURL);
    await ready(page);
    for (const vp of viewports) {
      await page.setViewportSize(vp);
      await page.fill(q('workload-gen'), 'philly:jobs=300000,rate=400');
      for (const [seed, want] of [[trapSeed, /^fifo: the worker stopped: .*unreachable/], [oomSeed, /^fifo: the worker stopped: ran out of memory in the browser$/]]) {
        await page.fill(q('seed'), String(seed));
        const t0 = Date.now();
        await page.$eval(q('run'), (e) => e.click());
        await page.waitForFunction(() => document.body.dataset.done === '1', null, { timeout: 15000 });
        const ms = Date.now() - t0;
        const err = await page.textContent(q('error'));
        assert.match(err, want);
        assert.ok(!err.includes('\n'), 'one line');
        assert.ok(ms < 5000 + 400, `reported ${ms} ms after Run`);
        assert.equal(await page.$$eval(`${q('summary')} tr[data-run]`, (r) => r.length), 0, 'no result');
        assert.ok(await topInView(page, 'error'), `the message in view at ${vp.width}: ${JSON.stringify(await page.$eval(q('error'), (e) => [e.getBoundingClientRect().top, e.getBoundingClientRect().height, scrollY]))}`);
      }
      await page.screenshot({ path: join(shots, `reviewer-${vp.width}x${vp.height}-worker-died.png`) });
      // The next run gets a fresh worker and finishes.
      await page.fill(q('workload-gen'), 'philly:jobs=1000,rate=9');
      await page.fill(q('seed'), '1');
      await page.$eval(q('run'), (e) => e.click());
      await page.waitForFunction(() => document.body.dataset.done === '1', null, { timeout: 60000 });
      assert.equal(await page.textContent(q('error')), '');
      assert.equal(await page.$$eval(`${q('summary')} tr[data-run]`, (r) => r.length), 1);
    }
  } finally {
    await b.close();
  }
});

test('the guide and the documents the page links are HTML pages whose links work', async () => {
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(baseURL);
    await ready(page);
    const links = [await page.getAttribute(q('nav-guide'), 'href'), await page.getAttribute(q('script-doc'), 'href'),
      ...await page.$$eval(q('family-readme'), (as) => as.map((a) => a.getAttribute('href')))];
    assert.equal(links[0], 'static/guide.html');
    for (const vp of viewports) {
      await page.setViewportSize(vp);
      for (const href of links) {
        const url = new URL(href, baseURL);
        const res = await page.goto(url.href);
        assert.equal(res.status(), 200, href);
        assert.match(res.headers()['content-type'], /^text\/html/, href);
        if (url.hash) assert.ok(await page.$(`[id="${url.hash.slice(1)}"]`), `${href}: no element with that id`);
        assert.ok(await overflow(page) <= 0, `${href} at ${vp.width} px: ${await overflow(page)} px of horizontal scroll`);
        if (href !== links[0]) continue;
        const body = await page.textContent('article');
        assert.doesNotMatch(body, /127\.0\.0\.1:8080|appMaxJobs|Validate|schema version/, 'the guide is for users');
        await page.screenshot({ path: join(shots, `reviewer-${vp.width}x${vp.height}-guide.png`) });
        // Every link of the guide works: pages answer 200, anchors name an element of their page.
        const hrefs = await page.$$eval('article a[href]', (as) => as.map((a) => a.href));
        for (const h of hrefs) {
          const u = new URL(h);
          if (u.origin !== new URL(baseURL).origin) continue;
          const r = await page.request.get(u.origin + u.pathname);
          assert.equal(r.status(), 200, `guide link ${h}`);
          if (u.hash) {
            const text = await r.text();
            assert.ok(text.includes(`id="${decodeURIComponent(u.hash.slice(1))}"`), `guide link ${h}: no such anchor`);
          }
        }
      }
    }
  } finally {
    await b.close();
  }
});

test('synergy-physical runs in one click from the authors\' traces served with the page', async () => {
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(`${baseURL}?figure=synergy-physical`);
    await ready(page);
    await page.waitForFunction(() => document.body.dataset.done === '1', null, { timeout: 120000 });
    assert.equal(await page.textContent(q('error')), '');
    assert.match(await page.textContent(q('figure-status')), /^(\d+) of \1 cells · finished/);
    const rows = await page.$$eval(`${q('figure-table')} tr[data-verdict]`, (r) => r.length);
    assert.ok(rows > 0, 'the published values are judged');
    assert.deepEqual(offsite(b.requests), []);
  } finally {
    await b.close();
  }
});
