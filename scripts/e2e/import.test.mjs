// Trace import in the app: every importer round-trips through the page — load a
// small file (real ones from ../shared/data, else the synthetic fixtures in testdata/ or a
// hand-written one), check data-testid=detected-format, export it with "export native trace"
// (byte-identical to the runner's -save-trace of the same file), re-import that export as native
// and check the same job count, preview and export bytes. Then the column-mapping form: shown when
// detection fails, built from the header, a wrong mapping's file:line: field message, a run whose
// saved record and link carry the mapping, and a reopened run and a reloaded link showing it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL, launch, offsite, q, ready, runnerBin } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shots = join(root, 'build', 'e2e');
mkdirSync(shots, { recursive: true });
const data = join(root, '..', 'shared', 'data');
const fixtures = join(root, 'testdata');
const mappedCols = 'id=job,submit=queued_at:datetime,duration=runtime_ms:ms,gpus=num_gpu:count,model=app,user=team';

// Hand-written native and native-jsonl files (testdata/ has no small one of these formats).
const native = join(shots, 'import-jobs.csv');
writeFileSync(native, 'id,submit_s,gpus,duration_s,iterations,model,batch_size,iter_time_s,gpu_types,cpu,mem_gb,user\n' +
  'a,0,2,3600,,resnet50,64,,V100|P100,8,32,ana\nb,12.5,1,,5000,bert,,,,,,bo\n');
const jsonl = join(shots, 'import-jobs.jsonl');
writeFileSync(jsonl, '{"id":"a","submit_s":0,"gpus":2,"duration_s":3600,"model":"resnet50"}\n' +
  '{"id":"b","submit_s":30.5,"gpus":1,"iterations":2000,"model":"bert"}\n');

// One case per importer: the file, the format detection must find (mapped: the mapping the form
// is set to) and the runner's cluster for -save-trace (the workload must fit it).
const cases = [
  { format: 'native', file: native },
  { format: 'itp', file: join(fixtures, 'trace_small.csv') },
  { format: 'native-jsonl', file: jsonl },
  { format: 'philly', file: join(data, 'demo', 'philly_vc11cb48_day_2017-10-09.csv') },
  { format: 'itp', file: join(data, 'demo', 'itp_cluster04_day05_with_models.csv') },
  { format: 'synergy', file: join(data, 'synergy', 'test_trace') },
  { format: 'gavel', file: join(data, 'gavel', 'traces', 'physical_cluster', 'small_test.trace'), cluster: '2x4:K80+2x4:P100+2x4:V100' },
  { format: 'muri', file: join(data, 'muri', 'cluster_exp', 'trace-data', 'cluster_trace.csv'), cluster: '8x8' },
  { format: 'tiresias', file: join(data, 'tiresias', '60_job.csv'), cluster: '32x4' },
  { format: 'pollux', file: join(data, 'pollux', 'workloads', 'workload-1.csv') },
  { format: 'alibaba-openb', file: join(data, 'alibaba-openb-v2023', 'csv', 'openb_pod_list_gpuspec05.csv'),
    cluster: '@' + join(data, 'alibaba-openb-v2023', 'csv', 'openb_node_list_gpu_node.csv') },
  { format: 'alibaba-pai', synthetic: true, file: join(fixtures, 'trace_pai_joined_synthetic.csv'),
    cluster: '@' + join(data, 'alibaba-pai-v2020', 'data', 'pai_machine_spec.csv') },
  { format: 'helios', synthetic: true, file: join(fixtures, 'trace_helios_synthetic.csv') },
  { format: 'acme', synthetic: true, file: join(fixtures, 'trace_acme_kalos_synthetic.csv'), cluster: '8x8,cpu=128,mem=1000' },
  { format: 'mapped', file: join(fixtures, 'trace_mapped.csv'), columns: mappedCols },
];

function saveTrace(c) {
  const out = join(shots, 'import-runner.native.csv');
  const args = ['-trace', c.file, '-cluster', c.cluster || '16x8', '-policy', 'fifo', '-save-trace', out];
  if (c.columns) args.push('-columns', c.columns);
  execFileSync(runnerBin(), args, { cwd: root, encoding: 'utf8' });
  return readFileSync(out, 'utf8');
}

// load puts a file into the picker and waits until the worker's answer is shown.
async function load(page, file) {
  await page.$eval(q('detected-format'), (e) => { e.textContent = 'pending'; });
  await page.setInputFiles(q('trace-file'), file);
  await page.waitForFunction(() => !['pending', 'reading…'].includes(document.querySelector('[data-testid="detected-format"]').textContent));
}

// workload is what the page shows of a loaded trace: the job count and the preview rows.
async function workload(page) {
  const text = await page.textContent('#workload');
  return { jobs: (text.match(/\((\d+) jobs/) || [])[1], preview: await page.$eval('#preview', (e) => e.innerText) };
}

async function exportNative(page) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(q('export-native'))]);
  return { name: dl.suggestedFilename(), text: readFileSync(await dl.path(), 'utf8') };
}

async function setMapping(page, cols) {
  for (const sel of await page.$$('[data-testid^="column-"]:is(select)')) await sel.selectOption('');
  for (const part of cols.split(',')) {
    const [field, rest] = part.split('=');
    const [column, unit] = rest.split(':');
    await page.selectOption(q('column-' + field), column);
    if (unit) await page.selectOption(q('unit-' + field), unit);
  }
}

test('every importer round-trips through the app: detect, export native (= runner -save-trace), re-import', async (t) => {
  if (!existsSync(data)) {
    if (process.env.CI === 'true') assert.fail(`${data} missing`);
    t.skip(`${data} missing: the real traces are not here`);
    return;
  }
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(baseURL);
    await ready(page);
    for (const c of cases) {
      await t.test(c.format + (c.synthetic ? ' (synthetic)' : ''), async () => {
        await page.selectOption(q('trace-format'), c.columns ? 'mapped' : '');
        if (c.columns) {
          await load(page, c.file);
          await setMapping(page, c.columns);
          assert.equal(await page.textContent(q('column-spec')), c.columns);
          await page.$eval(q('detected-format'), (e) => { e.textContent = 'pending'; });
          await page.click(q('column-apply'));
          await page.waitForFunction(() => !['pending', 'reading…'].includes(document.querySelector('[data-testid="detected-format"]').textContent));
        } else {
          await load(page, c.file);
        }
        assert.equal(await page.textContent(q('error')), '');
        assert.equal(await page.textContent(q('detected-format')), c.format);
        const first = await workload(page);
        assert.ok(Number(first.jobs) > 0, `jobs: got ${first.jobs}`);
        const exp = await exportNative(page);
        assert.match(exp.name, /\.native\.csv$/);
        assert.equal(exp.text, saveTrace(c), 'export native trace, app vs runner -save-trace');

        const again = join(shots, 'import-again.native.csv');
        writeFileSync(again, exp.text);
        await page.selectOption(q('trace-format'), '');
        await load(page, again);
        assert.equal(await page.textContent(q('error')), '');
        assert.equal(await page.textContent(q('detected-format')), 'native');
        assert.deepEqual(await workload(page), first, 'workload after re-import');
        assert.equal((await exportNative(page)).text, exp.text, 'export of the re-import');
      });
    }
    assert.deepEqual(offsite(b.requests), [], 'requests that left 127.0.0.1');
    assert.deepEqual(b.errors, [], 'console errors');
  } finally {
    await b.close();
  }
});

test('column mapping: form on failed detection, file:line: field errors, saved with the run, restored', async () => {
  const b = await launch();
  const { page } = b;
  try {
    await page.goto(baseURL);
    await ready(page);
    assert.equal(await page.isHidden(q('column-map')), true, 'form hidden before a file');

    // Detection fails on an unknown CSV: the form appears, built from its header, with guesses.
    const odd = join(shots, 'import-odd.csv');
    writeFileSync(odd, 'job_id,submitted_at,runtime_min,num_gpus,team\nj1,2024-05-01 08:00:00,90,4,nlp\nj2,2024-05-01 08:30:00,15,1,vision\n');
    await load(page, odd);
    assert.match(await page.textContent(q('error')), /^import-odd\.csv:1: format: .*map its columns below/);
    assert.equal(await page.isVisible(q('column-map')), true, 'form shown');
    const options = await page.$$eval(`${q('column-submit')} option`, (os) => os.map((o) => o.value));
    assert.deepEqual(options, ['', 'job_id', 'submitted_at', 'runtime_min', 'num_gpus', 'team']);
    assert.equal(await page.inputValue(q('column-id')), 'job_id');
    assert.equal(await page.inputValue(q('column-gpus')), 'num_gpus');
    await page.screenshot({ path: join(shots, 'import-01-mapping-form.png'), fullPage: true });

    // A wrong mapping: submit is a datetime column read as seconds.
    await page.selectOption(q('column-submit'), 'submitted_at');
    await page.selectOption(q('column-duration'), 'runtime_min');
    await page.selectOption(q('unit-duration'), 'min');
    await page.$eval(q('detected-format'), (e) => { e.textContent = 'pending'; });
    await page.click(q('column-apply'));
    await page.waitForFunction(() => document.querySelector('[data-testid="error"]').textContent.startsWith('import-odd.csv:2'));
    assert.match(await page.textContent(q('error')), /^import-odd\.csv:2: submitted_at: /);
    assert.equal(await page.inputValue(q('trace-format')), 'mapped');

    // Fixed: absolute timestamps.
    await page.selectOption(q('unit-submit'), 'datetime');
    const cols = 'id=job_id,submit=submitted_at:datetime,duration=runtime_min:min,gpus=num_gpus:count';
    assert.equal(await page.textContent(q('column-spec')), cols);
    await page.$eval(q('detected-format'), (e) => { e.textContent = 'pending'; });
    await page.click(q('column-apply'));
    await page.waitForFunction(() => document.querySelector('[data-testid="detected-format"]').textContent === 'mapped');
    assert.equal(await page.textContent(q('error')), '');
    assert.match(await page.textContent('#workload'), /\(2 jobs/);

    // A run saves the mapping in its record and the link.
    for (const cb of await page.$$('[data-testid^="policy-"]')) await cb.uncheck();
    await page.check(q('policy-fifo'));
    await page.click(q('run'));
    await page.waitForFunction(() => document.body.dataset.done === '1', null, { timeout: 60000 });
    assert.equal(await page.textContent(q('error')), '');
    const url = page.url();
    assert.equal(JSON.parse(new URL(url).searchParams.get('x')).columns, cols, 'the link carries the mapping');

    // Reopened from history (after a reload): the form shows the saved mapping.
    await page.goto(baseURL);
    await ready(page);
    await page.waitForSelector(q('history-open'));
    await page.click(q('history-open'));
    await page.waitForFunction(() => !document.querySelector('[data-testid="column-map"]').hidden);
    assert.equal(await page.textContent(q('column-spec')), cols);
    assert.equal(await page.inputValue(q('column-submit')), 'submitted_at');
    assert.equal(await page.inputValue(q('unit-submit')), 'datetime');

    // The link: the form shows the mapping and the page asks for the file.
    await page.goto(url);
    await ready(page);
    assert.match(await page.textContent(q('error')), /needs the trace file import-odd\.csv/);
    assert.equal(await page.textContent(q('column-spec')), cols);
    await page.screenshot({ path: join(shots, 'import-02-mapping-link.png'), fullPage: true });
    await load(page, odd);
    assert.equal(await page.textContent(q('detected-format')), 'mapped');
    assert.equal(await page.textContent(q('error')), '');
    assert.deepEqual(b.errors, [], 'console errors');
  } finally {
    await b.close();
  }
});
