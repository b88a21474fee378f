// Screenshots of a Parquet (or JSON lines) file opened in the explorer, reduced in DuckDB-wasm, for
// a person to look at. Needs the built packages and DuckDB-wasm (bash .ci/build) and the .venv
// (bash .ci/setup).
//
//   node tests/e2e/parquet-shots.mjs [folder] [parquet|jsonl]
//       the synthetic sweep log (tests/fixtures/parquet/make_parquet.py) at 1400 and 390 CSS px
//       wide, into folder (default /tmp/shots-parquet); for JSON lines also the progress line
//       while its lines are read (in chunks of 16 kB, so that it shows long enough)
//   node tests/e2e/parquet-shots.mjs folder --binned
//       a synthetic 1,200,000-row log whose learning rate differs on every row, binned in DuckDB
//       (README "Too many configurations"; parquet.test.mjs's log, with an accuracy that peaks at
//       lr 3e-3, made up)

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { openPage, shownDataset, startSession } from "./browser.mjs";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const folder = process.argv[2] ?? "/tmp/shots-parquet";
const binned = process.argv.includes("--binned");
const format = binned ? "parquet" : (process.argv[3] ?? "parquet");
mkdirSync(folder, { recursive: true });
const directory = mkdtempSync(path.join(tmpdir(), "sweepmap-parquet-shots-"));
const python = path.join(root, ".venv", "bin", "python");
const name = binned ? "synthetic-continuous.parquet" : "synthetic-sweep-log.parquet";
if (binned) {
  const rows = 1_200_000;
  const sql = `SELECT 'synthetic-' || (i % 2) AS model, lr, wd, CASE WHEN i % 97 = 0 THEN NULL ELSE 0.8 - 0.1 * abs(log10(lr) + 2.5) + 0.05 * wd + ((i * 104729) % 1000) / 10000.0 END AS acc FROM (SELECT i, 1e-4 * pow(1000, ((i * 7919) % ${rows}) / ${rows}.0) AS lr, 0.5 * (i % 3) AS wd FROM range(${rows}) t(i)) AS r`;
  execFileSync(python, ["-c", "import duckdb, sys; duckdb.sql(sys.argv[1]).write_parquet(sys.argv[2])", sql, path.join(directory, name)]);
} else {
  execFileSync(python, [path.join(root, "tests", "fixtures", "parquet", "make_parquet.py"), directory]);
}

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
    await page.setInputFiles("#file-input", path.join(directory, binned ? name : `synthetic-sweep-log.${format}`));
    if (format === "jsonl") {
      await page.waitForFunction(() => document.getElementById("load-progress-text").textContent.startsWith("Reading its lines into DuckDB: "), null, { timeout: 120_000, polling: 20 });
      await page.screenshot({ path: path.join(folder, `${format}-reading-${width}.png`) });
    }
    await page.waitForFunction((count) => window.sweepmap.renders > count || !document.getElementById("error-banner").hidden, before.renders, { timeout: 120_000, polling: 100 });
    await page.evaluate(() => document.fonts.ready);
    const shown = await shownDataset(page);
    const out = path.join(folder, `${binned ? "binned" : format}-${width}.png`);
    await page.screenshot({ path: out, fullPage: true });
    console.log(`${out}: ${shown.title}; error ${shown.error}; notices ${JSON.stringify(shown.notices)}; problems ${JSON.stringify(problems)}`);
    await context.close();
  }
} finally {
  await session.close();
  rmSync(directory, { recursive: true, force: true });
}
