// Smoke test: the served page loads in Chromium, marks itself ready, raises no console errors
// (a CSP violation is one), gets its security headers, and never leaves 127.0.0.1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseURL, launch, offsite } from './browser.mjs';

test('page loads and is ready', async () => {
  const b = await launch();
  try {
    const res = await b.page.goto(baseURL, { waitUntil: 'load' });
    assert.equal(res.status(), 200, 'status of the index page');
    const headers = res.headers();
    assert.match(headers['content-security-policy'] || '', /default-src 'self'/, 'CSP header');
    assert.equal(headers['x-content-type-options'], 'nosniff');
    await b.page.waitForFunction(() => document.body && document.body.dataset.ready === '1', null, { timeout: 30000 });
    assert.deepEqual(offsite(b.requests), [], 'requests that left 127.0.0.1');
    assert.deepEqual(b.errors, [], 'console errors');
  } finally {
    await b.close();
  }
});
