// The scrub benchmark: how fast the explorer redraws a run table when a fixed parameter's
// slider moves. A synthetic table of 10 000 runs over 10 parameters (bench/scrub-table.mjs) is
// opened in the explorer (www/, served by .ci/serve.mjs) through its file input, in Debian's
// headless Chromium with the end-to-end tests' flags, and viewed at p1 (x) by p0 (y), p2 fixed
// (8 values: its slider), p3 to p9 averaged (mean), so each cell holds about 12 runs. Then, for
// every step (p2's next value, round and round):
//   - project: `table.project(view)` alone;
//   - project + redraw: `table.project(view)`, `projection.dataset()` and
//     `figure.setDataset(dataset, options)` on a figure of its own (960 CSS px, pixel ratio 1):
//     script time, what one change costs through the JavaScript API;
//   - explorer, the redraw's share of its frame: the page redraws in the animation frame after
//     the slider's input event (its figure, observations and controls), as scrubbing does; the
//     time from that frame's start to the figure redrawn, which must stay under a frame
//     (16.7 ms at 60 Hz) for scrubbing to keep up;
//   - explorer, input to painted frame: the slider's input event to the frame after the redraw
//     (painted), so it holds the wait for the next frame too: about one to two frames when the
//     redraw fits in one.
// Medians with min and max over every step. A benchmark, not a test: nothing fails on a slow
// result.
//
//   node bench/scrub.mjs [--steps N] [--no-write]     (npm run bench runs it after bench/run.mjs)

import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { startServer } from "../.ci/serve.mjs";
import { chromiumArgs } from "../tests/e2e/browser.mjs";
import { SCRUB_PARAMETERS, scrubTableCsv } from "./scrub-table.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

const { values: args } = parseArgs({
  options: {
    steps: { type: "string", default: "64" },
    "no-write": { type: "boolean", default: false },
  },
});
const steps = Number.parseInt(args.steps, 10);
if (!(steps >= 1)) {
  console.error("bench: --steps must be at least 1");
  process.exit(2);
}

const AVERAGED = SCRUB_PARAMETERS.slice(3).map(([name]) => name);
const SCRUBBED = SCRUB_PARAMETERS[2];

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], samples };
}

const loadBefore = os.loadavg()[0];
const server = await startServer({ port: 0 });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: chromiumArgs, headless: true });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${server.url}#dataset=kv-cache-sweep`);
  await page.waitForFunction(() => (window.sweepmap?.renders ?? 0) > 0);
  const text = scrubTableCsv();
  const opened = await page.evaluate(() => window.sweepmap.renders);
  await page.setInputFiles("#file-input", { name: "synthetic-scrub-table.csv", mimeType: "text/csv", buffer: Buffer.from(text) });
  await page.waitForFunction((count) => window.sweepmap.renders > count, opened);
  const runs = await page.evaluate(() => window.sweepmap.table.runs());
  // The view: the default axes (p1 by p0, the earlier column on y; checked), p2 fixed, the
  // others averaged.
  const axes = await page.evaluate(() => [document.getElementById("table-x").value, document.getElementById("table-y").value]);
  if (axes.join() !== "p1,p0") throw new Error(`the default axes are ${axes.join(" by ")}, not p1 by p0`);
  for (const name of AVERAGED) {
    const id = await page.evaluate((name) => {
      const field = [...document.querySelectorAll("#table-fields .field-parameter")].find((box) => box.querySelector("label").textContent === name);
      return `#${field.querySelector("select").id}`;
    }, name);
    const count = await page.evaluate(() => window.sweepmap.renders);
    await page.selectOption(id, "mean");
    await page.waitForFunction((count) => window.sweepmap.renders > count, count);
  }
  const shows = await page.evaluate(() => window.sweepmap.dataset.shows());

  // Through the API: the page's table, a figure of its own.
  const api = await page.evaluate(async ({ steps, name, values }) => {
    const { load } = await import(new URL("lib/sweepmap.js", location.href).href);
    const wasm = await load();
    const table = window.sweepmap.table;
    const view = window.sweepmap.projection.view();
    const canvas = document.createElement("canvas");
    document.body.append(canvas);
    const options = { width: 960, pixelRatio: 1 };
    const first = table.project(view);
    let dataset = first.dataset();
    first.free();
    const figure = new wasm.SweepFigure(dataset, canvas, options);
    const project = [];
    const redraw = [];
    for (let step = 0; step < steps; step += 1) {
      const others = { ...view.others, [name]: { fixed: String(values[(step + 1) % values.length]) } };
      let start = performance.now();
      table.project({ ...view, others }).free();
      project.push(performance.now() - start);
      start = performance.now();
      const projection = table.project({ ...view, others });
      const next = projection.dataset();
      figure.setDataset(next, options);
      redraw.push(performance.now() - start);
      projection.free();
      dataset.free();
      dataset = next;
    }
    figure.free();
    dataset.free();
    canvas.remove();
    return { project, redraw };
  }, { steps, name: SCRUBBED[0], values: SCRUBBED[1] });

  // Through the explorer: the slider.
  const explorer = await page.evaluate(async ({ steps, name }) => {
    const field = [...document.querySelectorAll("#table-fields .field-parameter")].find((box) => box.querySelector("label").textContent === name);
    const slider = field.querySelector('input[type="range"]');
    if (!slider) throw new Error(`${name} has no slider`);
    // Resolves in an animation frame's callbacks with that frame's start (its timestamp).
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const times = [];
    const work = [];
    const positions = Number(slider.max) + 1;
    for (let step = 0; step < steps; step += 1) {
      const before = window.sweepmap.renders;
      const start = performance.now();
      slider.value = String((Number(slider.value) + 1) % positions);
      slider.dispatchEvent(new Event("input", { bubbles: true }));
      // The page's callback (asked for by the input) runs before this one in the same frame:
      // the time since the frame started is the redraw's share of that frame.
      for (;;) {
        const frameStart = await frame();
        if (window.sweepmap.renders !== before) {
          work.push(performance.now() - frameStart);
          break;
        }
      }
      await frame();
      times.push(performance.now() - start);
    }
    return { times, work };
  }, { steps, name: SCRUBBED[0] });
  if (errors.length) throw new Error(errors.join("; "));

  const report = {
    date: new Date().toISOString(),
    machine: { cpu: os.cpus()[0]?.model ?? "unknown", cores: os.cpus().length, chromium: browser.version() },
    table: { runs, parameters: SCRUB_PARAMETERS.length, shows },
    steps,
    project: summary(api.project),
    redraw: summary(api.redraw),
    explorer: summary(explorer.times),
    frame: summary(explorer.work),
    load: { before: loadBefore, after: os.loadavg()[0] },
  };
  const ms = (s) => `${s.median.toFixed(1)} (${s.min.toFixed(1)}-${s.max.toFixed(1)})`;
  const markdown = [
    `Run ${report.date.slice(0, 16).replace("T", " ")} UTC, ${report.machine.cpu} (${report.machine.cores} cores), Chromium ${report.machine.chromium} headless; load average ${report.load.before.toFixed(1)} before, ${report.load.after.toFixed(1)} after.`,
    `Synthetic table (bench/scrub-table.mjs): ${runs} runs, ${SCRUB_PARAMETERS.length} parameters; shown: ${shows}. ${steps} changes of p2's value.`,
    "",
    "| step | ms: median (min-max) |",
    "|---|---:|",
    `| project (\`table.project(view)\`) | ${ms(report.project)} |`,
    `| project + redraw (API: project, \`dataset()\`, \`setDataset\`) | ${ms(report.redraw)} |`,
    `| explorer: the redraw's share of its frame (frame start to figure redrawn; a frame is 16.7) | ${ms(report.frame)} |`,
    `| explorer: slider input to painted frame (the next frame's start to paint included) | ${ms(report.explorer)} |`,
    "",
  ].join("\n");
  console.log(markdown);
  if (!args["no-write"]) {
    await writeFile(path.join(here, "scrub-results.json"), JSON.stringify(report, null, 2) + "\n");
    await writeFile(path.join(here, "scrub-results.md"), markdown);
    console.log("bench: wrote bench/scrub-results.md and bench/scrub-results.json");
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
