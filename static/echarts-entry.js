// The ECharts subset the app uses, bundled by esbuild into static/echarts.js at site build time
// (scripts/site.sh): custom (Gantt) and line series, tooltip, legend, title, grid and dataZoom, and
// both the canvas and the SVG renderer (SVG export).
import * as echarts from 'echarts/core';
import { CustomChart, LineChart } from 'echarts/charts';
import {
  DataZoomComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

echarts.use([CustomChart, LineChart, DataZoomComponent, GridComponent, LegendComponent, TitleComponent,
  TooltipComponent, CanvasRenderer, SVGRenderer]);

export { echarts };
