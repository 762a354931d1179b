// The README's first command on a clean tree: `git clone` the repository into a
// temporary directory (an empty build/: no node_modules, no site, as after `make distclean`), run
// `make serve PORT=0` there, wait for its address and process id (bounded), drive the served page
// in Chromium — the built-in workload under fifo, every job completed — then stop the server by its
// process id and want make to end with it. The clone holds the committed HEAD: uncommitted changes
// of a working tree are not in it. Reports the time from `make serve` to the first answer. Also:
// an unreachable npm registry gives one line naming the command (scripts/npm.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, offsite, q, ready, runAndWait, setPolicies } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shots = join(root, 'build', 'e2e');
mkdirSync(shots, { recursive: true });
const serveTimeout = 600000; // a cold Go build cache and npm ci: a few minutes at most

// serve starts `make serve PORT=0` in dir and resolves with { url, pid, ms } once the server
// printed both lines (make's output is kept in log for failures).
function serve(dir, make, log) {
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`make serve did not serve within ${serveTimeout / 1000} s:\n${out}`)), serveTimeout);
    const onData = (b) => {
      out += b;
      log.text = out;
      const url = (out.match(/^serving .* at (http:\S+)$/m) || [])[1];
      const pid = (out.match(/^pid (\d+) /m) || [])[1];
      if (url && pid) {
        clearTimeout(timer);
        resolve({ url, pid: Number(pid), ms: Date.now() - t0 });
      }
    };
    make.stdout.on('data', onData);
    make.stderr.on('data', onData);
    make.on('exit', (code) => { clearTimeout(timer); reject(new Error(`make serve exited (${code}) before serving:\n${out}`)); });
  });
}

test('make serve on a clean clone serves a working app, stopped by its pid', async (t) => {
  const tmp = mkdtempSync(join(tmpdir(), 'schedlab-firstrun-'));
  const dir = join(tmp, 'schedlab');
  let make;
  let server;
  try {
    execFileSync('git', ['clone', '--quiet', root, dir]);
    const t0 = Date.now();
    make = spawn('make', ['serve', 'PORT=0'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    const log = { text: '' };
    server = await serve(dir, make, log);
    const res = await fetch(server.url);
    assert.equal(res.status, 200, 'the page');
    const firstAnswerMs = Date.now() - t0;
    t.diagnostic(`make serve on a clean clone: first answer after ${(firstAnswerMs / 1000).toFixed(1)} s (npm ci, app.wasm, ECharts bundle, precompression)`);

    const b = await launch();
    try {
      const { page } = b;
      await page.goto(server.url);
      await ready(page);
      await setPolicies(page, ['fifo']);
      await runAndWait(page);
      assert.equal(await page.textContent(q('error')), '');
      const row = await page.$eval(`${q('summary')} tr[data-policy="fifo"]`, (tr) => JSON.parse(tr.dataset.json));
      assert.ok(row.jobs > 0, `jobs: ${row.jobs}`);
      assert.equal(row.completed, row.jobs, 'every job of the built-in workload completed');
      await page.screenshot({ path: join(shots, 'firstrun.png') });
      assert.deepEqual(offsite(b.requests), [], 'requests that left 127.0.0.1');
      assert.deepEqual(b.errors, [], 'console errors');
    } finally {
      await b.close();
    }

    // Stopped by the server's own pid, make ends too (it exec'd the server: nothing is left).
    const exited = new Promise((resolve) => make.on('exit', (code, signal) => resolve({ code, signal })));
    process.kill(server.pid, 'SIGTERM');
    const end = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 10000))]);
    assert.deepEqual(end, { code: 0, signal: null }, `make serve after kill ${server.pid}:\n${log.text}`);
    server = null;
    make = null;
    writeFileSync(join(shots, 'metrics-firstrun.json'), JSON.stringify({ firstAnswerMs }));
  } finally {
    if (server) {
      try { process.kill(server.pid, 'SIGTERM'); } catch { /* already gone */ }
    }
    if (make && make.exitCode === null) make.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
});

// Without a reachable registry (and an empty npm cache) the install step says so in one line that
// names the command to run, instead of npm's error dump or a bare Makefile error.
test('npm unreachable: one line naming the command', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'schedlab-npm-'));
  try {
    mkdirSync(join(tmp, 'build'));
    mkdirSync(join(tmp, 'scripts'));
    for (const f of ['build/package.json', 'build/package-lock.json', 'scripts/npm.sh']) copyFileSync(join(root, f), join(tmp, f));
    const r = spawnSync('bash', ['scripts/npm.sh'], {
      cwd: tmp, encoding: 'utf8',
      env: { ...process.env, npm_config_registry: 'http://127.0.0.1:9/', npm_config_cache: join(tmp, 'cache'), npm_config_fetch_retries: '0' },
    });
    assert.equal(r.status, 1, r.stdout + r.stderr);
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, `stderr: ${r.stderr}`);
    assert.match(lines[0], /^npm: could not install .* run: npm ci --prefix build$/);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
