// The page against the native runner on the Philly-like generator (`make bench-page`; minutes at a
// million jobs, so not part of `make test`). For every size and policy it runs the native runner
// as `make bench` does (build/simulate -generate philly:jobs=N,rate=230 -cluster 1000x8 -policy P),
// then the page in headless Chromium on the same generator spec, cluster and policy, from the
// click on Run until the run is shown (body[data-done]), and prints a Markdown table: wall and CPU
// time of each and the page's over the native's, the wall time until the run is also saved
// (body[data-saved]: the worker saves it after the page has shown it), then the page's steps as
// the worker and the page time them (body[data-last-run-phases]). The page's CPU time is that of the whole browser
// (every process under its profile, from /proc), the native's the runner process's; on a busy
// machine CPU time stretches less than wall time. Memory is in MB of 10⁶ bytes, as runbench prints it.
//
//   node scripts/e2e/pagebench.mjs [JOBS=100000,1000000] [POLICIES=fifo,las] [RATE=230] [CLUSTER=1000x8]
//
// It serves SITE (default build/site) with build/serve on a free port and runs RUNNER (default
// build/simulate); the Makefile target builds all three first. SITE=a,b times each built site in
// turn after the same native run (a site built from another commit, to compare before and after
// on an equally busy machine), one row each.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, q, setPolicies } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = process.env;
const sizes = (env.JOBS || '100000,1000000').split(',').map(Number);
const policies = (env.POLICIES || 'fifo,las').split(',');
const rate = env.RATE || '230';
const cluster = env.CLUSTER || '1000x8';
const runner = env.RUNNER || join(root, 'build', 'simulate');
const sites = (env.SITE || join(root, 'build', 'site')).split(',');
const timeout = Number(env.TIMEOUT_S || 1800) * 1000;
const tick = 100; // clock ticks per second of /proc/PID/stat (Linux's USER_HZ)

// serve starts build/serve for site on a free port and resolves to { url, stop }.
function serve(site) {
  const srv = spawn(join(root, 'build', 'serve'), ['-dir', site, '-addr', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    srv.on('exit', (code) => reject(new Error(`build/serve exited (${code}): ${out}`)));
    srv.stdout.on('data', (d) => {
      out += d;
      const m = /^serving .* at (http:\S+)$/m.exec(out);
      if (m) resolve({ url: m[1], stop: () => srv.kill() });
    });
  });
}

// native runs the runner once: wall and CPU seconds (user + system, from GNU time's format).
function native(n, policy) {
  const args = ['-f', '%e %U %S', runner, '-generate', `philly:jobs=${n},rate=${rate}`, '-cluster', cluster, '-policy', policy];
  const r = spawnSync('/usr/bin/time', args, { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`${runner} on ${n} jobs under ${policy}: ${r.stderr}`);
  const [wall, user, sys] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: user + sys };
}

// browserCPU is the CPU seconds (user + system) of every process of the browser with this
// profile directory, and its processes' summed resident memory (bytes). A dedicated worker is a
// thread of its page's renderer process, so its time is counted there.
function browserCPU(profile) {
  const procs = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const rss = Number((readFileSync(`/proc/${d}/status`, 'utf8').match(/VmRSS:\s+(\d+)/) || [0, 0])[1]) * 1024;
      procs.set(Number(d), { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / tick, rss,
        cmd: readFileSync(`/proc/${d}/cmdline`, 'utf8') });
    } catch { /* the process ended */ }
  }
  let cpu = 0, rss = 0;
  for (const [, p] of procs) {
    if (p.cmd.includes(profile)) {
      cpu += p.cpu;
      rss += p.rss;
    }
  }
  return { cpu, rss };
}

// pageRun loads the page afresh (an empty history each time), fills the form and times one run.
async function pageRun(url, n, policy) {
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready === '1', null, { timeout: 60000 });
    const tracksSaves = await page.evaluate(() => 'saved' in document.body.dataset);
    // A user clicks Run some time after the page is ready: by then its spare worker is started
    // (body[data-ready-workers]; a site without one never sets it, and is clicked after 10 s).
    await page.waitForFunction(() => document.body.dataset.readyWorkers === '1', null, { timeout: 10000 }).catch(() => {});
    await page.fill(q('workload-gen'), `philly:jobs=${n},rate=${rate}`);
    await page.fill(q('cluster-spec'), cluster);
    await setPolicies(page, [policy]);
    let peak = 0;
    const sample = setInterval(() => { peak = Math.max(peak, browserCPU(b.profile).rss); }, 250);
    const c0 = browserCPU(b.profile).cpu;
    const t0 = Date.now();
    await page.click(q('run'));
    await page.waitForFunction(() => document.body.dataset.done === '1', null, { timeout, polling: 50 });
    const wall = (Date.now() - t0) / 1000;
    const cpu = browserCPU(b.profile).cpu - c0;
    // A site whose runs are saved before they are shown has no body[data-saved].
    if (tracksSaves) await page.waitForFunction(() => document.body.dataset.saved === '1', null, { timeout, polling: 50 });
    const saved = (Date.now() - t0) / 1000;
    clearInterval(sample);
    const error = await page.textContent(q('error'));
    if (error) throw new Error(`page, ${n} jobs under ${policy}: ${error}`);
    const phases = JSON.parse(await page.getAttribute('body', 'data-last-run-phases') || '{}');
    const wasm = Number(await page.getAttribute('body', 'data-last-run-wasm-bytes') || 0);
    return { wall, cpu, saved, phases, peakMB: peak / 1e6, workerMB: wasm / 1e6 };
  } finally {
    await b.close();
  }
}

const s = (x) => x.toFixed(2);
const name = (site) => site.replace(root + '/', '');
const servers = [];
const rows = [];
try {
  for (const site of sites) servers.push(await serve(site));
  for (const n of sizes) {
    for (const policy of policies) {
      const nat = native(n, policy);
      for (const [k, srv] of servers.entries()) {
        const pg = await pageRun(srv.url, n, policy);
        rows.push({ n, policy, site: name(sites[k]), nat, pg });
        console.error(`pagebench: ${n} jobs, ${policy}, ${name(sites[k])}: native ${s(nat.wall)} s, page ${s(pg.wall)} s`);
      }
    }
  }
} finally {
  for (const srv of servers) srv.stop();
}
const many = sites.length > 1;
const site = (r) => (many ? ` ${r.site} |` : '');
console.log(`Workload: philly:jobs=N,rate=${rate} on ${cluster}; native: ${name(runner)} as make bench runs it; page: Run clicked until the run is shown, headless Chromium.\n`);
console.log(`| jobs | policy |${many ? ' site |' : ''} native wall | native CPU | page wall | page CPU | page ÷ native, wall | page ÷ native, CPU | page wall until saved | browser peak RSS | worker wasm memory |`);
console.log(`|---|---|${many ? '---|' : ''}---|---|---|---|---|---|---|---|---|`);
for (const r of rows) {
  const { n, policy, nat, pg } = r;
  console.log(`| ${n} | ${policy} |${site(r)} ${s(nat.wall)} s | ${s(nat.cpu)} s | ${s(pg.wall)} s | ${s(pg.cpu)} s | ${s(pg.wall / nat.wall)} | ${s(pg.cpu / nat.cpu)} | ${s(pg.saved)} s | ${pg.peakMB.toFixed(0)} MB | ${pg.workerMB.toFixed(0)} MB |`);
}
// The steps, in the order they happen until the run is shown: the worker's (start-up to its first
// answer), the transfer to the page, then the page's; then those after it is shown: the worker's
// wait for the page to have drawn the run (worker_shown), encoding and saving, and "saved", the
// page's wait from the run shown to the history refreshed.
// A site whose worker answers only once it has saved the run (no worker_view) reports
// worker_record, worker_encode and worker_save before the transfer, and history after show, and
// its "show" is the whole drawing, which a newer site splits into the Gantt's frame, the
// utilisation chart, the Gantt's items and the rest (show).
const steps = ['worker_start', 'worker_workload', 'worker_run', 'worker_view', 'worker_shown', 'worker_record', 'worker_encode', 'worker_save', 'transfer',
  'decode', 'summary', 'show_frame', 'show_util', 'show_gantt', 'show', 'history', 'saved'];
const beforeAnswer = (p) => (p.worker_view !== undefined
  ? ['worker_start', 'worker_workload', 'worker_run', 'worker_view']
  : steps.filter((k) => k.startsWith('worker_')));
console.log('\nSteps of the page run, wall seconds (worker: start-up, workload generation, the run, the view it answers with first, its wait until the page has drawn it, the record, its encoding, saving it in IndexedDB; transfer of the first answer to the page; page: decoding it, summary, charts, history, and the wait from the run shown until it is saved; zeros for a step a site does not report):\n');
// The last column is the page's wall time less the worker's start-up, workload and run: from the
// run's end until the run is shown.
console.log(`| jobs | policy |${many ? ' site |' : ''} ${steps.join(' | ')} | run's end to shown |`);
console.log(`|---|---|${many ? '---|' : ''}${steps.map(() => '---|').join('')}---|`);
for (const r of rows) {
  const p = { ...r.pg.phases };
  const inWorker = beforeAnswer(p).reduce((a, k) => a + (p[k] || 0), 0);
  p.transfer = Math.max(0, (p.worker || 0) - inWorker);
  const after = r.pg.wall - ((p.worker_start || 0) + (p.worker_workload || 0) + (p.worker_run || 0)) / 1000;
  console.log(`| ${r.n} | ${r.policy} |${site(r)} ${steps.map((k) => s((p[k] || 0) / 1000)).join(' | ')} | ${s(after)} |`);
}
