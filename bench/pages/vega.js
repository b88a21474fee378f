// Vega-Lite compiled and run by vega-embed with the canvas renderer (`renderer: "canvas"`,
// actions off), as its docs recommend for speed. The seed figure is a facet of rect and text
// layers with independent colour scales (a legend per panel); the colour scheme is a parameter,
// so the change is `view.signal(...)` and `runAsync()` rather than a new embed. The promise
// vega-embed returns resolves once the view has run and drawn.
import embed from "vega-embed";
import { SEED_WIDTH, GRID_WIDTH, gridTicks, startPage } from "./harness.js";

/** sweepmap's colour-map names as Vega scheme names. */
const schemes = { viridis: "viridis", ylgnbu: "yellowgreenblue" };

let result = null;

async function embedIn(container, spec) {
  if (result) result.finalize();
  const element = document.createElement("div");
  container.append(element);
  result = await embed(element, spec, { renderer: "canvas", actions: false });
}

startPage({
  name: "vega",
  async init() {},
  prepareSeed(data) {
    const values = [];
    for (const panel of data.panels) {
      const middle = (panel.min + panel.max) / 2;
      for (const cell of panel.cells) {
        values.push({ benchmark: panel.benchmark, x: cell.x, y: cell.y, value: cell.value, dark: cell.value < middle });
      }
    }
    const size = (SEED_WIDTH - 260) / 2;
    return {
      $schema: "https://vega.github.io/schema/vega-lite/v6.json",
      params: [{ name: "scheme", value: schemes.viridis }],
      data: { values },
      facet: { field: "benchmark", type: "nominal", title: null, sort: data.panels.map((p) => p.benchmark) },
      columns: 2,
      resolve: { scale: { color: "independent" } },
      spec: {
        width: size,
        height: size * 0.7,
        encoding: {
          x: { field: "x", type: "ordinal", sort: data.xLabels, title: data.xName },
          y: { field: "y", type: "ordinal", sort: data.yLabels, title: data.yName },
        },
        layer: [
          {
            mark: "rect",
            encoding: {
              color: { field: "value", type: "quantitative", title: data.metric, scale: { scheme: { expr: "scheme" } } },
            },
          },
          {
            mark: "text",
            encoding: {
              text: { field: "value", type: "quantitative", format: ".1f" },
              color: { condition: { test: "datum.dark", value: "white" }, value: "black" },
            },
          },
        ],
      },
    };
  },
  drawSeed(container, spec) {
    return embedIn(container, spec);
  },
  async recolor(map) {
    result.view.signal("scheme", schemes[map]);
    await result.view.runAsync();
  },
  prepareGrid(grid) {
    const { n, values } = grid;
    const rows = new Array(n * n);
    for (let y = 0; y < n; y += 1) for (let x = 0; x < n; x += 1) rows[y * n + x] = { x, y, value: values[y * n + x] };
    const ticks = gridTicks(n);
    return {
      $schema: "https://vega.github.io/schema/vega-lite/v6.json",
      title: grid.title,
      width: GRID_WIDTH - 160,
      height: GRID_WIDTH - 160,
      data: { values: rows },
      mark: "rect",
      encoding: {
        x: { field: "x", type: "ordinal", axis: { values: ticks } },
        y: { field: "y", type: "ordinal", sort: "descending", axis: { values: ticks } },
        color: { field: "value", type: "quantitative", title: grid.metric, scale: { scheme: "viridis" } },
      },
    };
  },
  drawGrid(container, spec) {
    return embedIn(container, spec);
  },
});
