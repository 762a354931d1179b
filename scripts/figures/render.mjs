// Renders DIR/options.json ({"ID": ECharts option}, written by `go run ./scripts/figures`) to
// DIR/ID.svg with ECharts' server-side SVG renderer, from the same options and the same named
// callbacks (static/figcallbacks.js) as the page. ECharts comes from build/node_modules.
// Usage: node scripts/figures/render.mjs DIR
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { figureCallbacks, resolve } from '../../static/figcallbacks.js';

const require = createRequire(new URL('../../build/package.json', import.meta.url));
const echarts = require('echarts');

const dir = process.argv[2] || 'build/figures';
const options = JSON.parse(readFileSync(join(dir, 'options.json'), 'utf8'));
for (const [id, option] of Object.entries(options)) {
  const width = 960;
  const height = 150 + 220 * Math.max(1, option.grid.length); // figchart.Height, as the page sizes it
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  chart.setOption(resolve(option, figureCallbacks));
  writeFileSync(join(dir, id + '.svg'), chart.renderToSVGString());
  chart.dispose();
  console.log(`figures: ${join(dir, id + '.svg')}`);
}
