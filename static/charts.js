// Named chart callbacks and the small API the Go page calls (globalThis.schedlabCharts). Options
// built in Go refer to callbacks as "fn:NAME"; resolve() swaps those strings for the functions
// below, so the page needs no eval or new Function under its Content-Security-Policy.
import { echarts } from './echarts.js';
import { escapeText, figureCallbacks, resolve as resolveWith } from './figcallbacks.js';

const palette = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7',
  '#9c755f', '#bab0ac', '#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2',
  '#7f7f7f', '#bcbd22', '#17becf'];

// Gantt state of the one Gantt chart: items and their GPU rows, set by ganttData. lane (or null)
// is parallel to rows: an item's sub-row on that GPU row, of rowLanes[row] (GPU sharing).
const gantt = { off: new Int32Array(1), rows: new Int32Array(0), job: new Int32Array(0),
  colour: new Int32Array(0), rowColour: null, by: 'job', info: () => '', highlight: -1, data: [], chart: null,
  lane: null, rowLanes: null, el: null };

// The virtual SRPT schedule of an A-SRPT run (one row under the Gantt), set by virtualData. It
// shares the Gantt's highlight and info callback and follows its zoom.
const virtual = { job: new Int32Array(0), colour: new Int32Array(0), data: [], chart: null, el: null };

// typePalette colours GPU types (by the cluster's type order), distinct from the job palette.
const typePalette = ['#1b9e77', '#d95f02', '#7570b3', '#e7298a', '#66a61e', '#e6ab02'];

// policyColour is a policy's colour (its index in the registry), shared by every chart.
export function policyColour(i) {
  return palette[i % palette.length];
}

export function msToHours(v) {
  return (v / 3.6e6).toFixed(v < 3.6e7 ? 2 : 1) + ' h';
}

export function ganttItem(params, api) {
  const k = api.value(2);
  const from = api.value(0);
  const to = api.value(1);
  const band = api.size([0, 1])[1];
  const h = Math.max(1, band * 0.8);
  const cs = params.coordSys;
  const job = gantt.job[k];
  const ci = gantt.colour[k];
  let fill = ci < 0 ? '#8a94a6' : palette[ci % palette.length];
  let opacity = 1;
  if (gantt.highlight >= 0) {
    opacity = job === gantt.highlight ? 1 : 0.15;
    if (job === gantt.highlight) fill = '#d62728';
  }
  const children = [];
  const lanes = gantt.lane && gantt.rowLanes && gantt.lane.length === gantt.rows.length;
  if (gantt.by === 'policy' && gantt.rowColour && ci >= 0) fill = gantt.highlight >= 0 && job === gantt.highlight ? fill : policyColour(gantt.rowColour[0]);
  for (let p = gantt.off[k]; p < gantt.off[k + 1]; p++) {
    const row = gantt.rows[p];
    let rowFill = fill;
    if (gantt.by === 'type' && gantt.rowColour && !(gantt.highlight >= 0 && job === gantt.highlight)) {
      rowFill = typePalette[gantt.rowColour[row] % typePalette.length];
    }
    const a = api.coord([from, row]);
    const b = api.coord([to, row]);
    // Shared GPU: the row is split into rowLanes[row] sub-rows, 1 px apart, so no bar hides another.
    let y = a[1] - h / 2;
    let hh = h;
    if (lanes && gantt.rowLanes[row] > 1) {
      const n = gantt.rowLanes[row];
      hh = h / n;
      y += gantt.lane[p] * hh;
      hh = Math.max(hh - 1, 1);
    }
    const rect = echarts.graphic.clipRectByRect(
      { x: a[0], y, width: Math.max(b[0] - a[0], 0.5), height: hh },
      { x: cs.x, y: cs.y, width: cs.width, height: cs.height });
    if (rect) children.push({ type: 'rect', shape: rect, style: { fill: rowFill, opacity } });
  }
  return { type: 'group', children };
}

export function ganttTooltip(params) {
  const k = params.value[2];
  const job = gantt.job[k];
  const span = msToHours(params.value[0]) + ' – ' + msToHours(params.value[1]);
  if (job < 0) return escapeText('busy ' + span + ' (merged spans: zoom in for jobs)');
  return escapeText(gantt.info(job) + ' · interval ' + span);
}

export function virtualItem(params, api) {
  const k = api.value(2);
  const cs = params.coordSys;
  if (k < 0) { // the marker where the real run ended (virtualData)
    const x = api.coord([api.value(0), 0])[0];
    if (x < cs.x || x > cs.x + cs.width) return null;
    return { type: 'group', silent: true, children: [
      { type: 'line', silent: true, shape: { x1: x, y1: cs.y, x2: x, y2: cs.y + cs.height },
        style: { stroke: '#1d2330', lineDash: [4, 3], lineWidth: 1.5 } },
      { type: 'text', silent: true, x: x + 4, y: cs.y + 1, style: { text: 'real run ends', fill: '#1d2330', fontSize: 10 } }] };
  }
  const a = api.coord([api.value(0), 0]);
  const b = api.coord([api.value(1), 0]);
  const h = Math.max(1, api.size([0, 1])[1] * 0.7);
  const job = virtual.job[k];
  let fill = palette[virtual.colour[k] % palette.length];
  let opacity = 1;
  if (gantt.highlight >= 0) {
    opacity = job === gantt.highlight ? 1 : 0.15;
    if (job === gantt.highlight) fill = '#d62728';
  }
  const rect = echarts.graphic.clipRectByRect(
    { x: a[0], y: a[1] - h / 2, width: Math.max(b[0] - a[0], 0.5), height: h },
    { x: cs.x, y: cs.y, width: cs.width, height: cs.height });
  return rect ? { type: 'rect', shape: rect, style: { fill, opacity } } : null;
}

export function virtualTooltip(params) {
  if (params.value[2] < 0) return '';
  const job = virtual.job[params.value[2]];
  return escapeText(gantt.info(job) + ' · virtual span ' + msToHours(params.value[0]) + ' – ' + msToHours(params.value[1]));
}

const named = { msToHours, ganttItem, ganttTooltip, virtualItem, virtualTooltip, ...figureCallbacks };

// resolve replaces "fn:NAME" strings in an option by the named functions.
function resolve(v) {
  return resolveWith(v, named);
}

function chartOf(el) {
  return echarts.getInstanceByDom(el) || echarts.init(el);
}

// fitTitle lets a chart's title wrap within its box (a phone's is narrower than the title).
function fitTitle(el, opt) {
  const t = Array.isArray(opt.title) ? opt.title[0] : opt.title;
  if (!t || !el.clientWidth) return opt;
  t.textStyle = { ...(t.textStyle || {}), width: Math.max(120, el.clientWidth - 24), overflow: 'break' };
  return opt;
}

export function show(el, json) {
  const c = chartOf(el);
  c.setOption(resolve(fitTitle(el, JSON.parse(json))), true);
}

export function dispose(el) {
  const c = echarts.getInstanceByDom(el);
  if (c) c.dispose();
}

// ganttInit sets the Gantt frame; onZoom(fromMs, toMs) is called (debounced) after zoom or pan.
export function ganttInit(el, json, info, onZoom) {
  dispose(el);
  const c = echarts.init(el);
  gantt.chart = c;
  gantt.el = el;
  gantt.info = info;
  gantt.highlight = -1;
  el.setAttribute('data-highlight', '-1');
  c.setOption(resolve(fitTitle(el, JSON.parse(json))), true);
  let timer = 0;
  c.on('datazoom', () => {
    followZoom(c, virtual.chart);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const ax = c.getModel().getComponent('xAxis', 0).axis;
      const [a, b] = ax.scale.getExtent();
      const dz = c.getOption().dataZoom[0];
      if (dz.start <= 0 && dz.end >= 100) onZoom(0, 0);
      else onZoom(a, b);
    }, 120);
  });
  c.on('click', (p) => {
    highlight(gantt.job[p.value[2]]);
    if (why.pick) why.pick(gantt.job[p.value[2]]);
  });
  let hoverAt = 0;
  c.getZr().on('mousemove', (e) => {
    if (!why.hover || !c.containPixel({ gridIndex: 0 }, [e.offsetX, e.offsetY])) return;
    const now = performance.now();
    if (now - hoverAt < 100) return; // at most ten lookups a second
    hoverAt = now;
    why.hover(c.convertFromPixel({ xAxisIndex: 0 }, e.offsetX));
  });
}

// why holds the page's two callbacks for the reasons jobs waited: pick(job) on a click on the
// Gantt, hover(ms) with the time under the pointer (see wasm/page/why.go).
const why = { pick: null, hover: null };

export function ganttHooks(pick, hover) {
  why.pick = pick;
  why.hover = hover;
}

// highlight toggles job (-1: none) in the Gantt and the virtual schedule together.
function highlight(job) {
  gantt.highlight = gantt.highlight === job ? -1 : job;
  for (const [s, d] of [[gantt, gantt.data], [virtual, virtual.data]]) {
    if (!s.chart) continue;
    s.el.setAttribute('data-highlight', String(gantt.highlight));
    s.chart.setOption({ series: [{ data: d }] });
  }
}

// followZoom sets chart `to`'s x zoom to that of `from` (both span the same time axis, so the
// percentages agree). Equal windows are skipped, which also ends the echo of the other chart.
function followZoom(from, to) {
  if (!to) return;
  const a = from.getOption().dataZoom[0];
  const b = to.getOption().dataZoom[0];
  if (Math.abs(a.start - b.start) < 1e-9 && Math.abs(a.end - b.end) < 1e-9) return;
  to.dispatchAction({ type: 'dataZoom', dataZoomIndex: 0, start: a.start, end: a.end });
}

// virtualInit sets the virtual schedule's frame under the Gantt (call after ganttInit).
export function virtualInit(el, json) {
  dispose(el);
  const c = echarts.init(el);
  Object.assign(virtual, { chart: c, el, data: [] });
  el.setAttribute('data-highlight', String(gantt.highlight));
  c.setOption(resolve(JSON.parse(json)), true);
  if (gantt.chart) followZoom(gantt.chart, c);
  c.on('datazoom', () => { if (gantt.chart) followZoom(c, gantt.chart); });
  c.on('click', (p) => { if (p.value[2] >= 0) highlight(virtual.job[p.value[2]]); });
}

// virtualData replaces the virtual spans: items holds [from, to] pairs, job and colour one entry
// each; runEnd (≥ 0) adds a marker where the real run ended, for a schedule drained past it.
export function virtualData(el, items, job, colour, runEnd) {
  Object.assign(virtual, { job, colour });
  const n = job.length;
  const data = new Array(n);
  for (let k = 0; k < n; k++) data[k] = [items[2 * k], items[2 * k + 1], k];
  if (runEnd >= 0) data.push([runEnd, runEnd, -1]);
  virtual.data = data;
  const c = echarts.getInstanceByDom(el);
  if (c) c.setOption({ series: [{ data, progressive: 4000, progressiveThreshold: 8000 }] });
}

// virtualClear removes the virtual schedule (a run without one is shown).
export function virtualClear(el) {
  dispose(el);
  Object.assign(virtual, { chart: null, el: null, data: [] });
}

// ganttData replaces the drawn items: items holds [from, to] pairs; item k covers GPU rows
// rows[off[k]..off[k+1]), belongs to job[k] (-1: merged) and has colour index colour[k].
// rowColour (or null) holds, when colouring by GPU type, each GPU row's type index, and when
// colouring by policy the policy's colour index; by is the colour-by mode. lane and rowLanes (or
// null) stack co-located jobs: lane parallels rows, rowLanes holds each GPU row's sub-row count.
export function ganttData(el, items, off, rows, job, colour, rowColour, by, lane, rowLanes) {
  Object.assign(gantt, { off, rows, job, colour, rowColour, by, lane, rowLanes });
  const n = job.length;
  const data = new Array(n);
  for (let k = 0; k < n; k++) data[k] = [items[2 * k], items[2 * k + 1], k];
  gantt.data = data;
  const c = echarts.getInstanceByDom(el);
  c.setOption({ series: [{ data, progressive: 1500, progressiveThreshold: 3000 }] });
}

// image returns a data URL of a chart as png or svg (svg re-renders the option with the SVG renderer).
export function image(el, kind) {
  const c = echarts.getInstanceByDom(el);
  if (!c) return null;
  if (kind === 'png') return c.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
  const box = document.createElement('div');
  box.style.width = el.clientWidth + 'px';
  box.style.height = el.clientHeight + 'px';
  document.body.appendChild(box);
  const s = echarts.init(box, null, { renderer: 'svg' });
  const opt = c.getOption();
  opt.animation = false;
  s.setOption(opt);
  const url = s.getDataURL({ type: 'svg' });
  s.dispose();
  box.remove();
  return url;
}

// figureShow draws a figure's option (wasm/figchart) and follows its box's size (an embedded
// figure is sized by its frame). It sets data-points (means drawn) and data-markers (published
// values drawn) on the box for tests and readers of the DOM.
export function figureShow(el, json) {
  const opt = JSON.parse(json);
  let points = 0;
  let markers = 0;
  for (const s of opt.series) {
    const n = (s.data || []).filter((d) => d !== null && d !== undefined).length;
    if (s.name === 'published') markers += n;
    else if (s.type === 'bar' || (s.type === 'line' && !s.stack)) points += n;
  }
  // Each metric's grid gets 220 px under the title and legend (figchart.Height).
  el.style.setProperty('--fig-height', (150 + 220 * Math.max(1, opt.grid.length)) + 'px');
  // Titles wrap within the box (wasm/figchart sets them for a 960 px drawing).
  const w = el.clientWidth;
  if (w > 0 && opt.title) {
    for (const k of ['textStyle', 'subtextStyle']) {
      if (opt.title[k]) opt.title[k].width = Math.min(opt.title[k].width || w, Math.max(160, w - 40));
    }
  }
  const c = chartOf(el);
  c.resize();
  c.setOption(resolve(opt), true);
  el.setAttribute('data-points', String(points));
  el.setAttribute('data-markers', String(markers));
  if (!el.figureObserver) {
    el.figureObserver = new ResizeObserver(() => { const i = echarts.getInstanceByDom(el); if (i) i.resize(); });
    el.figureObserver.observe(el);
  }
}

// figureResize fits a figure's chart to its box (after the view that holds it is shown).
export function figureResize(el) {
  const c = echarts.getInstanceByDom(el);
  if (c) c.resize();
}
