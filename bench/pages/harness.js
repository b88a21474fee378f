// The benchmark harness every library's page shares: the data every library draws (the seed
// figure read from the bundled KV-cache sweep, and seeded synthetic grids), and the timing.
//
// A page imports its library and an adapter, then calls `startPage(adapter)`. The runner either
// calls `window.bench.run(caseName)` on a warm page, or opens the page with `?cold` and reads
// `window.bench.cold` (navigation start to the first painted seed figure).
//
// Timing, for every library alike: "script" is the render call until the library says it is
// done (its call returns, or its promise resolves); "painted" is that plus two
// requestAnimationFrame callbacks, by which time the browser has painted the frame. Data are
// brought into each library's own input form (arrays, objects, a loaded dataset) before the clock
// starts, except in the cold load, which times everything. The runner runs each case twice on a
// fresh page: the first run is the page's first render (the library's code not yet compiled or
// optimised), the second the render once it is warm.

// mulberry32: a small seeded generator, so every library draws the very same numbers.
import { mulberry32 as random } from "../../tests/e2e/mulberry32.mjs";

/** The seed figure: one model, its four benchmarks, each panel 4 x 5 (Ratio x Local Window Size). */
export const SEED_MODEL = "R1-Qwen";
export const SEED_BENCHMARKS = ["AIME24", "AIME25", "AMC23", "GPQA-Diamond"];
/** The colour maps of the seed figure and of the colour-map change. */
export const FIRST_MAP = "viridis";
export const SECOND_MAP = "ylgnbu";
/** Figure widths in CSS pixels. */
export const SEED_WIDTH = 960;
export const GRID_WIDTH = 800;
/** The seed of the synthetic grids' generator. */
export const GRID_SEED = 20261122;

/** The bundled dataset's text. */
export async function fetchSeedText() {
  const response = await fetch("kv-cache-sweep.json");
  if (!response.ok) throw new Error(`kv-cache-sweep.json: HTTP ${response.status}`);
  return response.text();
}

/**
 * The seed figure's data read from the dataset's JSON: axis names and labels (y top-down, as
 * every figure shows it: largest window at the top) and per panel its rows, top-down, and its
 * cells as { x, y, value } records.
 */
export function seedFigureData(fileText) {
  const json = JSON.parse(fileText);
  // The figure's data alone (one model, four benchmarks, no reported averages): what every
  // library is given, sweepmap as its JSON text.
  json.benchmarks = json.benchmarks.filter((b) => SEED_BENCHMARKS.includes(b.name));
  json.panels = json.panels.filter((p) => p.model === SEED_MODEL && SEED_BENCHMARKS.includes(p.benchmark));
  const text = JSON.stringify(json);
  const xLabels = json.x.values.map(String);
  // Rows as written in the file; shown with the largest y at the top.
  const order = json.y.values.map((value, row) => ({ value, row })).sort((a, b) => b.value - a.value);
  const yLabels = order.map(({ value }) => String(value));
  const panels = SEED_BENCHMARKS.map((benchmark) => {
    const panel = json.panels.find((p) => p.model === SEED_MODEL && p.benchmark === benchmark);
    if (!panel) throw new Error(`no panel ${SEED_MODEL} / ${benchmark}`);
    const rows = order.map(({ row }) => panel.cells[row]);
    const cells = [];
    rows.forEach((values, row) =>
      values.forEach((value, column) => cells.push({ x: xLabels[column], y: yLabels[row], value })),
    );
    const present = cells.map((cell) => cell.value).filter((value) => value !== null);
    return { benchmark, rows, cells, min: Math.min(...present), max: Math.max(...present) };
  });
  return {
    text,
    title: `${SEED_MODEL}: ${json.metric.name} by benchmark`,
    metric: json.metric.name,
    xName: json.x.name,
    yName: json.y.name,
    xLabels,
    yLabels,
    panels,
  };
}

/**
 * A synthetic n x n grid (labelled so in every figure): a smooth field plus seeded noise,
 * rounded to one decimal. `values` is row-major with row 0 at y = 0 (the bottom of the figure).
 */
export function syntheticGrid(n) {
  const next = random(GRID_SEED + n);
  const values = new Float64Array(n * n);
  for (let y = 0; y < n; y += 1) {
    for (let x = 0; x < n; x += 1) {
      const field = 50 + 20 * Math.sin((3 * x) / n) * Math.cos((5 * y) / n);
      values[y * n + x] = Math.round((field + 10 * (next() - 0.5)) * 10) / 10;
    }
  }
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  return { n, values, min, max, title: `Synthetic ${n} x ${n} grid (seeded)`, metric: "Score" };
}

/** Axis ticks for an n-cell synthetic axis: ten steps, so all libraries label the same places. */
export function gridTicks(n) {
  const step = n / 10;
  return Array.from({ length: 11 }, (_, i) => Math.min(n - 1, Math.round(i * step)));
}

/** Resolves after two animation frames: the frame with the change has been painted. */
export function twoFrames() {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

/** Times an action: the call until it is done, and until painted. Milliseconds. */
async function timed(action) {
  const start = performance.now();
  await action();
  const script = performance.now() - start;
  await twoFrames();
  const painted = performance.now() - start;
  return { script, painted };
}

/**
 * Milliseconds to make blank canvases of the sizes the figure's canvases have and draw one
 * pixel on each: the backing-store allocation every new canvas figure pays, whatever it draws.
 * Null when the figure has no canvas (an SVG figure).
 */
function blankCanvasFloor() {
  const sizes = [...document.querySelectorAll("#figure canvas")].map((c) => [c.width, c.height]);
  if (sizes.length === 0) return null;
  const holder = document.createElement("div");
  document.body.append(holder);
  const start = performance.now();
  for (const [width, height] of sizes) {
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    holder.append(canvas);
    canvas.getContext("2d").fillRect(0, 0, 1, 1);
  }
  const elapsed = performance.now() - start;
  holder.remove();
  return elapsed;
}

/** A fresh, empty container of a given CSS width for a figure. */
function freshContainer(width) {
  const old = document.getElementById("figure");
  if (old) old.remove();
  const container = document.createElement("div");
  container.id = "figure";
  container.style.width = `${width}px`;
  document.body.append(container);
  return container;
}

/**
 * Wires a page to its library: `adapter` has `name`, `init()` (loads what the library needs
 * once per page), `prepareSeed(data)`, `drawSeed(container, prepared)`, `recolor(mapName)`,
 * `prepareGrid(grid)` and `drawGrid(container, prepared)`; each draw resolves (or returns) when
 * the library says it is done.
 */
export function startPage(adapter) {
  const cold = new URLSearchParams(location.search).has("cold");
  const state = { ready: false, cold: null, error: null };
  window.bench = state;

  const cases = {
    async seed() {
      const data = seedFigureData(await fetchSeedText());
      const prepared = adapter.prepareSeed(data);
      const container = freshContainer(SEED_WIDTH);
      return timed(() => adapter.drawSeed(container, prepared));
    },
    async recolor() {
      const data = seedFigureData(await fetchSeedText());
      const prepared = adapter.prepareSeed(data);
      const container = freshContainer(SEED_WIDTH);
      await adapter.drawSeed(container, prepared);
      await twoFrames();
      return timed(() => adapter.recolor(SECOND_MAP));
    },
    // The container is made before the clock starts, as for the seed figure: removing the
    // previous run's figure (10,000 SVG elements for a 100 x 100 grid) is not drawing.
    async grid100() {
      const prepared = adapter.prepareGrid(syntheticGrid(100));
      const container = freshContainer(GRID_WIDTH);
      return timed(() => adapter.drawGrid(container, prepared));
    },
    async grid1000() {
      const prepared = adapter.prepareGrid(syntheticGrid(1000));
      const container = freshContainer(GRID_WIDTH);
      return timed(() => adapter.drawGrid(container, prepared));
    },
  };
  state.run = async (name) => {
    const run = cases[name];
    if (!run) throw new Error(`unknown case ${name}`);
    const timing = await run();
    // A new figure on canvas pays for its canvases' backing stores on the first draw call; the
    // same blank canvases, made and touched once, show that floor (no floor for SVG, or for the
    // colour-map change, which draws on canvases that exist).
    return name === "recolor" ? timing : { ...timing, blankCanvas: blankCanvasFloor() };
  };

  (async () => {
    try {
      // The data are fetched while the library gets ready, as a page would.
      const text = cold ? fetchSeedText() : null;
      text?.catch(() => {});
      await adapter.init();
      if (cold) {
        const data = seedFigureData(await text);
        await adapter.drawSeed(freshContainer(SEED_WIDTH), adapter.prepareSeed(data));
        await twoFrames();
        state.cold = performance.now(); // from navigation start (the time origin)
      }
      state.ready = true;
    } catch (error) {
      state.error = String(error?.stack ?? error);
    }
  })();
}
