// Performance measurements of the browser app (not part of `make test`: minutes, not seconds).
// Usage, with the site built and served (make serve, or scripts/serve on any port):
//   BASE_URL=http://127.0.0.1:8080/ node scripts/e2e/perf.mjs
// Prints JSON: page load to data-ready, compressed transfer, the 82k-job Philly trace run time in the
// page (fifo on 16x8... the trace's own scale needs a bigger cluster: 128x8), and the Gantt's first
// paint for that run (aggregated at full zoom, every interval once zoomed in), and the longest task
// that blocked the page's main thread during the run.
// With BIG_TRACE=PATH (a generated ~1 GB file in /tmp, never in the repository), it also loads that
// file and reports the load's wall time, the worker's parse time, its WebAssembly.Memory size after
// the parse (data-wasm-bytes on detected-format), the peak RSS of the browser's process tree (sampled from /proc) and
// the page's message. BIG_COLUMNS=MAPPING reads it as format mapped through the column-mapping form.
// BIG_RUN=POLICY then runs that policy on it (CLUSTER, default 128x8) and reports the run's figures.
// Only BIG_TRACE runs when SKIP_PHILLY=1.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { baseURL, launch, setPolicies } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const philly = join(root, '..', 'shared', 'data', 'pollux', 'traces', 'philly.csv');
const q = (id) => `[data-testid="${id}"]`;
const out = {};
const b = await launch();
const { page } = b;

// treeRSS returns the summed and the largest VmRSS (bytes) of the processes under the Chromium that
// holds this run's profile directory (a dedicated worker lives in its page's renderer process).
function treeRSS() {
  const procs = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const rss = Number((readFileSync(`/proc/${d}/status`, 'utf8').match(/VmRSS:\s+(\d+)/) || [0, 0])[1]) * 1024;
      procs.set(Number(d), { ppid, rss, cmd: readFileSync(`/proc/${d}/cmdline`, 'utf8') });
    } catch { /* the process ended */ }
  }
  const roots = [...procs].filter(([, p]) => p.cmd.includes(b.profile) && !procs.get(p.ppid)?.cmd.includes(b.profile));
  let sum = 0, top = 0;
  const walk = (pid) => {
    const p = procs.get(pid);
    sum += p.rss;
    top = Math.max(top, p.rss);
    for (const [c, cp] of procs) if (cp.ppid === pid) walk(c);
  };
  for (const [pid] of roots) walk(pid);
  return { sum, top };
}

// bigRun runs one policy on the loaded large trace (cluster CLUSTER, default 128x8) and reports
// the worker's time, click to results, the longest main-thread task and the Gantt's first paint.
async function bigRun(policy) {
  await page.fill(q('cluster-spec'), process.env.CLUSTER || '128x8');
  await setPolicies(page, [policy]);
  await watchLongTasks();
  const t0 = Date.now();
  await page.click(q('run'));
  await page.waitForFunction(() => document.body.dataset.done === '1', null, { timeout: 3600000 });
  return { run_policy: policy, run_wall_ms: Date.now() - t0,
    run_worker_ms: Number(await page.getAttribute('body', 'data-last-run-ms')),
    run_longest_main_thread_task_ms: Math.round(await page.evaluate(() => window.longestTask)),
    run_error: await page.textContent(q('error')),
    run_gantt: await page.$eval(q('gantt'), (e) => ({ intervals: Number(e.dataset.intervals), drawn: Number(e.dataset.drawn),
      first_paint_ms: Number(e.dataset.firstPaintMs) })) };
}

// watchLongTasks (re)starts window.longestTask: the longest task on the page's main thread from now.
async function watchLongTasks() {
  await page.evaluate(() => {
    window.longestTask = 0;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.longestTask = Math.max(window.longestTask, e.duration);
    }).observe({ type: 'longtask' });
  });
}

// bigTrace loads a large file and measures it (see the header comment).
async function bigTrace(file, columns) {
  const det = q('detected-format');
  const settled = () => page.waitForFunction(() => !['pending', 'reading…'].includes(
    document.querySelector('[data-testid="detected-format"]').textContent), null, { timeout: 1800000 });
  let peak = { sum: 0, top: 0 };
  const timer = setInterval(() => {
    const r = treeRSS();
    peak = { sum: Math.max(peak.sum, r.sum), top: Math.max(peak.top, r.top) };
  }, 250);
  const res = { file, bytes: Number(execFileSync('stat', ['-c', '%s', file], { encoding: 'utf8' })) };
  try {
    await page.selectOption(q('trace-format'), columns ? 'mapped' : '');
    await page.$eval(det, (e) => { e.textContent = 'pending'; });
    const t0 = Date.now();
    await page.setInputFiles(q('trace-file'), file);
    await settled();
    if (columns) {
      for (const sel of await page.$$('[data-testid^="column-"]:is(select)')) await sel.selectOption('');
      for (const part of columns.split(',')) {
        const [field, rest] = part.split('=');
        const [column, unit] = rest.split(':');
        await page.selectOption(q('column-' + field), column);
        if (unit) await page.selectOption(q('unit-' + field), unit);
      }
      await page.$eval(det, (e) => { e.textContent = 'pending'; });
      await page.click(q('column-apply'));
      await settled();
    }
    res.load_wall_ms = Date.now() - t0;
    Object.assign(res, await page.$eval(det, (e) => ({ format: e.textContent,
      worker_parse_ms: Number(e.dataset.parseMs || 0), worker_wasm_bytes: Number(e.dataset.wasmBytes || 0) })));
    res.workload = await page.textContent('#workload');
    res.error = await page.textContent(q('error'));
    if (process.env.BIG_RUN) Object.assign(res, await bigRun(process.env.BIG_RUN));
  } finally {
    clearInterval(timer);
  }
  res.peak_browser_rss_bytes = peak.sum;
  res.peak_largest_process_rss_bytes = peak.top;
  res.after_rss_bytes = treeRSS().sum;
  await page.screenshot({ path: join(root, 'build', 'e2e', 'perf-big.png'), fullPage: true });
  return res;
}
try {
  const t0 = Date.now();
  await page.goto(baseURL);
  await page.waitForFunction(() => document.body.dataset.ready === '1');
  out.load_wall_ms = Date.now() - t0;
  Object.assign(out, await page.evaluate(() => {
    const e = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
    return { ready_in_page_ms: Math.round(performance.getEntriesByName('schedlab-ready')[0].startTime),
      transfer_bytes: e.reduce((s, x) => s + (x.transferSize || 0), 0) };
  }));
  if (process.env.BIG_TRACE) out.big = await bigTrace(process.env.BIG_TRACE, process.env.BIG_COLUMNS);
  if (existsSync(philly) && process.env.SKIP_PHILLY !== '1') {
    await page.setInputFiles(q('trace-file'), philly);
    await page.waitForFunction(() => document.querySelector('[data-testid="detected-format"]').textContent !== 'reading…', null, { timeout: 600000 });
    out.philly_format = await page.textContent(q('detected-format'));
    out.philly_error = await page.textContent(q('error'));
    await page.fill(q('cluster-spec'), process.env.CLUSTER || '128x8');
    await setPolicies(page, [process.env.POLICY || 'fifo']);
    await watchLongTasks();
    const t1 = Date.now();
    await page.click(q('run'));
    await page.waitForFunction(() => document.body.dataset.done === '1', null, { timeout: 1800000 });
    out.philly_run_wall_ms = Date.now() - t1;
    out.philly_worker_ms = Number(await page.getAttribute('body', 'data-last-run-ms'));
    out.philly_longest_main_thread_task_ms = Math.round(await page.evaluate(() => window.longestTask));
    out.philly_error_after = await page.textContent(q('error'));
    out.gantt = await page.$eval(q('gantt'), (e) => ({ intervals: Number(e.dataset.intervals), drawn: Number(e.dataset.drawn),
      first_paint_ms: Number(e.dataset.firstPaintMs) }));
    await page.screenshot({ path: join(root, 'build', 'e2e', 'perf-philly.png'), fullPage: true });
  }
} finally {
  await b.close();
}
console.log(JSON.stringify(out, null, 1));
