// IASP + IAPP training time inside Chromium (the target: < 2 s of training in the browser):
// core/learn's wasm test binary runs in the page through scripts/e2e/wasmtest (as the store tests
// do) and its timing lines are reported as diagnostics — logged, not asserted, since a shared
// machine's timings are no pass/fail criterion. scripts/e2e.sh passes BASE_URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, launch } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('IASP + IAPP train inside Chromium (wasm test binary of core/learn)', async (t) => {
  const dir = join(root, 'build', 'site', '_test');
  mkdirSync(dir, { recursive: true });
  for (const f of ['index.html', 'run.js']) copyFileSync(join(root, 'scripts', 'e2e', 'wasmtest', f), join(dir, f));
  execFileSync('go', ['test', '-c', '-o', join(dir, 'learn.test.wasm'), './core/learn'], {
    cwd: root, env: { ...process.env, GOOS: 'js', GOARCH: 'wasm' } });
  const b = await launch();
  const { page } = b;
  try {
    const args = '-test.v,-test.run=^TestPredictorsBeatRowMean$,-test.bench=^BenchmarkTrain$,-test.benchtime=3x';
    await page.goto(new URL(`_test/index.html?bin=learn.test.wasm&args=${args}`, baseURL).href);
    await page.waitForFunction(() => document.body.dataset.exit !== undefined, null, { timeout: 120000 });
    const out = await page.textContent('#out');
    assert.equal(await page.getAttribute('body', 'data-exit'), '0', out);
    assert.match(out, /--- PASS: TestPredictorsBeatRowMean /, 'the accuracy test ran and passed in Chromium');
    const bench = out.split('\n').find((l) => /^BenchmarkTrain\S*\s+\d+\s+\d+ ns\/op/.test(l));
    assert.ok(bench, `a BenchmarkTrain line in\n${out}`);
    const train = out.match(/\(train [^)]*\)/g) || [];
    t.diagnostic(`Chromium: ${train.join(' ')}; ${bench.trim().replace(/\s+/g, ' ')}`);
  } finally {
    await b.close();
  }
});
