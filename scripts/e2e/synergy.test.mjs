// End-to-end test of the Synergy reproduction: the page runs synergy-fig8's fifo+tune on the
// authors' own workload (stream=authors, seed 42) from an ordinary link, the way a reader would
// share it, and shows the published numbers: mean 21.88 h and p99 156.93 h over jobs 4000-4999
// (ae-readme.md) within 0.5 %, with the same summary as the native runner byte for byte.
// Click-to-result time is reported (target 3 s), not asserted. scripts/e2e.sh serves build/site
// and passes BASE_URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, launch, offsite, q, ready, runAndWait, runnerBin } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shots = join(root, 'build', 'e2e');
mkdirSync(shots, { recursive: true });

// The authors' numbers, in seconds (ae-readme.md: Mean = 21.8766 h, 99th = 156.933 h).
const paper = { mean_jct_s: 21.876600555555555 * 3600, p99_jct_s: 156.93307777777775 * 3600 };

test('synergy-fig8 fifo+tune on the authors\' stream: the published mean and p99 in the page', async (t) => {
  const native = execFileSync(runnerBin(), ['-scenario', 'synergy-fig8', '-policy', 'fifo+tune', '-json'], { cwd: root, encoding: 'utf8' }).trim();

  const link = new URLSearchParams({
    generate: 'synergy:jobs=8000,rate=9,split=20/70/10,stream=authors',
    cluster: '16x8',
    policies: 'fifo+tune',
    seed: '42',
    x: JSON.stringify({ scenario: 'synergy-fig8', round_s: 300, window_from: 4000, window_to: 5000, stop_at_window: true }),
  });
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(baseURL + '?' + link.toString());
    await ready(page);
    assert.equal(await page.textContent(q('error')), '');
    assert.equal(await page.inputValue(q('seed')), '42');
    const t0 = Date.now();
    await runAndWait(page);
    const ms = Date.now() - t0;
    t.diagnostic(`synergy-fig8 fifo+tune (8,000 jobs, authors' stream): ${ms} ms from click to result`);
    writeFileSync(join(shots, 'metrics-synergy-fig8.json'), JSON.stringify({ clickToResultMs: ms }));
    assert.equal(await page.textContent(q('error')), '');
    const json = await page.$eval(`${q('summary')} tr[data-run][data-policy="fifo+tune"]`, (r) => r.dataset.json);
    assert.equal(json, native, 'fifo+tune summary, page vs native runner');
    const s = JSON.parse(json);
    assert.equal(s.measured_jobs, 1000);
    for (const [metric, want] of Object.entries(paper)) {
      const diff = (s[metric] - want) / want;
      t.diagnostic(`${metric}: ours ${(s[metric] / 3600).toFixed(3)} h, paper ${(want / 3600).toFixed(3)} h, ${(100 * diff).toFixed(2)} %`);
      assert.ok(Math.abs(diff) <= 0.005, `${metric}: ours ${s[metric]} s, paper ${want} s: ${(100 * diff).toFixed(2)} %, want within 0.5 %`);
    }
    await page.screenshot({ path: join(shots, 'synergy-fig8.png'), fullPage: true });
    assert.deepEqual(offsite(b.requests), [], 'requests that left 127.0.0.1');
    assert.deepEqual(b.errors, [], 'console errors');
  } finally {
    await b.close();
  }
});
