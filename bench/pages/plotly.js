// Plotly (plotly.js-dist-min, the full minified bundle) with `Plotly.newPlot` for a figure and
// `Plotly.restyle` for the colour-map change, as its docs recommend for updates. One heatmap
// trace per panel on its own axes (a 2 x 2 subplot grid), each with its own colour bar; values
// written in the cells with `texttemplate`. The mode bar is off (no figure here has one). The
// promise each call returns resolves when Plotly has drawn.
import Plotly from "plotly.js-dist-min";
import { SEED_WIDTH, GRID_WIDTH, gridTicks, startPage } from "./harness.js";
import { plotlyScale } from "./colors.js";

let element = null;
const config = { displayModeBar: false, responsive: false };

function plotIn(container) {
  if (element) Plotly.purge(element);
  element = document.createElement("div");
  container.append(element);
  return element;
}

const SEED_HEIGHT = 700;

startPage({
  name: "plotly",
  async init() {},
  prepareSeed(data) {
    const layout = {
      width: SEED_WIDTH,
      height: SEED_HEIGHT,
      margin: { l: 70, r: 30, t: 40, b: 50 },
      grid: { rows: 2, columns: 2, pattern: "independent", xgap: 0.3, ygap: 0.25 },
      annotations: [],
    };
    const traces = data.panels.map((panel, i) => {
      const suffix = i === 0 ? "" : String(i + 1);
      const column = i % 2;
      const row = Math.floor(i / 2);
      layout[`xaxis${suffix}`] = { type: "category", title: { text: data.xName } };
      layout[`yaxis${suffix}`] = { type: "category", title: { text: data.yName }, autorange: "reversed" };
      layout.annotations.push({
        text: `<b>${panel.benchmark}</b>`,
        xref: `x${suffix} domain`,
        yref: `y${suffix} domain`,
        x: 0.5,
        y: 1.08,
        showarrow: false,
      });
      return {
        type: "heatmap",
        x: data.xLabels,
        y: data.yLabels,
        z: panel.rows,
        xaxis: `x${suffix}`,
        yaxis: `y${suffix}`,
        colorscale: plotlyScale("viridis"),
        texttemplate: "%{z:.1f}",
        colorbar: { x: column === 0 ? 0.42 : 1.0, y: row === 0 ? 0.81 : 0.19, len: 0.36, thickness: 14 },
      };
    });
    return { traces, layout };
  },
  drawSeed(container, { traces, layout }) {
    return Plotly.newPlot(plotIn(container), traces, layout, config);
  },
  recolor(map) {
    return Plotly.restyle(element, { colorscale: [plotlyScale(map)] });
  },
  prepareGrid(grid) {
    const { n, values } = grid;
    const z = Array.from({ length: n }, (_, y) => Array.from(values.subarray(y * n, (y + 1) * n)));
    const ticks = gridTicks(n);
    return {
      traces: [{ type: "heatmap", z, colorscale: plotlyScale("viridis"), colorbar: { thickness: 14 } }],
      layout: {
        title: { text: grid.title },
        width: GRID_WIDTH,
        height: GRID_WIDTH,
        xaxis: { title: { text: "x" }, tickvals: ticks },
        yaxis: { title: { text: "y" }, tickvals: ticks },
      },
    };
  },
  drawGrid(container, { traces, layout }) {
    return Plotly.newPlot(plotIn(container), traces, layout, config);
  },
});
