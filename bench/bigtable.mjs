// The big run-table benchmark: how long the explorer's main thread is busy without a break while
// it opens a local CSV over 4 MB that loads in slices and opens as a run table (a synthetic W&B
// export of 40,960 runs, about 6.5 MB, written by tests/e2e/synthetic-wandb.mjs). The page is
// the explorer (www/, served by .ci/serve.mjs) in Debian's headless Chromium with the end-to-end
// tests' flags; the file goes through its file input. A PerformanceObserver for "longtask"
// entries (tasks of 50 ms or more) runs from before the page's scripts; each long task is told
// with the progress text shown when it began (which step of the load it was), and the whole load
// is timed from the file's choice to the figure drawn. Rounds are repeated (--rounds) on fresh
// pages. A benchmark, not a test: nothing fails on a slow result; the machine it runs on may be
// shared, so say so with any number quoted.
//
//   node bench/bigtable.mjs [--rounds N]

import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { startServer } from "../.ci/serve.mjs";
import { chromiumArgs } from "../tests/e2e/browser.mjs";
import { RUNS, writeSyntheticWandb } from "../tests/e2e/synthetic-wandb.mjs";

const { values: args } = parseArgs({ options: { rounds: { type: "string", default: "3" } } });
const rounds = Number.parseInt(args.rounds, 10);
if (!(rounds >= 1)) {
  console.error("bench: --rounds must be at least 1");
  process.exit(2);
}

/** Runs in the page before its scripts: long tasks and the progress texts, with their times. */
function observe() {
  const record = { tasks: [], texts: [] };
  window.bigTableBench = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  document.addEventListener("DOMContentLoaded", () => {
    const text = document.getElementById("load-progress-text");
    new MutationObserver(() => {
      if (text.textContent) record.texts.push({ at: performance.now(), text: text.textContent });
    }).observe(text, { childList: true, characterData: true, subtree: true });
  });
}

const directory = await mkdtemp(path.join(os.tmpdir(), "sweepmap-bench-bigtable-"));
const file = path.join(directory, "synthetic-wandb-big.csv");
const bytes = await writeSyntheticWandb(file);
const server = await startServer({ port: 0 });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: chromiumArgs, headless: true });
try {
  console.log(`bigtable: ${bytes} bytes, ${RUNS} runs; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  for (let round = 1; round <= rounds; round += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.setDefaultTimeout(180_000);
    await page.addInitScript(observe);
    await page.goto(`${server.url}#dataset=kv-cache-sweep`);
    await page.waitForFunction(() => (window.sweepmap?.renders ?? 0) > 0);
    const before = await page.evaluate(() => {
      window.bigTableBench.tasks = [];
      return { renders: window.sweepmap.renders, at: performance.now() };
    });
    await page.setInputFiles("#file-input", file);
    await page.waitForFunction((count) => window.sweepmap.renders > count, before.renders, { polling: 100 });
    // Long tasks are reported after they end: give the observer a turn.
    await page.waitForTimeout(200);
    const seen = await page.evaluate(() => ({ ...window.bigTableBench, now: performance.now(), format: window.sweepmap.table?.format() }));
    const started = seen.texts[0]?.at ?? before.at;
    const stepAt = (time) => seen.texts.filter((entry) => entry.at <= time).at(-1)?.text ?? "(before the first progress)";
    const tasks = seen.tasks.filter((task) => task.start >= before.at).sort((a, b) => b.duration - a.duration);
    const longest = tasks[0];
    console.log(
      `round ${round}: opened as ${seen.format ?? "a dataset"}; ${tasks.length} long tasks; longest ` +
        `${longest ? `${longest.duration.toFixed(0)} ms during "${stepAt(longest.start)}"` : "none"}; ` +
        `from the first progress to the figure drawn about ${((seen.now - 200 - started) / 1000).toFixed(1)} s`,
    );
    for (const task of tasks.slice(0, 6)) {
      console.log(`  ${task.duration.toFixed(0).padStart(5)} ms  at +${(task.start - started).toFixed(0)} ms  "${stepAt(task.start)}"`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
  await rm(directory, { recursive: true, force: true });
}
