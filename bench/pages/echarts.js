// ECharts with its canvas renderer, imported on demand as its docs recommend (echarts/core plus
// the heatmap chart, the grid, title and visual-map components and the canvas renderer), with
// animation off. One grid, heatmap series and continuous visualMap (the colour bar) per panel;
// `setOption` with only the visual maps' colours for the change. A draw is done when ECharts
// fires its "finished" event (rendering, progressive or not, is complete); progressive rendering
// is off for the grids, as its docs advise when the whole chart is wanted at once. Note: of the
// 1000 x 1000 grid ECharts draws only the first 65 536 cells (about 65 rows), with progressive
// rendering on or off; its time there is for that incomplete figure.
import * as echarts from "echarts/core";
import { HeatmapChart } from "echarts/charts";
import { GridComponent, TitleComponent, VisualMapComponent } from "echarts/components";
import { CanvasRenderer } from "echarts/renderers";
import { SEED_WIDTH, GRID_WIDTH, gridTicks, startPage } from "./harness.js";
import { colors } from "./colors.js";

echarts.use([HeatmapChart, GridComponent, TitleComponent, VisualMapComponent, CanvasRenderer]);

let chart = null;
let panelCount = 0;

/** Sets an option and resolves when ECharts says the chart is finished. */
function setAndFinish(option) {
  return new Promise((resolve) => {
    const done = () => {
      chart.off("finished", done);
      resolve();
    };
    chart.on("finished", done);
    chart.setOption(option);
  });
}

/** A chart in a fresh div of the given size; the previous one is disposed of. */
function chartIn(container, width, height) {
  if (chart) chart.dispose();
  const element = document.createElement("div");
  element.style.width = `${width}px`;
  element.style.height = `${height}px`;
  container.append(element);
  chart = echarts.init(element, null, { renderer: "canvas" });
  return chart;
}

const SEED_HEIGHT = 700;

startPage({
  name: "echarts",
  async init() {},
  prepareSeed(data) {
    const columns = 2;
    const cellW = 0.5;
    const grids = [];
    const xAxis = [];
    const yAxis = [];
    const series = [];
    const visualMap = [];
    const title = [];
    data.panels.forEach((panel, i) => {
      const left = (i % columns) * cellW * 100;
      const top = Math.floor(i / columns) * 50;
      grids.push({ left: `${left + 8}%`, top: `${top + 6}%`, width: "30%", height: "34%" });
      title.push({ text: panel.benchmark, left: `${left + 23}%`, top: `${top + 1}%`, textAlign: "center", textStyle: { fontSize: 14 } });
      xAxis.push({ type: "category", gridIndex: i, data: data.xLabels, name: data.xName, nameLocation: "middle", nameGap: 24 });
      yAxis.push({ type: "category", gridIndex: i, data: [...data.yLabels].reverse(), name: data.yName, nameLocation: "middle", nameGap: 40 });
      series.push({
        type: "heatmap",
        xAxisIndex: i,
        yAxisIndex: i,
        data: panel.cells.map((cell) => [cell.x, cell.y, cell.value]),
        label: { show: true, formatter: (item) => item.value[2].toFixed(1) },
      });
      visualMap.push({
        type: "continuous",
        seriesIndex: i,
        min: panel.min,
        max: panel.max,
        calculable: true,
        precision: 1,
        orient: "vertical",
        left: `${left + 40}%`,
        top: `${top + 8}%`,
        itemHeight: 200,
        inRange: { color: colors.viridis },
      });
    });
    return { animation: false, title, grid: grids, xAxis, yAxis, series, visualMap };
  },
  drawSeed(container, option) {
    panelCount = option.series.length;
    chartIn(container, SEED_WIDTH, SEED_HEIGHT);
    return setAndFinish(option);
  },
  recolor(map) {
    return setAndFinish({ visualMap: Array.from({ length: panelCount }, () => ({ inRange: { color: colors[map] } })) });
  },
  prepareGrid(grid) {
    const { n, values } = grid;
    const data = new Array(n * n);
    for (let y = 0; y < n; y += 1) for (let x = 0; x < n; x += 1) data[y * n + x] = [x, y, values[y * n + x]];
    const axis = Array.from({ length: n }, (_, i) => i);
    const ticks = new Set(gridTicks(n));
    const interval = (index) => ticks.has(index);
    return {
      animation: false,
      title: { text: grid.title, left: "center" },
      grid: { left: 60, right: 110, top: 40, bottom: 50 },
      xAxis: { type: "category", data: axis, name: "x", nameLocation: "middle", nameGap: 28, axisLabel: { interval }, axisTick: { interval } },
      yAxis: { type: "category", data: axis, name: "y", nameLocation: "middle", nameGap: 40, axisLabel: { interval }, axisTick: { interval } },
      visualMap: { type: "continuous", min: grid.min, max: grid.max, precision: 1, right: 10, top: "middle", calculable: true, inRange: { color: colors.viridis } },
      series: [{ type: "heatmap", data, progressive: 0, label: { show: false } }],
    };
  },
  drawGrid(container, option) {
    chartIn(container, GRID_WIDTH, GRID_WIDTH);
    return setAndFinish(option);
  },
});
