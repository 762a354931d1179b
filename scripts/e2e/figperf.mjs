// Measures every catalogue figure in the page (not part of `make test`: the whole catalogue takes
// many minutes): for each figure listed in the Figures view (or FIGURES="id id …"), open
// ?figure=ID (default seeds, or SEEDS=LIST; every reading, the page's default; the default pool of
// workers, or WORKERS=N), load the trace files a replaying figure asks for from ../shared/data,
// wait until it finishes (TIMEOUT seconds, default 600) and print one JSON line:
// cells, time in the page, workers' peak wasm memory, the verdicts, and the CPU seconds the
// browser spent meanwhile: in all (its dedicated workers included) and on the page's main thread (summed
// over the threads of the Chromium that holds this run's profile, from /proc: on a machine shared
// with other work the wall time says little, the CPU time what the figure costs). Usage, with the
// site served (`make page-figures-time` builds, serves and runs it on the heavy figures):
//   BASE_URL=http://127.0.0.1:8080/ node scripts/e2e/figperf.mjs
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, launch, q, ready } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// cpu sums the user and system CPU seconds of the processes under the Chromium that holds this
// run's profile directory (their ended threads included: a figure's workers are gone when it ends),
// and of its renderers' main threads (a renderer's first thread, the page's event loop) alone.
function cpu() {
  const procs = new Map();
  const ticks = (stat) => {
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime + stime, in clock ticks of 10 ms
  };
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      procs.set(Number(d), { ppid, stat, cmd: readFileSync(`/proc/${d}/cmdline`, 'utf8') });
    } catch { /* the process ended */ }
  }
  const out = { all: 0, main: 0 };
  const walk = (pid) => {
    out.all += ticks(procs.get(pid).stat);
    try {
      if (procs.get(pid).cmd.includes('--type=renderer')) out.main += ticks(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8'));
    } catch { /* the process ended */ }
    for (const [c, p] of procs) if (p.ppid === pid) walk(c);
  };
  for (const [pid, p] of procs) {
    if (p.cmd.includes(b.profile) && !procs.get(p.ppid)?.cmd.includes(b.profile)) walk(pid);
  }
  return out;
}

const timeout = 1000 * Number(process.env.TIMEOUT || 600);
const b = await launch();
const { page } = b;
try {
  await page.goto(baseURL);
  await ready(page);
  const ids = process.env.FIGURES ? process.env.FIGURES.split(/\s+/).filter(Boolean)
    : await page.$$eval('[data-testid^="figure-open-"]', (bs) => bs.map((x) => x.dataset.testid.slice('figure-open-'.length)));
  for (const id of ids) {
    const seeds = process.env.SEEDS ? `&seeds=${process.env.SEEDS}` : '';
    const workers = process.env.WORKERS ? `&workers=${process.env.WORKERS}` : '';
    await page.goto(`${baseURL}?figure=${id}${seeds}${workers}`);
    // On a busy machine the wasm start can take longer than ready()'s 30 s.
    await page.waitForFunction(() => document.body.dataset.ready === '1', null, { timeout: 120000 });
    const cpu0 = cpu(); // from the page's start (a renderer of an earlier page may have ended since)
    // Running (the status counts cells) or refused (a replaying figure names its files).
    await page.waitForFunction(() => document.querySelector('[data-testid="figure-status"]').textContent
      || document.querySelector('[data-testid="error"]').textContent, null, { timeout: 30000 });
    const err = await page.textContent(q('error'));
    const want = [...err.matchAll(/\(\.\.\/shared\/data\/([^)]+)\)/g)].map((m) => join(root, '..', 'shared', 'data', m[1]));
    if (want.length > 0) {
      if (!want.every(existsSync)) {
        console.log(JSON.stringify({ figure: id, skipped: 'trace files missing: ' + want.join(' ') }));
        continue;
      }
      await page.setInputFiles(q('figure-trace'), want);
      await page.evaluate(() => document.body.removeAttribute('data-done'));
      await page.click(q('figure-run'));
    }
    try {
      await page.waitForFunction(() => document.body.dataset.done === '1' && document.body.dataset.figureMs, null, { timeout });
    } catch {
      const status = await page.textContent(q('figure-status'));
      console.log(JSON.stringify({ figure: id, timeout: timeout / 1000, status }));
      continue;
    }
    const r = await page.evaluate(() => ({
      ms: Number(document.body.dataset.figureMs),
      cells: Number(document.querySelector('[data-testid="figure-chart"]').dataset.cells),
      peakWorkerMB: Number(document.querySelector('[data-testid="figure-chart"]').dataset.peakWorkerMb),
      status: document.querySelector('[data-testid="figure-status"]').textContent,
      verdicts: [...document.querySelectorAll('[data-testid="figure-table"] tr[data-verdict]')].map((t) => t.dataset.verdict),
      error: document.querySelector('[data-testid="error"]').textContent,
    }));
    const cpu1 = cpu();
    r.cpuS = Math.round(cpu1.all - cpu0.all);
    r.mainThreadCpuS = Math.round(cpu1.main - cpu0.main);
    console.log(JSON.stringify({ figure: id, ...r }));
  }
} finally {
  await b.close();
}
