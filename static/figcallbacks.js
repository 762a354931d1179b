// Named callbacks of the figure charts (wasm/figchart) and the resolver that swaps an option's
// "fn:NAME" strings for functions. Plain module with no imports: the page (static/charts.js) and
// the server-side renderer of `make figures` (scripts/figures/render.mjs) share it, so both draw the
// same option the same way without eval.

// escapeText escapes s for ECharts' HTML tooltips (the page's charts use it too).
export function escapeText(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

// barCentre is the x offset (px) of bar k of n in a category of width band, with the figure
// chart's barCategoryGap 20 % and barGap 30 % (wasm/figchart sets both); 0 when k < 0 (lines).
function barCentre(band, k, n) {
  if (k < 0 || n <= 0) return 0;
  const group = band * 0.8;
  const w = group / (n + (n - 1) * 0.3);
  return -group / 2 + k * w * 1.3 + w / 2;
}

// errorBar draws a 95 % interval [lo, hi] over bar k of n at category x: value = [x, lo, hi, k, n].
export function errorBar(params, api) {
  const x = api.value(0);
  const lo = api.coord([x, api.value(1)]);
  const hi = api.coord([x, api.value(2)]);
  const cx = lo[0] + barCentre(api.size([1, 0])[0], api.value(3), api.value(4));
  const cap = 4;
  const style = { stroke: '#222', lineWidth: 1.2 };
  return { type: 'group', children: [
    { type: 'line', shape: { x1: cx, y1: lo[1], x2: cx, y2: hi[1] }, style },
    { type: 'line', shape: { x1: cx - cap, y1: lo[1], x2: cx + cap, y2: lo[1] }, style },
    { type: 'line', shape: { x1: cx - cap, y1: hi[1], x2: cx + cap, y2: hi[1] }, style }] };
}

// refMarker draws a published value: a black diamond labelled with its source; value = [x, y,
// k, n, label] (k ≥ 0: over bar k of n in a grouped bar chart).
export function refMarker(params, api) {
  const p = api.coord([api.value(0), api.value(1)]);
  const x = p[0] + barCentre(api.size([1, 0])[0], api.value(2), api.value(3));
  const r = 6;
  const left = x + r + 90 > api.getWidth() - 150;
  return { type: 'group', children: [
    { type: 'polygon', shape: { points: [[x, p[1] - r], [x + r, p[1]], [x, p[1] + r], [x - r, p[1]]] },
      style: { fill: '#111', stroke: '#fff', lineWidth: 1 } },
    // Neighbouring markers' labels sit at three heights in turn, so that labels of adjacent bars
    // or points do not print over each other; near the legend's margin (the chart's right 150 px,
    // wasm/figchart) a label goes to the marker's left.
    { type: 'text', x: left ? x - r - 3 : x + r + 3, y: p[1] - 6 + 11 * ((params.dataIndex % 3) - 1), silent: true,
      style: { text: String(api.ordinalRawValue(4)), fill: '#111', fontSize: 10, align: left ? 'right' : 'left',
        backgroundColor: 'rgba(255,255,255,0.8)' } }] };
}

// figureTip is the tooltip of a figure's point: its prepared text (seconds for times), escaped.
export function figureTip(params) {
  return escapeText((params.data && params.data.tip) || params.seriesName);
}

export const figureCallbacks = { errorBar, refMarker, figureTip };

// resolve replaces "fn:NAME" strings in an option by the functions in named.
export function resolve(v, named) {
  if (typeof v === 'string' && v.startsWith('fn:')) {
    const f = named[v.slice(3)];
    if (!f) throw new Error('unknown chart callback ' + v);
    return f;
  }
  if (Array.isArray(v)) return v.map((x) => resolve(x, named));
  if (v && typeof v === 'object') {
    for (const k of Object.keys(v)) v[k] = resolve(v[k], named);
  }
  return v;
}
