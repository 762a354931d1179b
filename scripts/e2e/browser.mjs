// Shared helpers for the browser end-to-end tests: launch Debian's Chromium through playwright-core
// (installed under build/node_modules; no Playwright browser download) and keep every request on
// the local server. scripts/e2e.sh starts the server and passes its address in BASE_URL.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(new URL('../../build/package.json', import.meta.url));
const { chromium } = require('playwright-core');

export const baseURL = process.env.BASE_URL || 'http://127.0.0.1:8080/';
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';

// launch starts a headless Chromium with a fresh profile and returns { context, page, requests,
// close }. requests collects every URL the page asked for; any URL not on 127.0.0.1 is aborted.
export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), 'schedlab-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  const requests = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    requests.push(url);
    const u = new URL(url);
    if (u.protocol === 'data:' || u.protocol === 'blob:' || u.hostname === '127.0.0.1') {
      return route.continue();
    }
    return route.abort();
  });
  const page = context.pages()[0] || (await context.newPage());
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return {
    context,
    page,
    profile, // the profile directory: perf.mjs finds the browser's processes by it
    requests,
    errors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// offsite returns the requested URLs that left 127.0.0.1.
export function offsite(requests) {
  return requests.filter((url) => {
    const u = new URL(url);
    return !(u.protocol === 'data:' || u.protocol === 'blob:' || u.hostname === '127.0.0.1');
  });
}

// q is the selector of a data-testid (the app's stable test hooks).
export const q = (id) => `[data-testid="${id}"]`;

// ready waits until the page is interactive (body data-ready="1").
export async function ready(page) {
  await page.waitForFunction(() => document.body.dataset.ready === '1', null, { timeout: 30000 });
}

// runAndWait clicks Run and waits until every run of the click has been shown, failed or been
// cancelled (body data-done="1"), and every run shown has been saved, or failed to be (body
// data-saved="1": a run is shown before its worker saves it).
export async function runAndWait(page, timeout = 120000) {
  await page.click(q('run'));
  await page.waitForFunction(() => document.body.dataset.done === '1' && document.body.dataset.saved === '1', null, { timeout });
}

// runnerBin is the native runner (./scripts/simulate) the tests compare the page with: $RUNNER,
// which scripts/e2e.sh builds once for every test file, or else (a file run on its own) a build
// of this process's own in a temporary directory, made on first use.
let ownRunner;
export function runnerBin() {
  if (process.env.RUNNER) return process.env.RUNNER;
  if (!ownRunner) {
    const dir = mkdtempSync(join(tmpdir(), 'schedlab-runner-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    ownRunner = join(dir, 'simulate');
    const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
    execFileSync('go', ['build', '-o', ownRunner, './scripts/simulate'], { cwd: root });
  }
  return ownRunner;
}

// downloadText clicks the button with data-testid testid and returns the text it downloads.
export async function downloadText(page, testid) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(q(testid))]);
  return readFileSync(await dl.path(), 'utf8');
}

// setPolicies leaves exactly the named policies checked (opening the families, which start
// closed but the baselines).
export async function setPolicies(page, names) {
  await page.$$eval('details.family', (ds) => ds.forEach((d) => { d.open = true; }));
  for (const cb of await page.$$('[data-testid^="policy-"]')) await cb.uncheck();
  for (const n of names) await page.check(q('policy-' + n));
}
