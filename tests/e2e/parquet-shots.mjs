// Screenshots of a Parquet file opened in the explorer, reduced in DuckDB-wasm, for a person to
// look at. Needs the built packages and DuckDB-wasm (bash .ci/build) and the .venv (bash .ci/setup).
//
//   node tests/e2e/parquet-shots.mjs [folder]   the synthetic sweep log (tests/fixtures/parquet/
//                                               make_parquet.py) at 1400 and 390 CSS px wide, into
//                                               folder (default /tmp/shots-parquet)
//   node tests/e2e/parquet-shots.mjs folder --binned
//                                               a synthetic 1,200,000-row log whose learning rate
//                                               differs on every row, binned in DuckDB (README "Too
//                                               many configurations"; parquet.test.mjs's log, with
//                                               an accuracy that peaks at lr 3e-3, made up)

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { openPage, shownDataset, startSession } from "./browser.mjs";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const folder = process.argv[2] ?? "/tmp/shots-parquet";
const binned = process.argv.includes("--binned");
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
    await page.setInputFiles("#file-input", path.join(directory, name));
    await page.waitForFunction((count) => window.sweepmap.renders > count || !document.getElementById("error-banner").hidden, before.renders, { timeout: 120_000, polling: 100 });
    await page.evaluate(() => document.fonts.ready);
    const shown = await shownDataset(page);
    const out = path.join(folder, `${binned ? "binned" : "parquet"}-${width}.png`);
    await page.screenshot({ path: out, fullPage: true });
    console.log(`${out}: ${shown.title}; error ${shown.error}; notices ${JSON.stringify(shown.notices)}; problems ${JSON.stringify(problems)}`);
    await context.close();
  }
} finally {
  await session.close();
  rmSync(directory, { recursive: true, force: true });
}
