// End-to-end tests of Parquet in the page (README "Parquet in the page"): a synthetic sweep log of
// 24,000 rows (tests/fixtures/parquet/make_parquet.py, run here into a temporary directory with the
// .venv's DuckDB), opened as Parquet, is reduced in DuckDB-wasm to its configuration table and
// drawn with the same cells, counts and standard errors as the same rows opened as CSV; at an
// address it is read with HTTP range requests, fewer bytes than the file; the SQL the page runs is
// the text the Python package's `reduce` runs (python/src/sweepmap/reduction.sql, filled by each);
// Cancel and a file DuckDB cannot use keep what was shown. Every response carries the strict CSP
// (.ci/serve.mjs strictCsp): DuckDB's worker and wasm run under it.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { openPage, shownDataset } from "./browser.mjs";
import { cancelBigLoad } from "./big-file.mjs";
import { assertClose, assertSameCells, describeShown, elementCells, elementsDone, makeSweepLogs, openElementPage, openLocal, startFixtureSession } from "./duckdb-page.mjs";

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const python = path.join(repository, ".venv", "bin", "python");

let session;
let directory;
let parquetFile;
let csvFile;
/** Bytes of the Parquet fixture served, per response: { range, bytes }. */
const served = [];

before(async () => {
  directory = await makeSweepLogs("sweepmap-parquet-");
  parquetFile = path.join(directory, "synthetic-sweep-log.parquet");
  csvFile = path.join(directory, "synthetic-sweep-log.csv");
  session = await startFixtureSession(directory, served);
});
after(async () => {
  await session?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

describe("Parquet in the page", { timeout: 600_000 }, () => {
  test("a local Parquet file is reduced in DuckDB-wasm and drawn as its rows opened as CSV are", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    const requests = [];
    page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    await shownDataset(page);
    const shown = await openLocal(page, parquetFile);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "synthetic-sweep-log.parquet");
    assert.ok(shown.notices.includes("Reduced in DuckDB-wasm, in this tab, from 24,000 rows to 24 configurations."), shown.notices.join("\n"));
    assert.deepEqual(requests.filter((url) => url.startsWith("/duckdb/")).sort(), [
      "/duckdb/duckdb-browser-eh.worker.js",
      "/duckdb/duckdb-browser.js",
      "/duckdb/duckdb-eh.wasm",
      "/duckdb/reduction.sql",
    ]);
    const reduced = await describeShown(page);
    assert.equal(reduced.format, "configuration");
    assert.equal(reduced.runs, 24);

    const whole = await openLocal(page, csvFile);
    assert.equal(whole.error, null);
    assert.equal(whole.title, "synthetic-sweep-log.csv");
    const raw = await describeShown(page);
    assert.equal(raw.runs, 24000);
    assert.deepEqual(reduced.view, raw.view);
    assert.ok(reduced.cells.length >= 12, `${reduced.cells.length} cells`);
    // The same value, count of runs, standard deviation and text at every cell, and its colour.
    assertSameCells(reduced.cells, raw.cells);
    // Each cell's count is its configuration's seeds with an accuracy (a missing one not counted).
    assert.ok(reduced.cells.every((cell) => cell.info.count > 950 && cell.info.count <= 1000), reduced.cells.map((cell) => cell.info.count).join(" "));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the SQL the page runs is the text the Python package's reduce runs, for the same roles", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    await openLocal(page, parquetFile);
    const reduced = await page.evaluate(() => window.sweepmap.reduced);
    assert.deepEqual(reduced.roles, { keys: ["model", "lr", "wd"], metrics: ["acc", "loss"] });
    assert.equal(reduced.rows, 24000);
    assert.equal(reduced.configurations, 24);
    // The page's filler and Python's, on the roles the page inferred and on names that need
    // quoting, with no grouping column, and for per-item scores with and without a group.
    const cases = [
      { statement: "configurations", keys: reduced.roles.keys, columns: { metric: reduced.roles.metrics } },
      { statement: "configurations", keys: ['we"ird', "lr"], columns: { metric: ["pass@1", "val/acc"] } },
      { statement: "configurations", keys: [], columns: { metric: ["acc"] } },
      { statement: "item scores", keys: ["task", "model", "item"], columns: { score: ["score"] } },
      { statement: "item scores", keys: ["model", "doc_id"], columns: { score: ["acc"] } },
    ];
    const fromPage = await page.evaluate(async (cases) => {
      const { fillReduction } = await import("./lib/reduce.js");
      const sql = await (await fetch("duckdb/reduction.sql")).text();
      return cases.map(({ statement, keys, columns }) => fillReduction(sql, statement, keys, columns));
    }, cases);
    const script = [
      "import json, sys",
      "from sweepmap._reduce import PairwiseRoles, Roles, pairwise_reduction_sql, reduction_sql",
      "out = []",
      "for case in json.load(sys.stdin):",
      "    keys = case['keys']",
      "    if case['statement'] == 'configurations':",
      "        out.append(reduction_sql(Roles(tuple(keys), tuple(case['columns']['metric']))))",
      "    else:",
      "        group = keys[0] if len(keys) == 3 else None",
      "        out.append(pairwise_reduction_sql(PairwiseRoles(keys[-1], keys[-2], case['columns']['score'][0], group)))",
      "print(json.dumps(out))",
    ].join("\n");
    const child = execFile(python, ["-c", script]);
    child.stdin.end(JSON.stringify(cases));
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    await new Promise((resolve, reject) => child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`python exited ${code}`)))));
    const fromPython = JSON.parse(output);
    assert.deepEqual(fromPage, fromPython);
    // What the page ran for the fixture is the first of them.
    assert.equal(reduced.sql, fromPython[0]);
    assert.equal(
      reduced.sql,
      'SELECT "model",\n       "lr",\n       "wd",\n       count(*) AS "n",\n' +
        '       count(CAST("acc" AS DOUBLE)) AS "acc.n",\n       avg(CAST("acc" AS DOUBLE)) AS "acc.mean",\n       var_samp(CAST("acc" AS DOUBLE)) AS "acc.var",\n' +
        '       count(CAST("loss" AS DOUBLE)) AS "loss.n",\n       avg(CAST("loss" AS DOUBLE)) AS "loss.mean",\n       var_samp(CAST("loss" AS DOUBLE)) AS "loss.var"\n' +
        'FROM runs\nGROUP BY "model", "lr", "wd"\nORDER BY "model" NULLS LAST, "lr" NULLS LAST, "wd" NULLS LAST',
    );
    // The file the page fetched is the Python package's.
    assert.equal(await page.evaluate(async () => (await fetch("duckdb/reduction.sql")).text()), await readFile(path.join(repository, "python/src/sweepmap/reduction.sql"), "utf8"));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a Parquet file at an address is read with range requests: fewer bytes than the file", async () => {
    served.length = 0;
    const size = (await stat(parquetFile)).size;
    const { page, context, problems } = await openPage(session, `#src=${encodeURIComponent("fixtures/synthetic-sweep-log.parquet")}`);
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "synthetic-sweep-log.parquet");
    assert.ok(shown.notices.includes("Reduced in DuckDB-wasm, in this tab, from 24,000 rows to 24 configurations."), shown.notices.join("\n"));
    const reduced = await page.evaluate(() => window.sweepmap.reduced);
    assert.deepEqual(reduced.roles, { keys: ["model", "lr", "wd"], metrics: ["acc", "loss"] });
    const fetched = served.reduce((sum, response) => sum + response.bytes, 0);
    console.log(`Parquet at an address: ${fetched} of ${size} bytes fetched in ${served.length} responses: ${JSON.stringify(served)}`);
    assert.ok(served.some((response) => response.status === 206 && response.range), JSON.stringify(served));
    assert.ok(served.every((response) => response.status !== 200 || response.method === "HEAD"), JSON.stringify(served));
    assert.ok(fetched < size, `${fetched} bytes fetched of a file of ${size}`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("Cancel while DuckDB reduces keeps what was shown, and the next Parquet file opens", async () => {
    const { page, problems } = await cancelBigLoad(session, parquetFile, { when: "Reducing 24,000 rows in DuckDB" });
    const shown = await openLocal(page, parquetFile);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "synthetic-sweep-log.parquet");
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("a Parquet file with no column of numbers, and a file that is not Parquet, say so and keep what was shown", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    const before = await shownDataset(page);
    let shown = await openLocal(page, path.join(directory, "synthetic-no-numbers.parquet"));
    assert.equal(
      shown.error,
      'Could not open "synthetic-no-numbers.parquet": no column can be the metric; expected a column of numbers to draw; the columns are "model", "setting" (read from its 3 rows)',
    );
    assert.equal(shown.title, before.title);
    const fake = path.join(directory, "not-really.parquet");
    await writeFile(fake, "lr,acc\n0.1,0.5\n");
    shown = await openLocal(page, fake);
    assert.match(shown.error, /^Could not open "not-really\.parquet": DuckDB cannot read it as Parquet \(.+\): check that it is a Parquet file, or open the data as CSV$/);
    assert.equal(shown.title, before.title);
    // Several files with a Parquet one among them: one at a time.
    await page.setInputFiles("#file-input", [parquetFile, csvFile]);
    await page.waitForFunction(() => document.getElementById("error-banner").textContent.includes("one Parquet file at a time"));
    shown = await shownDataset(page);
    assert.equal(
      shown.error,
      'Could not open the 2 files "synthetic-sweep-log.parquet", "synthetic-sweep-log.csv" together: open one Parquet file at a time (each is reduced on its own in DuckDB-wasm).',
    );
    assert.equal(shown.title, before.title);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a per-sample log in Parquet becomes per-item scores, those python -m sweepmap reduce writes", async () => {
    const samples = path.join(directory, "synthetic-samples.parquet");
    const scores = path.join(directory, "synthetic-samples-reduced.csv");
    await promisify(execFile)(python, ["-m", "sweepmap", "reduce", samples, "-o", scores]);
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    const describe = () =>
      page.evaluate(() => {
        const { dataset, kind } = window.sweepmap;
        const models = dataset.models();
        const pairs = models.flatMap((a, index) => models.slice(index + 1).map((b) => dataset.comparePair(a, b)));
        return { kind, models, groups: dataset.groups(), items: dataset.itemCount(), score: dataset.scoreName(), group: dataset.groupName(), pairs };
      });
    let shown = await openLocal(page, samples);
    assert.equal(shown.error, null);
    assert.ok(shown.notices.includes("Reduced in DuckDB-wasm, in this tab, from 540 rows to 180 item scores."), shown.notices.join("\n"));
    const reduced = await page.evaluate(() => window.sweepmap.reduced);
    assert.deepEqual(reduced.roles, { keys: ["task", "model", "question"], score: "correct" });
    const fromPage = await describe();
    assert.equal(fromPage.kind, "pairwise");
    assert.deepEqual(fromPage.models, ["synthetic-model-a", "synthetic-model-b", "synthetic-model-c"]);
    assert.equal(fromPage.items, 60);
    shown = await openLocal(page, scores);
    assert.equal(shown.error, null);
    const fromPython = await describe();
    assertClose(fromPage, fromPython, "per-item scores");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a local Parquet file's sample is windows of rows spread over it, so a file sorted by model shows every model", async () => {
    // 20,000 rows sorted by model (made up): its first 1,000 rows are all of one model.
    const sorted = path.join(directory, "synthetic-sorted.parquet");
    await promisify(execFile)(python, [
      "-c",
      "import duckdb, sys; duckdb.sql(\"SELECT 'synthetic-' || (i // 10000) AS model, 0.001 * (1 + i % 4) AS lr, 16 * (1 + (i // 4) % 3) AS bs, (i // 12) % 5 AS seed, ((i * 7919) % 1000) / 1000.0 AS acc FROM range(20000) t(i) ORDER BY i\").write_parquet(sys.argv[1], row_group_size=2048)",
      sorted,
    ]);
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    const query = await page.evaluate(async () => {
      const { sampleQuery } = await import("./lib/reduce.js");
      return sampleQuery({ fileName: "source-1.parquet", format: "parquet", local: true, rows: 20000 });
    });
    const windows = [...query.matchAll(/file_row_number BETWEEN (\d+) AND (\d+)/g)].map((match) => [Number(match[1]), Number(match[2])]);
    assert.deepEqual(windows, [0, 2500, 5000, 7500, 10000, 12500, 15000, 17500].map((start) => [start, start + 124]));
    const shown = await openLocal(page, sorted);
    assert.equal(shown.error, null);
    assert.ok(shown.notices.includes("Reduced in DuckDB-wasm, in this tab, from 20,000 rows to 24 configurations."), shown.notices.join("\n"));
    const reduced = await page.evaluate(() => window.sweepmap.reduced);
    assert.deepEqual(reduced.roles, { keys: ["model", "lr", "bs"], metrics: ["acc"] });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("an Arrow IPC file (Feather 2, by name or by its magic) is reduced as its Parquet is; a compressed one is refused with the way out", async () => {
    const arrow = path.join(directory, "synthetic-sweep-log.feather");
    const unnamed = path.join(directory, "synthetic-sweep-log-ipc.bin");
    const compressed = path.join(directory, "synthetic-sweep-log-lz4.arrow");
    await promisify(execFile)(python, [
      "-c",
      "import sys, pyarrow.parquet as pq, pyarrow.feather as feather; table = pq.read_table(sys.argv[1]); feather.write_feather(table, sys.argv[2], compression='uncompressed'); feather.write_feather(table, sys.argv[3], compression='uncompressed'); feather.write_feather(table, sys.argv[4], compression='lz4')",
      parquetFile,
      arrow,
      unnamed,
      compressed,
    ]);
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    // The file picker offers them (by name), as it offers Parquet and JSON lines.
    const accepted = (await page.getAttribute("#file-input", "accept")).split(",");
    for (const extension of [".parquet", ".jsonl", ".arrow", ".feather"]) assert.ok(accepted.includes(extension), `${extension} in ${accepted}`);
    await shownDataset(page);
    let shown = await openLocal(page, parquetFile);
    assert.equal(shown.error, null);
    const fromParquet = await describeShown(page);
    for (const file of [arrow, unnamed]) {
      shown = await openLocal(page, file);
      assert.equal(shown.error, null, file);
      assert.equal(shown.title, path.basename(file));
      assert.ok(shown.notices.includes("Reduced in DuckDB-wasm, in this tab, from 24,000 rows to 24 configurations."), shown.notices.join("\n"));
      const fromArrow = await describeShown(page);
      assert.equal(fromArrow.runs, 24);
      assert.deepEqual(fromArrow.view, fromParquet.view);
      assertSameCells(fromArrow.cells, fromParquet.cells);
    }
    const before = shown.title;
    shown = await openLocal(page, compressed);
    assert.match(
      shown.error,
      /^Could not open "synthetic-sweep-log-lz4\.arrow": DuckDB-wasm cannot read it as Arrow IPC \(.*lz4.*\): the page reads uncompressed Arrow IPC files \(Feather 2\); write it without compression \(pyarrow\.feather\.write_feather\(table, path, compression="uncompressed"\)\) or as Parquet$/,
    );
    assert.equal(shown.title, before, "what was shown stays");
    // DuckDB starts again for the next file.
    shown = await openLocal(page, arrow);
    assert.equal(shown.error, null);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a configuration table past what a tab holds because of a number column is binned in DuckDB as the run table bins it: Python's SQL, Python's cells, the raw rows' bins", async () => {
    // 1,200,000 rows (made up): two models, a learning rate log-uniform over three decades and
    // different on every row, a weight decay of three values, an accuracy missing on every 97th
    // row (python/tests/test_bins_reduce.py's log, with the weight decay).
    const wide = path.join(directory, "synthetic-continuous.parquet");
    const script = [
      "import json, sys",
      "import duckdb, numpy as np",
      "from sweepmap._reduce import DuckDBEngine, reduce",
      "from sweepmap._bins import spanning",
      "rows = 1200000",
      "duckdb.sql(f\"SELECT 'synthetic-' || (i % 2) AS model, 1e-4 * pow(1000, ((i * 7919) % {rows}) / {rows}.0) AS lr, 0.5 * (i % 3) AS wd, CASE WHEN i % 97 = 0 THEN NULL ELSE ((i * 104729) % 1000) / 1000.0 END AS acc FROM range({rows}) t(i)\").write_parquet(sys.argv[1])",
      "reduction = reduce(DuckDBEngine.of_files([sys.argv[1]]))",
      // What the run table makes of the raw rows: its bins of lr, each row in the bin bins.index gives.
      "raw = duckdb.sql(f\"SELECT * FROM '{sys.argv[1]}'\").df()",
      "bins = spanning(float(raw['lr'].min()), float(raw['lr'].max()))",
      "edges = np.array([float(e) for e in bins.edges])",
      "raw['bin'] = [bins.labels[i] for i in np.clip(np.searchsorted(edges, raw['lr'].to_numpy(), side='right') - 1, 0, len(bins.labels) - 1)]",
      "cells = [{'model': m, 'wd': float(w), 'lr': b, 'count': int(g['acc'].count()), 'mean': float(g['acc'].mean()), 'sd': float(g['acc'].std())} for (m, w, b), g in raw.groupby(['model', 'wd', 'bin'])]",
      "print(json.dumps({'sql': reduction.sql, 'csv': reduction.to_csv(), 'note': reduction.note, 'cells': cells}))",
    ].join("\n");
    const fromPython = JSON.parse((await promisify(execFile)(python, ["-c", script, wide], { maxBuffer: 1 << 26 })).stdout);
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    const shown = await openLocal(page, wide);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "synthetic-continuous.parquet");
    assert.ok(
      shown.notices.includes(
        'Reduced in DuckDB-wasm, in this tab, from 1,200,000 rows to 36 configurations. "lr" binned into 6 log-spaced ranges in DuckDB, as the run table bins it; a cell pools the runs of its range (their mean), and no cell shows a best run.',
      ),
      shown.notices.join("\n"),
    );
    assert.match(fromPython.note, /^reduced in DuckDB from 1,200,000 rows to 36 configurations; "lr" binned into 6 log-spaced ranges in DuckDB/);
    // The SQL the page ran is Python's, filled with the same bins.
    const reduced = await page.evaluate(() => window.sweepmap.reduced);
    assert.deepEqual(reduced.roles, { keys: ["model", "lr", "wd"], metrics: ["acc"] });
    assert.equal(reduced.configurations, 36);
    assert.equal(reduced.sql, fromPython.sql);
    assert.ok(reduced.sql.includes(`WHEN CAST("lr" AS DOUBLE) < CAST('3e-4' AS DOUBLE) THEN '1e-4\u20133e-4'`), reduced.sql);
    const binned = await describeShown(page);
    // A binned cell pools the runs of its range: no "best run" to offer for it.
    assert.equal(await page.evaluate(() => document.getElementById("table-bins").closest(".field").hidden), true);
    // Every cell is the raw rows' cell of its model, weight decay and bin: count, mean, standard
    // deviation.
    // The default view: lr by wd, a model's panel (mean of the runs in each bin).
    assert.deepEqual(binned.view, { metric: "acc", direction: "higher", x: "wd", y: "lr", others: {}, bins: "mean" });
    assert.equal(binned.cells.length, 18);
    for (const { info } of binned.cells) {
      const [lr, wd] = info.xName === "lr" ? [info.xLabel, info.yLabel] : [info.yLabel, info.xLabel];
      const model = info.model;
      const expected = fromPython.cells.find((cell) => cell.model === model && cell.lr === lr && cell.wd === Number(wd));
      assert.ok(expected, JSON.stringify(info));
      assert.equal(info.count, expected.count);
      assertClose(info.value, expected.mean, `${model} ${lr}`);
      assert.ok(Math.abs(info.stdDev - expected.sd) <= 1e-9 * expected.sd, `${model} ${lr}: ${info.stdDev} vs ${expected.sd}`);
    }
    // And the figure is the one Python's configuration table opens to, cell for cell.
    const written = path.join(directory, "synthetic-continuous-runs.csv");
    await writeFile(written, fromPython.csv);
    assert.equal((await openLocal(page, written)).error, null);
    const fromCsv = await describeShown(page);
    assert.deepEqual(binned.view, fromCsv.view);
    assert.equal(binned.cells.length, fromCsv.cells.length);
    // (DuckDB-wasm 0.9 and Python's DuckDB 2 sum in another order: the means differ in their
    // last digit, so the full-precision text is left out and the numbers compared to 12 digits.)
    const rounded = ({ exactLabel, tooltip, ...info }) => ({ ...info, tooltip: tooltip.filter((row) => row.term !== "Value") });
    binned.cells.forEach((cell, index) => {
      assertClose(rounded(cell.info), rounded(fromCsv.cells[index].info), `cell ${index}`);
      assert.deepEqual(cell.colour, fromCsv.cells[index].colour, `the colour of cell ${index}`);
    });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a configuration table past what a tab holds that binning cannot bring under it is refused before DuckDB collects it, with the count and the column", async () => {
    // 2,400,000 rows (made up): a text column of 1,200,000 values, each on two rows (the
    // sample's windows at rows 0 and 1,200,000 meet them twice: a parameter), and a learning rate
    // binned into 10 ranges: still 2,400,000 configurations.
    const wide = path.join(directory, "synthetic-unbinnable.parquet");
    await promisify(execFile)(python, [
      "-c",
      "import duckdb, sys; duckdb.sql(\"SELECT 'c' || (i % 1200000) AS config, 1e-4 * (1 + i / 2400000) AS lr, ((i * 7919) % 1000) / 1000.0 AS acc FROM range(2400000) t(i)\").write_parquet(sys.argv[1])",
      wide,
    ]);
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    const before = await shownDataset(page);
    const shown = await openLocal(page, wide);
    assert.equal(
      shown.error,
      'Could not open "synthetic-unbinnable.parquet": its configuration table would have 2,400,000 rows even with "lr" binned into 10 ranges; a browser tab holds 1,000,000: "config" has 1,200,000 values. Bin it before opening the file (e.g. round it in the query that writes it), or reduce it with python -m sweepmap reduce --ignore "config" (README "Larger than a tab")',
    );
    assert.equal(shown.title, before.title);
    // The limit is the core's own (MAX_RUNS, in its message for too many runs).
    const limit = await page.evaluate(async () => (await (await import("./lib/sweepmap.js")).loadImportersApi()).reductionLimit("sweep"));
    const { SweepCsvLoader } = await import("../../www/pkg/sweepmap.js").then(async (module) => {
      module.initSync({ module: await readFile(path.join(repository, "www/pkg/sweepmap_bg.wasm")) });
      return module;
    });
    const loader = new SweepCsvLoader(undefined);
    loader.push(`lr,wd,bs,acc\n${"1,2,3,0.5\n2,1,4,0.25\n".repeat(Math.ceil((limit + 1) / 2))}`);
    let message = "";
    assert.throws(() => loader.finishInput(), /cannot tell which column is the x or y axis/);
    try {
      // Opened as a run table, as the page does: more runs than it holds.
      while (typeof loader.openStep(10_000_000, undefined) === "number");
    } catch (error) {
      message = error.message;
    }
    loader.free();
    assert.match(message, new RegExp(`the limit is ${limit.toLocaleString("en")} \\(what a browser tab holds\\)`));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("<sweep-map> with a CSV src never fetches DuckDB", async () => {
    const { page, context, problems, requests } = await openElementPage(session, directory, '<sweep-map id="csv" src="synthetic-sweep-log.csv"></sweep-map>');
    const done = await elementsDone(page, ["csv"]);
    assert.equal(done.csv.error, undefined, done.csv.error);
    assert.equal(done.csv.reduced, null);
    assert.deepEqual(requests.filter((url) => url.includes("/duckdb/") || url.endsWith("/reduce.js")), []);
    assert.ok(requests.includes("/fixtures/synthetic-sweep-log.csv"), requests.join(" "));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("<sweep-map src=....parquet> draws the reduced table: the cells of the same rows as CSV", async () => {
    served.length = 0;
    const size = (await stat(parquetFile)).size;
    const { page, context, problems, requests } = await openElementPage(session, directory, 
      '<sweep-map id="parquet" src="synthetic-sweep-log.parquet"></sweep-map><sweep-map id="csv" src="synthetic-sweep-log.csv"></sweep-map>',
    );
    const done = await elementsDone(page, ["parquet", "csv"]);
    assert.equal(done.parquet.error, undefined, done.parquet.error);
    assert.equal(done.csv.error, undefined, done.csv.error);
    assert.deepEqual(done.parquet.reduced, {
      rows: 24000,
      configurations: 24,
      note: "Reduced in DuckDB-wasm, in this tab, from 24,000 rows to 24 configurations.",
    });
    assert.deepEqual(done.parquet.panels, done.csv.panels);
    // DuckDB fetched once, the Parquet file read in ranges (never whole).
    assert.deepEqual(requests.filter((url) => url.startsWith("/duckdb/")).sort(), [
      "/duckdb/duckdb-browser-eh.worker.js",
      "/duckdb/duckdb-browser.js",
      "/duckdb/duckdb-eh.wasm",
      "/duckdb/reduction.sql",
    ]);
    assert.ok(served.every((response) => response.status !== 200 || response.method === "HEAD"), JSON.stringify(served));
    assert.ok(served.reduce((sum, response) => sum + response.bytes, 0) < size, JSON.stringify(served));
    const reduced = await elementCells(page, "parquet");
    const raw = await elementCells(page, "csv");
    assert.ok(reduced.length >= 12, `${reduced.length} cells`);
    assertSameCells(reduced, raw);
    assert.ok(reduced.every((cell) => cell.info.count > 950 && cell.info.count <= 1000), reduced.map((cell) => cell.info.count).join(" "));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("<sweep-map> with a Parquet src DuckDB cannot read says so inside the element", async () => {
    await writeFile(path.join(directory, "not-really-either.parquet"), "lr,acc\n0.1,0.5\n");
    const { page, context, problems } = await openElementPage(session, directory, '<sweep-map id="fake" src="not-really-either.parquet"></sweep-map>');
    const done = await elementsDone(page, ["fake"]);
    assert.match(
      done.fake.error,
      /^could not reduce "not-really-either\.parquet" in DuckDB-wasm: DuckDB cannot read it as Parquet \(.+\): check that it is a Parquet file, or open the data as CSV$/,
    );
    assert.equal(await page.evaluate(() => document.getElementById("fake").shadowRoot.textContent.includes("DuckDB cannot read it as Parquet")), true);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a share link carries the configuration table, which opens elsewhere without DuckDB", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    await openLocal(page, parquetFile);
    const reduced = await describeShown(page);
    await page.click("#copy-link");
    await page.waitForFunction(() => document.getElementById("link-output").value !== "");
    const link = await page.evaluate(() => document.getElementById("link-output").value);
    assert.match(link, /[#&]data=[\w-]+/);
    assert.match(link, /[#&]name=synthetic-sweep-log\.parquet/);
    const elsewhere = await openPage(session, "about:blank");
    const requests = [];
    elsewhere.page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    await elsewhere.page.goto(link);
    const shown = await shownDataset(elsewhere.page);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "synthetic-sweep-log.parquet");
    const opened = await describeShown(elsewhere.page);
    assert.equal(opened.format, "configuration");
    assert.deepEqual(opened.view, reduced.view);
    assert.deepEqual(opened.cells, reduced.cells);
    assert.deepEqual(requests.filter((url) => url.startsWith("/duckdb/")), [], "DuckDB is not needed to open the link");
    assert.deepEqual(elsewhere.problems, []);
    await elsewhere.context.close();
    assert.deepEqual(problems, []);
    await context.close();
  });
});
