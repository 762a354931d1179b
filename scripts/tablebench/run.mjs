// Opens the tablebench page (BASE_URL) in Debian's Chromium (CHROMIUM) with playwright-core and
// prints the medians of the two ways' build times and their ratio.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../build/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const b = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium' });
try {
  const page = await b.newPage();
  await page.goto(process.env.BASE_URL);
  await page.waitForFunction(() => document.body.dataset.result, null, { timeout: 300000 });
  const { raw, dom } = JSON.parse(await page.evaluate(() => document.body.dataset.result));
  const median = (v) => [...v].sort((x, y) => x - y)[v.length >> 1];
  console.log(`300×12 table, median of ${raw.length}: raw syscall/js ${median(raw).toFixed(0)} ms, ` +
    `dom/v2 ${median(dom).toFixed(0)} ms (${(median(dom) / median(raw)).toFixed(1)}×)`);
} finally {
  await b.close();
}
