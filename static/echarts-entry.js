// The ECharts subset the app uses, bundled by esbuild into static/echarts.js at site build time
// (scripts/site.sh): custom (Gantt, error bars, reference markers), line and bar series, tooltip, legend, title, grid and dataZoom, and
// both the canvas and the SVG renderer (SVG export).
import * as echarts from 'echarts/core';
import { BarChart, CustomChart, LineChart } from 'echarts/charts';
import {
  DataZoomComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, CustomChart, LineChart, DataZoomComponent, GridComponent, LegendComponent, TitleComponent,
  TooltipComponent, CanvasRenderer, SVGRenderer]);

export { echarts };
