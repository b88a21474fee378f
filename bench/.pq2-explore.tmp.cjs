const duckdb = require("@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs");
const path = require("path");
(async () => {
  const dist = path.dirname(require.resolve("@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs"));
  const db = await duckdb.createDuckDB({ mvp: { mainModule: path.join(dist, "duckdb-mvp.wasm"), mainWorker: "" }, eh: { mainModule: path.join(dist, "duckdb-eh.wasm"), mainWorker: "" } }, new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
  await db.instantiate();
  const c = db.connect();
  const f = "/tmp/pq2/log10m.parquet";
  const time = (label, sql) => { const t = Date.now(); const r = c.query(sql); console.log(label, Date.now() - t, "ms", r.numRows, JSON.stringify(r.toArray().slice(0, 2).map((x) => x.toJSON()), (k, v) => typeof v === "bigint" ? Number(v) : v)); };
  console.log(c.query("PRAGMA version").toArray().map(r=>r.toJSON()));
  const windows = Array.from({ length: 8 }, (_, k) => Math.floor((k * 10000000) / 8));
  time("windows union", windows.map((start) => `SELECT * FROM read_parquet('${f}', file_row_number=true) WHERE file_row_number BETWEEN ${start} AND ${start + 124}`).join(" UNION ALL "));
  time("windows or", `SELECT * FROM read_parquet('${f}', file_row_number=true) WHERE ` + windows.map((start) => `file_row_number BETWEEN ${start} AND ${start + 124}`).join(" OR "));
  time("offset", `SELECT * FROM read_parquet('${f}') LIMIT 125 OFFSET 8000000`);
  time("reservoir", `SELECT * FROM read_parquet('${f}') USING SAMPLE reservoir(1000 ROWS) REPEATABLE (1)`);
  time("explain", `EXPLAIN SELECT * FROM read_parquet('${f}', file_row_number=true) WHERE file_row_number BETWEEN 5000000 AND 5000124`);
  console.log(c.query(`EXPLAIN SELECT * FROM read_parquet('${f}', file_row_number=true) WHERE file_row_number BETWEEN 5000000 AND 5000124`).toArray().map(r=>r.toJSON().explain_value).join("\n"));
})();
