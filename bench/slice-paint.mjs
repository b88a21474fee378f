// How soon a link to a slice shows the slice: the explorer opened at a slice link
// (#dataset=kv-cache-sweep&chart=slice&along=y&across=best, the bundled synthetic sweep) in
// Debian's headless Chromium with the end-to-end tests' flags, a fresh context per run. Each
// whole painting of the figure canvas sets its aria-label (src/wasm/canvas.rs), so the page's
// setAttribute calls on the canvas are the record of what was painted and when:
//   - first slice paint: milliseconds from navigation start to the slice's painting;
//   - heatmap paints before it: how many paintings came first (the heatmap the slice is read
//     from, painted and at once painted over, before the slice package drew slices alone);
//   - new SweepFigure: then, in the same page, the slice package's constructor drawing the slice
//     on a canvas of its own at the explorer's width (median of 20): what the drawing itself
//     costs, without the fetches.
// Medians with min and max. A benchmark, not a test: nothing fails on a slow result.
//
//   node bench/slice-paint.mjs [--runs N] [--root DIR]   (DIR: a www/ to serve, default this one)

import os from "node:os";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { startServer } from "../.ci/serve.mjs";
import { chromiumArgs } from "../tests/e2e/browser.mjs";

const { values } = parseArgs({ options: { runs: { type: "string", default: "10" }, root: { type: "string" } } });
const runs = Number(values.runs);
const LINK = "#dataset=kv-cache-sweep&chart=slice&along=y&across=best";

/** Records every aria-label set on the figure canvas, with the time. */
function recordPaintings() {
  window.__paintings = [];
  const set = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    if (this.id === "figure-canvas" && name === "aria-label") window.__paintings.push({ at: performance.now(), label: String(value) });
    return set.call(this, name, value);
  };
}

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return `median ${median.toFixed(1)} ms (min ${sorted[0].toFixed(1)}, max ${sorted.at(-1).toFixed(1)})`;
}

const server = await startServer({ port: 0, ...(values.root ? { root: values.root } : {}) });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: chromiumArgs, headless: true });
const firstPaint = [];
const before = [];
const constructed = [];
try {
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(recordPaintings);
    await page.goto(new URL(LINK, server.url).href);
    await page.waitForFunction(() => window.sweepmap?.figure && "sliceSeries" in window.sweepmap.figure, null, { timeout: 60_000 });
    const paintings = await page.evaluate(() => window.__paintings);
    const slice = paintings.findIndex((painting) => / along /.test(painting.label.split(".")[0]));
    firstPaint.push(paintings[slice].at);
    before.push(slice);
    if (run === 0) {
      constructed.push(
        ...(await page.evaluate(async () => {
          const { loadedSlice, sliceDataset } = await import("./lib/sweepmap.js");
          const api = loadedSlice();
          const figure = window.sweepmap.figure;
          const options = { ...figure.options(), width: 1345 };
          const dataset = sliceDataset(window.sweepmap.dataset);
          const canvas = document.createElement("canvas");
          document.body.append(canvas);
          const times = [];
          for (let i = 0; i < 21; i += 1) {
            const start = performance.now();
            new api.SweepFigure(dataset, canvas, options).free();
            if (i > 0) times.push(performance.now() - start);
          }
          canvas.remove();
          return times;
        })),
      );
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`slice link ${LINK}, ${runs} runs, load average ${os.loadavg().map((load) => load.toFixed(1)).join(" ")}`);
console.log(`  first slice paint after navigation start: ${summary(firstPaint)}`);
console.log(`  paintings before the slice's: ${[...new Set(before)].join(", ")}`);
console.log(`  new SweepFigure (slice package, chart "slice"), 20 in one page: ${summary(constructed)}`);
