// Observable Plot (SVG) with d3. Plot has no update API: a figure is made again with the new
// scheme, as its docs advise. The seed figure is one plot per panel (Plot's facets share one
// colour scale, and every panel needs its own), each with a cell and a text mark and a colour
// legend; the dense grids use the raster mark, which Plot recommends for them. Plot.plot returns
// the finished element synchronously; it is then put in the page.
import * as Plot from "@observablehq/plot";
import { SEED_WIDTH, GRID_WIDTH, gridTicks, startPage } from "./harness.js";

let seed = null;

function panelPlot(data, panel, scheme) {
  const middle = (panel.min + panel.max) / 2;
  return Plot.plot({
    title: panel.benchmark,
    width: SEED_WIDTH / 2 - 10,
    height: 260,
    marginLeft: 70,
    padding: 0.02,
    x: { domain: data.xLabels, label: data.xName },
    y: { domain: data.yLabels, label: data.yName },
    color: { type: "linear", scheme, legend: true, label: data.metric },
    marks: [
      Plot.cell(panel.cells, { x: "x", y: "y", fill: "value" }),
      Plot.text(panel.cells, {
        x: "x",
        y: "y",
        text: (cell) => cell.value.toFixed(1),
        fill: (cell) => (cell.value < middle ? "white" : "black"),
      }),
    ],
  });
}

function drawPanels(container, data, scheme) {
  const element = document.createElement("div");
  element.style.display = "grid";
  element.style.gridTemplateColumns = "1fr 1fr";
  element.append(...data.panels.map((panel) => panelPlot(data, panel, scheme)));
  container.replaceChildren(element);
}

startPage({
  name: "plot",
  async init() {},
  prepareSeed(data) {
    return data;
  },
  drawSeed(container, data) {
    seed = { container, data };
    drawPanels(container, data, "viridis");
  },
  recolor(map) {
    drawPanels(seed.container, seed.data, map);
  },
  prepareGrid(grid) {
    return grid;
  },
  drawGrid(container, grid) {
    const { n, values } = grid;
    const ticks = gridTicks(n);
    container.replaceChildren(
      Plot.plot({
        title: grid.title,
        width: GRID_WIDTH,
        height: GRID_WIDTH - 60,
        x: { domain: [0, n], label: "x", ticks },
        y: { domain: [0, n], label: "y", ticks },
        color: { type: "linear", scheme: "viridis", legend: true, label: grid.metric },
        marks: [Plot.raster(values, { width: n, height: n, x1: 0, x2: n, y1: 0, y2: n })],
      }),
    );
  },
});
