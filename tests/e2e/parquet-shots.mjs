// Screenshots of a Parquet (or JSON lines) file opened in the explorer, reduced in DuckDB-wasm, for
// a person to look at. Needs the built packages and DuckDB-wasm (bash .ci/build) and the .venv
// (bash .ci/setup).
//
//   node tests/e2e/parquet-shots.mjs [folder] [parquet|jsonl]
//       the synthetic sweep log (tests/fixtures/parquet/make_parquet.py) at 1400 and 390 CSS px
//       wide, into folder (default /tmp/shots-parquet); for JSON lines also the progress line
//       while its lines are read (in chunks of 16 kB, so that it shows long enough)

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { openPage, shownDataset, startSession } from "./browser.mjs";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const folder = process.argv[2] ?? "/tmp/shots-parquet";
const format = process.argv[3] ?? "parquet";
mkdirSync(folder, { recursive: true });
const directory = mkdtempSync(path.join(tmpdir(), "sweepmap-parquet-shots-"));
execFileSync(path.join(root, ".venv", "bin", "python"), [path.join(root, "tests", "fixtures", "parquet", "make_parquet.py"), directory]);

const session = await startSession();
try {
  for (const width of [1400, 390]) {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep", { width, height: 900 });
    const before = await shownDataset(page);
    if (format === "jsonl") {
      await page.evaluate(async () => {
        (await import("./lib/jsonlines.js")).JSON_LINES.chunkBytes = 16 * 1024;
      });
    }
    await page.setInputFiles("#file-input", path.join(directory, `synthetic-sweep-log.${format}`));
    if (format === "jsonl") {
      await page.waitForFunction(() => document.getElementById("load-progress-text").textContent.startsWith("Reading its lines into DuckDB: "), null, { timeout: 120_000, polling: 20 });
      await page.screenshot({ path: path.join(folder, `${format}-reading-${width}.png`) });
    }
    await page.waitForFunction((count) => window.sweepmap.renders > count || !document.getElementById("error-banner").hidden, before.renders, { timeout: 120_000, polling: 100 });
    await page.evaluate(() => document.fonts.ready);
    const shown = await shownDataset(page);
    const out = path.join(folder, `${format}-${width}.png`);
    await page.screenshot({ path: out, fullPage: true });
    console.log(`${out}: ${shown.title}; error ${shown.error}; notices ${JSON.stringify(shown.notices)}; problems ${JSON.stringify(problems)}`);
    await context.close();
  }
} finally {
  await session.close();
  rmSync(directory, { recursive: true, force: true });
}
